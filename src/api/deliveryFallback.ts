import { CARRIERS, type DeliveryMethod } from './schemas/delivery.ts';

/**
 * Constants of the delivery contract that both the storefront and the order service use, kept free
 * of zod so the checkout island can read them without loading the schemas.
 */

const courier = { type: 2, iconImageUrl: null, iconImageUrlSelected: null, changeable: true } as const;

/**
 * Spec §9 fallback delivery methods, worded as the delivery service words them (the order
 * service's basket check answers the same list when the delivery service is down).
 */
export const FALLBACK_DELIVERY_METHODS: readonly DeliveryMethod[] = [
  {
    ...courier,
    slug: 'im-courier',
    carrier: CARRIERS.ownCourier,
    price: 69,
    title: 'Курьер магазина',
    titleUkr: 'Кур’єр магазину',
    shortDescription: '1-2 дня',
    shortDescriptionUkr: '1-2 дні',
  },
  {
    ...courier,
    slug: 'meest-courier',
    carrier: CARRIERS.meest,
    price: 35,
    title: 'Курьер Meest',
    titleUkr: 'Кур’єр Meest',
    shortDescription: '2-5 дней',
    shortDescriptionUkr: '2-5 днів',
  },
  {
    ...courier,
    slug: 'np-courier',
    carrier: CARRIERS.novaPoshta,
    price: 89,
    title: 'Курьер Новой Почты',
    titleUkr: 'Кур’єр Нової Пошти',
    shortDescription: '1-2 дня',
    shortDescriptionUkr: '1-2 дні',
  },
];
