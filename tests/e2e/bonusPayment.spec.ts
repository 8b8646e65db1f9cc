import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { registerShopper } from './accountSupport.ts';
import {
  PREFIX,
  TEXT,
  addToBasket,
  chooseCity,
  placedOrderHash,
  readOrder,
  type Buyable,
  type Lang,
} from './checkoutSupport.ts';

/**
 * Paying part of an order with bonus points (issue 11; docs/decisions.md "Accounts: paying with
 * bonuses"), as a shopper does it: a new account joins the cashback programme (50 грн, spendable at
 * once), buys in Russian paying part with points, then in Ukrainian paying the rest of the balance
 * with «Списати максимум»; each order page shows the points paid, and the bonus history both
 * spendings with their order numbers.
 */

const BONUS = {
  ru: {
    heading: 'Бонусы',
    pay: 'Оплатить бонусами',
    max: 'Списать максимум',
    available: (n: number) => `Доступно: ${n} грн`,
    clamped: (n: number) => `Больше списать нельзя: доступно ${n} грн`,
    paid: 'Оплачено бонусами',
    spent: 'Оплата бонусами заказа',
    history: (number: string) => `Заказ № ${number}`,
  },
  uk: {
    heading: 'Бонуси',
    pay: 'Оплатити бонусами',
    max: 'Списати максимум',
    available: (n: number) => `Доступно: ${n} грн`,
    clamped: (n: number) => `Більше списати не можна: доступно ${n} грн`,
    paid: 'Сплачено бонусами',
    spent: 'Оплата бонусами заказа',
    history: (number: string) => `Замовлення № ${number}`,
  },
} as const;

/**
 * A toy whose points may pay at least 60 грн (its bonusMaxPaymentPercent × price), with stock to
 * spare; `skip` keeps it apart from the other tests' variants.
 */
async function payableWithPoints(request: APIRequestContext, skip: number): Promise<Buyable> {
  let seen = 0;
  for (let page = 0; page < 10; page++) {
    const response = await request.get(
      `/svc/search/public/products?category=igrushki&page=${page}&limit=24&withPrice=1&hasImage=1`,
    );
    expect(response.status()).toBe(200);
    for (const product of productListSchema.parse(await response.json()).items) {
      const variant = visibleVariants(product.nomenclature).find((v) => {
        const price = Math.min(v.probablyPriceSelling ?? 0, v.probablyPriceRecommended ?? 0);
        return v.totalAmount >= 20 && ((v.bonusMaxPaymentPercent ?? 0) * price) / 100 >= 60;
      });
      if (!variant || seen++ < skip) continue;
      const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
      if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
      return { product, variant, path: `/product/${product.slug}?${query.toString()}` };
    }
  }
  throw new Error('no toy whose points may pay 60 грн');
}

/** The checkout of the signed-in shopper, to pickup in the Obolon shop, in cash. */
async function checkoutToPickup(page: Page, lang: Lang): Promise<void> {
  const t = TEXT[lang];
  await page.goto(`${PREFIX[lang]}/checkout`);
  // Signed in, the contact comes from the profile; a new account has no last name yet.
  await expect(page.getByLabel(t.firstName, { exact: true })).toHaveValue('Тестовая');
  await page.getByLabel(t.lastName, { exact: true }).fill('Бонусна');
  // A new account has no default location, and the reset after an order clears the city.
  await chooseCity(page, lang, 'kyiv');
  await page.getByRole('radio', { name: new RegExp(`^${t.pickup}`) }).check();
  await page.getByRole('radio', { name: /Оболон/ }).check();
  await expect(page.getByRole('radio', { name: t.cash })).toBeChecked();
}

test('a new member pays part of an order with points, in both languages, and the history shows it', async ({
  page,
  request,
}) => {
  // Registering takes an SMS code; two checkouts follow.
  test.setTimeout(150_000);
  await page.goto('/');
  await registerShopper(page);
  await page.goto('/profile/bonus');
  await page.getByRole('button', { name: 'Стать участником' }).click();
  await expect(page.locator('[data-bonus-active]')).toHaveText('50 грн');

  // In Russian: too much is brought down to the balance, then 30 of the 50 грн are paid.
  const ru = BONUS.ru;
  const first = await payableWithPoints(request, 0);
  await addToBasket(page, 'ru', first);
  await checkoutToPickup(page, 'ru');
  const section = page.getByRole('region', { name: ru.heading });
  await expect(section.getByText(ru.available(50))).toBeVisible();
  const field = section.getByLabel(ru.pay);
  await field.fill('80');
  await expect(field).toHaveValue('50');
  await expect(section.getByText(ru.clamped(50))).toBeVisible();
  await field.fill('30');
  await expect(field).toHaveValue('30');
  const summary = page.getByRole('complementary', { name: 'Ваш заказ' });
  await expect(summary.locator('[data-checkout-bonuses]')).toHaveText(`${ru.paid}−30 грн`);
  await page.getByRole('button', { name: TEXT.ru.submit }).click();

  const ruOrder = await readOrder(request, await placedOrderHash(page, 'ru'));
  expect(ruOrder.usedBonuses).toBe(30);
  expect(ruOrder.totalPrice).toBe(ruOrder.price - 30 + ruOrder.deliveryPrice);
  const ruSums = page.getByRole('region', { name: 'Сумма заказа' });
  await expect(ruSums.getByText(ru.paid)).toBeVisible();
  await expect(ruSums.getByText('−30 грн')).toBeVisible();

  // In Ukrainian: the rest of the balance at once.
  const uk = BONUS.uk;
  const second = await payableWithPoints(request, 1);
  await addToBasket(page, 'uk', second);
  await checkoutToPickup(page, 'uk');
  const ukSection = page.getByRole('region', { name: uk.heading });
  await expect(ukSection.getByText(uk.available(20))).toBeVisible();
  await ukSection.getByRole('button', { name: uk.max }).click();
  await expect(ukSection.getByLabel(uk.pay)).toHaveValue('20');
  await expect(page.locator('[data-checkout-bonuses]')).toHaveText(`${uk.paid}−20 грн`);
  await page.getByRole('button', { name: TEXT.uk.submit }).click();

  const ukOrder = await readOrder(request, await placedOrderHash(page, 'uk'), 'uk');
  expect(ukOrder.usedBonuses).toBe(20);
  const ukSums = page.getByRole('region', { name: 'Сума замовлення' });
  await expect(ukSums.getByText(uk.paid)).toBeVisible();
  await expect(ukSums.getByText('−20 грн')).toBeVisible();

  // The bonus history: both spendings with their orders, and nothing left to spend.
  await page.goto('/profile/bonus');
  await expect(page.locator('[data-bonus-active]')).toHaveText('0 грн');
  const history = page.locator('[data-bonus-history] tbody tr');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText(ru.spent);
  await expect(history.nth(0)).toContainText('-20 грн');
  await expect(history.nth(0)).toContainText(ru.history(ukOrder.number));
  await expect(history.nth(1)).toContainText('-30 грн');
  await expect(history.nth(1)).toContainText(ru.history(ruOrder.number));
  await page.goto('/ua/profile/bonus');
  await expect(page.locator('[data-bonus-history]')).toContainText(uk.history(ruOrder.number));
});
