import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethodSlug } from '../../api/schemas/delivery.ts';

/**
 * The delivery method's name on the order pages. An order as read names its method by slug only
 * (no city, so the delivery service's per-city titles cannot be asked for); these are the same
 * names the delivery service gives its methods.
 */
const METHOD_LABELS: Readonly<Record<DeliveryMethodSlug, Readonly<Record<Locale, string>>>> = {
  'pick-and-collect': { ru: 'Самовывоз из магазина', uk: 'Самовивіз з магазину' },
  'np-warehouse': { ru: 'Новая Почта: отделение', uk: 'Нова Пошта: відділення' },
  'np-postbox': { ru: 'Новая Почта: почтомат', uk: 'Нова Пошта: поштомат' },
  'justin-warehouse': { ru: 'Justin: отделение', uk: 'Justin: відділення' },
  'u-warehouse': { ru: 'Укрпочта: отделение', uk: 'Укрпошта: відділення' },
  'im-courier': { ru: 'Курьер магазина', uk: 'Кур’єр магазину' },
  'np-courier': { ru: 'Курьер Новой Почты', uk: 'Кур’єр Нової Пошти' },
  'meest-courier': { ru: 'Курьер Meest', uk: 'Кур’єр Meest' },
  'ipost-courier': { ru: 'Курьер iPost', uk: 'Кур’єр iPost' },
};

/** The method's name in the page's language. */
export function deliveryMethodLabel(slug: DeliveryMethodSlug, locale: Locale): string {
  return METHOD_LABELS[slug][locale];
}
