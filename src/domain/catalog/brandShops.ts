import type { Locale } from '../../api/schemas/common.ts';
import type { ShopConfigs } from '../../api/schemas/delivery.ts';
import { localized } from '../../i18n/localized.ts';
import { brandShops } from '../checkout/deliveryRules.ts';
import { formatPhone } from '../format/phone.ts';

/** One of the shop's stores as a brand's page lists it, in the page's language. */
export interface BrandShopView {
  id: number;
  title: string;
  city: string;
  address: string;
  schedule: string;
  phone: string;
  /** `tel:` link of the phone; null when it has no digits to dial. */
  phoneHref: string | null;
}

/**
 * Spec §5 brand shop list on a brand's page (issue 25): the shop's own stores, warehouses left out
 * (`brandShops`), grouped by city: cities in the order the config first names them, each city's
 * shops in the config's order.
 */
export function brandShopList(configs: ShopConfigs, locale: Locale): BrandShopView[] {
  const shops = brandShops(configs).map((shop) => {
    const digits = shop.phone.replace(/\D/g, '');
    return {
      id: shop.id,
      cityId: shop.cityId,
      title: localized(locale, shop.title, shop.titleUkr),
      city: localized(locale, shop.city, shop.cityUkr),
      address: localized(locale, shop.address, shop.addressUkr),
      schedule: localized(locale, shop.schedule, shop.scheduleUkr),
      phone: formatPhone(shop.phone),
      phoneHref: digits.length > 0 ? `tel:+${digits}` : null,
    };
  });
  const cityOrder = [...new Set(shops.map((shop) => shop.cityId))];
  return shops
    .toSorted((a, b) => cityOrder.indexOf(a.cityId) - cityOrder.indexOf(b.cityId))
    .map(({ cityId, ...view }) => {
      void cityId;
      return view;
    });
}
