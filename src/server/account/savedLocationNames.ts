import { findBranch, getSettlement } from '../../api/delivery.ts';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { locationInLanguage } from '../../domain/account/savedLocationLanguage.ts';
import { isBranchSlug } from '../../domain/checkout/deliveryRules.ts';

/**
 * The shopper's saved locations named in the page's language (src/domain/account/
 * savedLocationLanguage.ts): each one's settlement and branch read from the delivery service, all
 * at once. The service is optional here: a location it cannot name keeps its saved names.
 */
export async function savedLocationsIn(
  api: HttpClient,
  locations: readonly SavedLocation[],
  locale: Locale,
): Promise<SavedLocation[]> {
  const orNull = <T>(call: Promise<T>): Promise<T | null> =>
    call.catch((error: unknown) => {
      if (isApiError(error)) return null;
      throw error;
    });
  return Promise.all(
    locations.map(async (location) => {
      const slug = location.deliveryMethodSlug;
      const [settlement, branch] = await Promise.all([
        orNull(getSettlement(api, location.cityId)),
        slug !== null && isBranchSlug(slug) && location.branchRef !== ''
          ? orNull(findBranch(api, location.cityId, slug, location.branchRef))
          : null,
      ]);
      return locationInLanguage(location, locale, { settlement, branch });
    }),
  );
}
