import type { CertificateOrder, Order, OrderLine, PaymentCheckout } from '../../../src/api/schemas/order.ts';
import type { WireProduct } from '../../../src/api/schemas/product.ts';

/** Wire data of the order service for the order and certificate page tests. */

export const ORDER_HASH = 'aegqsqSMrgPcRDt5eBNrCg';
export const CERTIFICATE_HASH = 'ewOZzqlogWCyFDuvra4GLg';
export const PAYMENT_HASH = 'WTRb465HLUT68xbF-xi9WQ';

export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    internalId: 500541,
    productId: 100136,
    title: 'Комбинезон зимний',
    titleUkr: 'Комбінезон зимовий',
    slug: 'kombinezon-zimniy-100136',
    brand: 'Lenne',
    folderCategory: 'odezhda',
    category: 'kombinezony',
    colorPresentation: 'Синий',
    sizePresentation: '86',
    displayArticle: '100136-01',
    image: '/svc/search/public/images/p100136-sinii-1.svg',
    quantity: 2,
    price: 1250,
    totalPrice: 2500,
    isGift: false,
    intervalDays: null,
    startDate: null,
    status: 0,
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    kind: 'order',
    number: '1000042',
    hash: ORDER_HASH,
    createdAt: '2026-11-23T22:30:00.000Z',
    status: 0,
    price: 2500,
    deliveryPrice: 59,
    discountAmount: 0,
    certificateAmount: 0,
    usedBonuses: 0,
    totalPrice: 2559,
    paymentType: 2,
    paymentParts: 0,
    paymentStatus: 0,
    deliveryType: 1,
    deliveryMethodSlug: 'np-warehouse',
    deliveryAddress: 'Киев, Новая Почта: отделение, Отделение №1, ул. Крещатик, 1',
    firstName: 'Олена',
    lastName: 'Коваль',
    phone: '380501234567',
    email: 'olena@example.com',
    activeOrderItems: [orderLine()],
    hasAccount: false,
    statusHistory: [{ status: 0, at: '2026-11-23T22:30:00.000Z' }],
    repeatOf: null,
    ...overrides,
  };
}

export function checkout(overrides: Partial<PaymentCheckout> = {}): PaymentCheckout {
  return {
    paymentHash: PAYMENT_HASH,
    kind: 'order',
    orderHash: ORDER_HASH,
    status: 3,
    paymentType: 2,
    paymentParts: 0,
    amount: 2559,
    ...overrides,
  };
}

export function certificateOrder(overrides: Partial<CertificateOrder> = {}): CertificateOrder {
  return {
    hash: CERTIFICATE_HASH,
    nominal: 1500,
    paymentStatus: 0,
    key: null,
    balance: 0,
    validUntil: null,
    ...overrides,
  };
}

/** The catalogue's product of `orderLine()`, with its colour and size in both languages. */
export function orderedProduct(): WireProduct {
  return {
    id: 100136,
    productId: 100136,
    title: 'Комбинезон зимний',
    titleUkr: 'Комбінезон зимовий',
    slug: 'kombinezon-zimniy-100136',
    brand: null,
    images: [],
    videos: [],
    rotateImages: [],
    nomenclature: [
      {
        id: 500541,
        displayArticle: '100136-01',
        totalAmount: 5,
        isArchival: false,
        isNew: false,
        isPromotional: false,
        isPreOrder: false,
        expectationDate: null,
        warehouses: [{ id: 1, quantity: 5 }],
        color: 'sinii',
        colorCode: null,
        colorPresentation: { slug: 'sinii', title: 'Синий', titleUkr: 'Синій', ordering: 1 },
        additionalColorPresentation: null,
        sizePresentation: { slug: '86', title: '86 см', titleUkr: '86 см', ordering: 1 },
        weight: 1,
        capacity: 1000,
        bonusAccrualRate: null,
        bonusMaxPaymentPercent: null,
        orderingWeight: 0,
        discountRate: 0,
        probablyPriceRecommended: 1250,
        probablyPriceSelling: 1250,
        probablyPriceSubscriptionDiscount: null,
        firstPriceList: 1250,
      },
    ],
    filterList: [],
    productGroup: null,
    shortDescription: null,
    shortDescriptionUkr: null,
    allowSubscription: false,
    folderCategory: { slug: 'odezhda', title: 'Одежда' },
    category: null,
    isArchival: false,
  };
}
