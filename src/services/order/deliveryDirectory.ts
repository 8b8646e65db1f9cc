import { isApiError } from '../../api/apiError.ts';
import { findBranch, findSettlementByRef, getSettlement, getShopConfigs } from '../../api/delivery.ts';
import type { HttpClient } from '../../api/http.ts';
import { branchDeliverySlugSchema } from '../../api/schemas/delivery.ts';
import type { Branch, DeliveryMethodSlug, Settlement, Shop } from '../../api/schemas/delivery.ts';

/**
 * What an order asks the delivery service (through its contract, src/api/delivery.ts): a city with
 * the methods offered there, a branch of a carrier in it, the pickup points. Each call rejects
 * with an ApiError when the service cannot answer (down, slow); "does not exist" is null.
 */
export interface DeliveryDirectory {
  settlement(id: number): Promise<Settlement | null>;
  /** The settlement of this ref, found by its name (a payload's `city` and `cityRef`); null when none. */
  settlementByRef(name: string, ref: string): Promise<Settlement | null>;
  /** The branch of `slug` with this ref in the settlement; null when it has none. */
  branch(settlementId: number, slug: DeliveryMethodSlug, ref: string): Promise<Branch | null>;
  /** The shop's own shops and warehouses and the partner shops, each once. */
  shops(): Promise<Shop[]>;
}

/** An order waits for the delivery service longer than a basket check would, but not for ever. */
const DELIVERY_TIMEOUT_MS = 3000;

function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404;
}

export function createDeliveryDirectory(client: HttpClient): DeliveryDirectory {
  const opts = { timeoutMs: DELIVERY_TIMEOUT_MS };
  return {
    settlement: async (id) => {
      try {
        return await getSettlement(client, id, opts);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    settlementByRef: (name, ref) => findSettlementByRef(client, name, ref, opts),
    branch: (settlementId, slug, ref) => {
      const deliverySlug = branchDeliverySlugSchema.safeParse(slug);
      if (!deliverySlug.success) return Promise.resolve(null);
      // Every page (a big city has more branches than one page of 500); an outage rejects.
      return findBranch(client, settlementId, deliverySlug.data, ref, opts);
    },
    shops: async () => {
      const configs = await getShopConfigs(client, opts);
      const seen = new Set<number>();
      return [...configs.warehouseList, ...configs.partnerShopList].filter((shop) => {
        if (seen.has(shop.id)) return false;
        seen.add(shop.id);
        return true;
      });
    },
  };
}
