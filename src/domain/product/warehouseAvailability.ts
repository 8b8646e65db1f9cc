/**
 * Availability of one variant by warehouse, grouped by city (storefront spec §3 "Warehouse
 * availability": cities with id, name and warehouses, each warehouse with its own quantity or with
 * donor warehouses whose quantities sum to the required quantity; §5: pickup warehouses are
 * filtered by pickupEnable).
 */

/** One line of a variant's stock: warehouse id and quantity there. */
export interface StockLine {
  id: number;
  quantity: number;
}

/** What the grouping needs of a shop or warehouse; the caller's richer shape is kept in the result. */
export interface AvailabilityShop {
  id: number;
  cityId: number;
  /** City name in the page's language. */
  city: string;
  pickupEnable: boolean;
  /** Warehouses whose stock can be brought here for pickup. */
  donors: readonly number[];
}

export interface WarehouseAvailability<S extends AvailabilityShop> {
  shop: S;
  /** Own stock of the variant here (at least `required` unless `donors` is non-empty). */
  quantity: number;
  /**
   * Empty when the own stock is enough; otherwise the donor warehouses holding the variant, whose
   * quantities together reach the required quantity (the shop can get it in for pickup).
   */
  donors: StockLine[];
}

export interface CityAvailability<S extends AvailabilityShop> {
  id: number;
  name: string;
  warehouses: WarehouseAvailability<S>[];
}

/**
 * Where a shopper can pick up `required` units of a variant, grouped by city: pickup points
 * (pickupEnable) that hold enough themselves, or whose donors hold enough together. A warehouse
 * without pickup is never listed itself; it counts only as a donor. Cities and their warehouses
 * keep the order of `shops` (the shop configs' ordering); cities with nothing to offer are left out.
 */
export function availabilityByCity<S extends AvailabilityShop>(
  stock: readonly StockLine[],
  shops: readonly S[],
  required = 1,
): CityAvailability<S>[] {
  const need = Math.max(1, required);
  const onHand = new Map<number, number>();
  for (const line of stock) {
    if (line.quantity > 0) onHand.set(line.id, (onHand.get(line.id) ?? 0) + line.quantity);
  }
  const cities = new Map<number, CityAvailability<S>>();
  for (const shop of shops) {
    if (!shop.pickupEnable) continue;
    const quantity = onHand.get(shop.id) ?? 0;
    let donors: StockLine[] = [];
    if (quantity < need) {
      donors = [...new Set(shop.donors)]
        .filter((id) => id !== shop.id)
        .map((id) => ({ id, quantity: onHand.get(id) ?? 0 }))
        .filter((donor) => donor.quantity > 0);
      if (donors.reduce((sum, donor) => sum + donor.quantity, 0) < need) continue;
    }
    let city = cities.get(shop.cityId);
    if (!city) {
      city = { id: shop.cityId, name: shop.city, warehouses: [] };
      cities.set(shop.cityId, city);
    }
    city.warehouses.push({ shop, quantity, donors });
  }
  return [...cities.values()];
}
