import { expect, test, type APIRequestContext } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { finalPrice, visibleVariants } from '../../src/domain/catalog/variants.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { registerFresh } from './accountSupport.ts';
import { addToBasket, buyable, chooseCity, placedOrderHash, TEXT } from './checkoutSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Issue 25, three rows: the bonus an order earns (basket and checkout; the product page's bonus at
 * the subscription price), combined warehouses (a city with several carriers' branches lists them
 * together) and the checkout's «save this address» (the place lands in the account as the default).
 * The rules are proven by unit and service tests (orderBonus, locationToSave, combinedBranches,
 * checkoutSaveLocation); here what only a browser shows, on a phone, one language per flow.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('uk: the order’s bonus in the basket and the checkout; branches of every carrier; the place saved as the default', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const t = TEXT.uk;
  await page.goto('/ua');
  await registerFresh(page, 'bonus-place-1');
  const item = await buyable(request, 'igrushki', 9, { minPrice: 600 });
  const price = finalPrice(item.variant.probablyPriceRecommended ?? 0, item.variant.probablyPriceSelling ?? 0);
  // One unit: the check's bonus is the unit's, round(price × rate / 100), the rate 1 when null.
  const bonus = Math.round((price * (item.variant.bonusAccrualRate ?? 1)) / 100);
  await addToBasket(page, 'uk', item);

  await page.goto('/ua/basket');
  const basketBonus = page.locator('.basket-summary [data-order-bonus]');
  await expect(basketBonus).toContainText('Бонуси за замовлення');
  await expect(basketBonus).toContainText(`+${formatAmount(bonus)}`);
  await shotForPeople(page, 'bonus-basket-uk', { fullPage: true });

  await page.goto('/ua/checkout');
  await page.getByLabel(t.lastName, { exact: true }).fill('Коваль');
  await chooseCity(page, 'uk', 'kyiv');
  // Ukrposhta chosen: the list holds every carrier's branches of Kyiv, Ukrposhta's first.
  await page.getByRole('radio', { name: /^Укрпошта/ }).check();
  await expect(page.locator('[data-branch-carriers]')).toContainText('Нова Пошта');
  await expect(page.locator('[data-branch-carriers]')).toContainText('Укрпошта');
  await page.getByRole('searchbox', { name: t.branch }).fill('17');
  const branches = page.getByRole('list', { name: t.branch }).getByRole('button');
  await expect(branches.first()).toHaveText(/^Укрпошта №17:/);
  await shotForPeople(page, 'branches-uk');
  // A Nova Poshta branch from the same list: the method (and its price) is Nova Poshta's now.
  await page.getByRole('button', { name: new RegExp(`^${t.npLine}17:`) }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) })).toBeChecked();

  const save = page.getByRole('checkbox', { name: 'Зберегти цю адресу в особистому кабінеті' });
  await expect(page.getByText('Вона стане адресою за замовчуванням')).toBeVisible();
  await save.check();
  await expect(page.locator('.checkout-summary [data-order-bonus]')).toContainText(`+${formatAmount(bonus)}`);
  await shotForPeople(page, 'bonus-checkout-uk', { fullPage: true });
  await page.getByRole('button', { name: t.submit }).click();
  await placedOrderHash(page, 'uk');

  await page.goto('/ua/profile/locations');
  const saved = page.locator('[data-location]');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Основна');
  await expect(saved).toContainText('№17');
  await shotForPeople(page, 'place-account-uk', { fullPage: true });
});

/** A subscription variant whose price earns points at the subscription price. */
async function subscribable(request: APIRequestContext): Promise<{ path: string; price: number; bonus: number }> {
  for (const category of ['vlazhnye-salfetki', 'zubnye-shchetki', 'podguzniki']) {
    const response = await request.get(`/svc/search/public/products?category=${category}&limit=24&withPrice=1`);
    for (const product of productListSchema.parse(await response.json()).items) {
      if (!product.allowSubscription) continue;
      for (const v of visibleVariants(product.nomenclature)) {
        const sub = v.probablyPriceSubscriptionDiscount;
        const final = finalPrice(v.probablyPriceRecommended ?? 0, v.probablyPriceSelling ?? 0);
        const bonus = sub === null ? 0 : Math.round((sub * (v.bonusAccrualRate ?? 1)) / 100);
        if (sub === null || sub <= 0 || sub >= final || bonus < 5) continue;
        const query = new URLSearchParams({ color: v.colorPresentation?.slug ?? 'without-color' });
        if (v.sizePresentation) query.set('size', v.sizePresentation.slug);
        return { path: `/product/${product.slug}?${query.toString()}`, price: sub, bonus };
      }
    }
  }
  throw new Error('no subscription variant earning 5+ points');
}

test('ru: the product page shows the bonus at the subscription price beside that price', async ({ page, request }) => {
  const item = await subscribable(request);
  await page.goto(item.path);
  const line = page.locator('.info [data-subscription-price]');
  await expect(line).toHaveText(
    new RegExp(`^По подписке: ${formatAmount(item.price)} грн, \\+${formatAmount(item.bonus)} бонус`),
  );
  if (process.env.E2E_SHOTS === '1') await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shotForPeople(page, 'bonus-product-ru');
});
