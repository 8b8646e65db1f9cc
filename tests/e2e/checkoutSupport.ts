import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { orderSchema, type Order } from '../../src/api/schemas/order.ts';
import { productListSchema, type WireProduct, type WireVariant } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';

/**
 * What the checkout tests share: a product to buy (plenty of stock, so parallel tests that reserve
 * units never run a variant dry), putting it in the basket from its product page, the contact
 * fields, the city, and reading the order the service placed.
 */

export type Lang = 'ru' | 'uk';
export const PREFIX: Record<Lang, string> = { ru: '', uk: '/ua' };

export const TEXT = {
  ru: {
    add: 'В корзину',
    drawer: 'Корзина',
    phone: 'Телефон',
    firstName: 'Имя',
    lastName: 'Фамилия',
    email: 'E-mail',
    city: 'Населённый пункт',
    kyiv: 'г. Киев, Киевская обл.',
    lviv: 'г. Львов, Львовская обл.',
    branch: 'Отделение',
    npBranch: 'Новая Почта: отделение',
    npLine: 'Новая Почта №',
    pickup: 'Самовывоз из магазина',
    courier: 'Курьер магазина',
    street: 'Улица',
    building: 'Дом',
    apartment: 'Квартира',
    tryOn: 'Примерка при получении',
    cash: 'Наличными при получении',
    card: 'Картой онлайн',
    monobank: 'Покупка частями monobank',
    parts: 'Количество платежей',
    submit: 'Подтвердить заказ',
    chosen: 'Выбрано:',
  },
  uk: {
    add: 'У кошик',
    drawer: 'Кошик',
    phone: 'Телефон',
    firstName: 'Ім’я',
    lastName: 'Прізвище',
    email: 'E-mail',
    city: 'Населений пункт',
    kyiv: 'м. Київ, Київська обл.',
    lviv: 'м. Львів, Львівська обл.',
    branch: 'Відділення',
    npBranch: 'Нова Пошта: відділення',
    npLine: 'Нова Пошта №',
    pickup: 'Самовивіз з магазину',
    courier: 'Кур’єр магазину',
    street: 'Вулиця',
    building: 'Будинок',
    apartment: 'Квартира',
    tryOn: 'Примірка при отриманні',
    cash: 'Готівкою при отриманні',
    card: 'Карткою онлайн',
    monobank: 'Покупка частинами monobank',
    parts: 'Кількість платежів',
    submit: 'Підтвердити замовлення',
    chosen: 'Обрано:',
  },
} as const;

export interface Buyable {
  product: WireProduct;
  variant: WireVariant;
  /** The product page of the variant, without the locale prefix. */
  path: string;
}

/**
 * The `skip`-th variant of the category's listing with at least `minStock` units and a price of at
 * least `minPrice`: different tests take different ones, so their reservations never meet.
 */
export async function buyable(
  request: APIRequestContext,
  category: string,
  skip: number,
  {
    minStock = 20,
    minPrice = 0,
    maxPrice = Infinity,
  }: { minStock?: number; minPrice?: number; maxPrice?: number } = {},
): Promise<Buyable> {
  let seen = 0;
  for (let page = 0; page < 10; page++) {
    const response = await request.get(
      `/svc/search/public/products?category=${category}&page=${page}&limit=24&withPrice=1&hasImage=1`,
    );
    expect(response.status()).toBe(200);
    for (const product of productListSchema.parse(await response.json()).items) {
      const variant = visibleVariants(product.nomenclature).find(
        (v) =>
          v.totalAmount >= minStock &&
          (v.probablyPriceSelling ?? 0) >= minPrice &&
          (v.probablyPriceSelling ?? 0) <= maxPrice,
      );
      if (!variant) continue;
      if (seen++ < skip) continue;
      const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
      if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
      return { product, variant, path: `/product/${product.slug}?${query.toString()}` };
    }
  }
  throw new Error(`no variant number ${skip} with ${minStock}+ units in ${category}`);
}

/** Puts the product page's chosen variant in the basket and closes the drawer. */
export async function addToBasket(page: Page, lang: Lang, item: Buyable, quantity = 1): Promise<void> {
  await page.goto(`${PREFIX[lang]}${item.path}`);
  const form = page.locator('form[data-add-to-basket]');
  await form.getByRole('spinbutton').fill(String(quantity));
  await form.getByRole('button', { name: TEXT[lang].add }).click();
  const drawer = page.getByRole('dialog', { name: TEXT[lang].drawer });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Opens the checkout and fills who orders. */
export async function startCheckout(page: Page, lang: Lang, phone = '+380 50 123 45 67'): Promise<void> {
  await page.goto(`${PREFIX[lang]}/checkout`);
  const t = TEXT[lang];
  await page.getByLabel(t.phone, { exact: true }).fill(phone);
  await page.getByLabel(t.firstName, { exact: true }).fill('Олена');
  await page.getByLabel(t.lastName, { exact: true }).fill('Коваль');
}

export async function chooseCity(page: Page, lang: Lang, city: 'kyiv' | 'lviv'): Promise<void> {
  const t = TEXT[lang];
  await page.getByRole('searchbox', { name: t.city }).fill(city === 'kyiv' ? 'Ки' : 'Льв');
  await page.getByRole('button', { name: t[city] }).click();
}

/** The order hash of the order page the checkout went to. */
export async function placedOrderHash(page: Page, lang: Lang): Promise<string> {
  await page.waitForURL(new RegExp(`${PREFIX[lang]}/order/[^/?]+\\?placed=1$`));
  const hash = /\/order\/([^/?]+)/.exec(new URL(page.url()).pathname)?.[1];
  if (!hash) throw new Error(`no order hash in ${page.url()}`);
  return hash;
}

/** The order hash of the order page the bank sent the shopper back to (an order paid online, issue 29). */
export async function paidOrderHash(page: Page, lang: Lang): Promise<string> {
  await page.waitForURL(new RegExp(`${PREFIX[lang]}/order/[^/?]+\\?payment=[\\w-]+$`));
  const hash = /\/order\/([^/?]+)/.exec(new URL(page.url()).pathname)?.[1];
  if (!hash) throw new Error(`no order hash in ${page.url()}`);
  return hash;
}

/** The order as the order service keeps it. */
export async function readOrder(request: APIRequestContext, hash: string, lang: Lang = 'ru'): Promise<Order> {
  const response = await request.get(`/svc/order/public/anon/order/${hash}?locale=${lang}`);
  expect(response.status()).toBe(200);
  return orderSchema.parse(await response.json());
}
