import type { Locale } from '../../api/schemas/common.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { localizedOrNull } from '../../i18n/localized.ts';
import { DELIVERY_TYPE } from '../checkout/deliveryRules.ts';

/**
 * A saved location in the page's language (issue 29). The user service keeps one name of the city,
 * region, district and branch: the one of the page it was saved on (spec §3 Saved location has a
 * single `branch`). The delivery service names the settlement and the branch in both languages, so
 * whoever shows a location (the account's list, the checkout's choices) reads them there by id and
 * ref and shows the page's; where the service gave no answer, the saved text stays.
 */

/** What the delivery service said about the location's settlement and branch (null: no answer). */
export interface LocationNames {
  settlement: {
    name: string;
    nameUkr: string;
    regionName?: string | null | undefined;
    regionNameUkr?: string | null | undefined;
    districtName?: string | null | undefined;
    districtNameUkr?: string | null | undefined;
  } | null;
  branch: { ref: string; title: string; titleUkr: string } | null;
}

export function locationInLanguage(location: SavedLocation, locale: Locale, names: LocationNames): SavedLocation {
  const { settlement, branch } = names;
  const pick = (saved: string, ru: string | null | undefined, uk: string | null | undefined) =>
    localizedOrNull(locale, ru, uk) ?? saved;
  const ownBranch = location.type === DELIVERY_TYPE.branch && branch !== null && branch.ref === location.branchRef;
  return {
    ...location,
    city: settlement ? pick(location.city, settlement.name, settlement.nameUkr) : location.city,
    region: settlement ? pick(location.region, settlement.regionName, settlement.regionNameUkr) : location.region,
    district: settlement
      ? pick(location.district, settlement.districtName, settlement.districtNameUkr)
      : location.district,
    branch: ownBranch ? pick(location.branch, branch.title, branch.titleUkr) : location.branch,
  };
}
