import { expect, test, type APIRequestContext } from './fixtures.ts';
import { basketCheckResponseSchema } from '../../src/api/schemas/basket.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { PREFIX, TEXT, chooseCity, startCheckout, type Lang } from './checkoutSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Issue 29, "free delivery promised, then charged", with a fixed-amount promo code: the drawer, the
 * checkout and the order service judge free delivery on the same amount (the contract's
 * freeDeliveryVerdict: the goods after promo codes; docs/decisions.md "Free delivery is judged on
 * the goods after promo codes"). Goods just above 1 500 грн with MINUS200 (200 грн off) fall below
 * the threshold: the drawer says what is left, the checkout prices the Nova Poshta branch, at the
 * price the order service's basket check gives.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const lang: Lang = 'uk';
const KYIV = 9812;
const WORDS = {
  ru: { code: 'Код', apply: 'Применить', codes: 'Введённые коды', free: 'бесплатно' },
  uk: { code: 'Код', apply: 'Застосувати', codes: 'Введені коди', free: 'безкоштовно' },
} as const;

/** A variant with plenty of stock whose `count` units come to 1 520–1 680 грн: free before the code, not after. */
async function nearThreshold(request: APIRequestContext) {
  for (let page = 0; page < 5; page++) {
    const response = await request.get(`/svc/search/public/products?page=${page}&limit=100&withPrice=1&hasImage=1`);
    expect(response.status()).toBe(200);
    for (const product of productListSchema.parse(await response.json()).items) {
      if (product.folderCategory.slug === 'elektronnyi-podarochnyi-sertifikat') continue;
      for (const variant of visibleVariants(product.nomenclature)) {
        const selling = variant.probablyPriceSelling ?? 0;
        const price = Math.min(variant.probablyPriceRecommended ?? selling, selling);
        const count = [1, 2, 3].find((n) => n * price >= 1520 && n * price <= 1680);
        if (price <= 0 || count === undefined || variant.totalAmount < 20) continue;
        const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
        if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
        return { product, variant, count, goods: count * price, path: `/product/${product.slug}?${query.toString()}` };
      }
    }
  }
  throw new Error('no variant whose few units come to just above 1 500 грн');
}

test(`a fixed-amount promo code: the drawer and the checkout agree with the order service on delivery (${lang})`, async ({
  page,
  request,
}) => {
  const t = TEXT[lang];
  const w = WORDS[lang];
  const item = await nearThreshold(request);

  // What the order service would charge for this basket in Kyiv, the code applied.
  const check = await request.post(`/svc/order/public/basket/check?locale=${lang}`, {
    data: {
      project: 'bbs',
      items: [{ internalId: item.variant.id, productId: item.product.id, quantity: item.count }],
      certificates: [{ type: 0, key: 'MINUS200' }],
      withDeliveryList: true,
      cityId: KYIV,
    },
  });
  expect(check.status()).toBe(200);
  const answer = basketCheckResponseSchema.parse(await check.json());
  // No certificate here: the check's cost is the goods after the code, as the rule counts them.
  expect(answer.cost).toBe(item.goods - 200);
  const servicePrice = answer.deliveryMethods.find((m) => m.slug === 'np-warehouse')?.price;
  expect(servicePrice).toBeGreaterThan(0);
  const charged = `${formatAmount(servicePrice ?? 0)} грн`;

  await page.goto(`${PREFIX[lang]}${item.path}`);
  const form = page.locator('form[data-add-to-basket]');
  await form.getByRole('spinbutton').fill(String(item.count));
  await form.getByRole('button', { name: t.add }).tap();
  const drawer = page.getByRole('dialog', { name: t.drawer });
  const progress = drawer.locator('[data-free-delivery]');
  await expect(progress).toHaveAttribute('data-free-delivery', 'reached');

  await drawer.getByRole('textbox', { name: w.code }).fill('MINUS200');
  await drawer.getByRole('button', { name: w.apply }).tap();
  await expect(drawer.getByRole('list', { name: w.codes })).toContainText('MINUS200');
  await expect(progress).toHaveAttribute('data-free-delivery', String(Math.ceil(1500 - answer.cost)));
  await shotForPeople(page, `freeship-drawer-${lang}`);

  await startCheckout(page, lang);
  await chooseCity(page, lang, 'kyiv');
  const branch = page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) });
  await expect(branch).toHaveAccessibleName(new RegExp(charged));
  await branch.check();
  const row = page.locator('[data-delivery-charge]');
  await expect(row).toHaveAttribute('data-delivery-charge', 'amount');
  await expect(row).toContainText(charged);
  await expect(row).not.toContainText(w.free);
  await row.scrollIntoViewIfNeeded();
  await shotForPeople(page, `freeship-checkout-${lang}`);
});
