import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { sessionAnswerSchema, AUTH_PATHS } from '../../src/api/schemas/session.ts';
import { kyivToday } from '../../src/domain/account/kyivDate.ts';
import { subscriptionDateText, subscriptionStartRange } from '../../src/domain/basket/subscription.ts';
import { finalPrice, visibleVariants } from '../../src/domain/catalog/variants.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { registerShopper } from './accountSupport.ts';
import { PREFIX, TEXT, chooseCity, placedOrderHash, readOrder, type Buyable, type Lang } from './checkoutSupport.ts';
import { seriousA11yViolations } from './support.ts';

/**
 * Subscription (repeat-delivery) lines for signed-in shoppers (issue 11; storefront spec §3, §5,
 * §6; docs/decisions.md "Accounts: subscriptions"), in real Chromium against the production build:
 * a signed-in shopper subscribes on the product page, sees the line in the basket drawer at the
 * subscription price, places the order through the signed-in checkout and finds the subscription
 * with its interval in the account's order page. An anonymous shopper gets the subscription price
 * and an invitation to sign in instead of the fields.
 */

const WORDS = {
  ru: {
    subscribe: 'Оформить подписку',
    interval: 'Доставлять',
    every60: 'раз в 60 дней',
    start: 'Первая доставка',
    mark: 'Подписка',
    terms60: 'Доставка раз в 60 дней',
    first: 'первая —',
    orderTerms: 'раз в 60 дней, первая доставка',
    invite: 'Войдите, чтобы оформить подписку',
    price: 'По подписке:',
    lastName: 'Фамилия',
    shop: /Магазин на Оболони/,
  },
  uk: {
    subscribe: 'Оформити підписку',
    interval: 'Доставляти',
    every60: 'раз на 60 днів',
    start: 'Перша доставка',
    mark: 'Підписка',
    terms60: 'Доставка раз на 60 днів',
    first: 'перша —',
    orderTerms: 'раз на 60 днів, перша доставка',
    invite: 'Увійдіть, щоб оформити підписку',
    price: 'За підпискою:',
    lastName: 'Прізвище',
    shop: /Оболоні/,
  },
} as const;

/** Folders of the seed's subscription goods (src/services/seed/categories.ts `subscription: true`) no other spec orders from. */
const CATEGORIES = ['vlazhnye-salfetki', 'zubnye-shchetki', 'podguzniki'];

interface Subscribable extends Buyable {
  /** The variant's subscription price, lower than its final price. */
  subscriptionPrice: number;
}

/**
 * The `skip`-th variant, in the seed's subscription goods, of a product that allows subscription,
 * with a subscription price below its final price and plenty of stock.
 */
async function subscribable(request: APIRequestContext, skip: number): Promise<Subscribable> {
  let seen = 0;
  for (const category of CATEGORIES) {
    for (let page = 0; page < 5; page++) {
      const response = await request.get(
        `/svc/search/public/products?category=${category}&page=${page}&limit=24&withPrice=1&hasImage=1`,
      );
      expect(response.status()).toBe(200);
      const list = productListSchema.parse(await response.json());
      for (const product of list.items) {
        if (!product.allowSubscription) continue;
        const variant = visibleVariants(product.nomenclature).find((v) => {
          const final = finalPrice(v.probablyPriceRecommended ?? 0, v.probablyPriceSelling ?? 0);
          const subscription = v.probablyPriceSubscriptionDiscount;
          return v.totalAmount >= 20 && subscription !== null && subscription > 0 && subscription < final;
        });
        if (!variant?.probablyPriceSubscriptionDiscount) continue;
        if (seen++ < skip) continue;
        const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
        if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
        return {
          product,
          variant,
          path: `/product/${product.slug}?${query.toString()}`,
          subscriptionPrice: variant.probablyPriceSubscriptionDiscount,
        };
      }
      if (list.items.length < 24) break;
    }
  }
  throw new Error(`no subscribable variant number ${skip} in ${CATEGORIES.join(', ')}`);
}

async function customerId(page: Page): Promise<number> {
  const me = sessionAnswerSchema.parse(
    await page.evaluate(async (path) => (await fetch(path)).json() as Promise<unknown>, AUTH_PATHS.me),
  ).session;
  if (!me.signedIn) throw new Error('not signed in');
  return me.shopper.id;
}

// One language per flow (docs/decisions.md "One language per end-to-end flow").
{
  const [lang, skip] = ['uk', 1] as const satisfies readonly [Lang, number];
  test(`${lang}: a signed-in shopper subscribes, sees it in the drawer, orders it and finds it in the account`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const w = WORDS[lang];
    const t = TEXT[lang];
    const item = await subscribable(request, skip);
    await page.goto(`${PREFIX[lang]}/`);
    await registerShopper(page);
    const id = await customerId(page);

    // The product page is the cached one everybody gets; the hint cookie shows the fields.
    await page.goto(`${PREFIX[lang]}${item.path}`);
    await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
    const form = page.locator('form[data-add-to-basket]');
    const subscribe = form.getByRole('checkbox', { name: w.subscribe });
    await expect(subscribe).toBeVisible();
    await expect(page.getByRole('link', { name: w.invite })).toBeHidden();
    // The interval and first delivery show once the shopper asks for a subscription.
    await expect(form.getByLabel(w.interval)).toBeHidden();
    await subscribe.check();
    await form.getByLabel(w.interval).selectOption({ label: w.every60 });
    const range = subscriptionStartRange(kyivToday(new Date()));
    const start = form.getByLabel(w.start);
    await expect(start).toHaveValue(range.value);
    await expect(start).toHaveAttribute('min', range.min);
    await form.getByRole('spinbutton').fill('2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: t.add }).click();

    // The drawer: the subscription line with its interval, first delivery and subscription price.
    const drawer = page.getByRole('dialog', { name: t.drawer });
    await expect(drawer).toBeVisible();
    const line = drawer.getByRole('listitem').filter({ hasText: w.mark });
    await expect(line).toHaveCount(1);
    await expect(line.getByText(w.terms60)).toBeVisible();
    await expect(line.getByText(`${w.first} ${subscriptionDateText(range.value)}`)).toBeVisible();
    const total = `${formatAmount(item.subscriptionPrice * 2)} грн`;
    await expect(line.getByText(total, { exact: true })).toBeVisible();
    // Kept under the spec's basket_subscription key of this customer.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `bbs_basket_subscription_${id}`))
      .toContain(`"${item.variant.id}_subscription_60"`);
    // The check answered (the service's price is the same) before the shopper moves on.
    await expect(drawer.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The signed-in checkout: pickup in a Kyiv shop, cash.
    await page.goto(`${PREFIX[lang]}/checkout`);
    await expect(page.locator('[data-subscription-terms]')).toContainText(subscriptionDateText(range.value));
    await page.getByLabel(w.lastName, { exact: true }).fill('Коваль');
    await chooseCity(page, lang, 'kyiv');
    await page.getByRole('radio', { name: new RegExp(`^${t.pickup}`) }).check();
    await page.getByRole('radio', { name: w.shop }).check();
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/account/order',
    );
    await page.getByRole('button', { name: t.submit }).click();
    const body = (await sent).postDataJSON() as { subscriptionItems: unknown[]; items: unknown[] };
    expect(body.items).toEqual([]);
    expect(body.subscriptionItems).toEqual([
      {
        internalId: item.variant.id,
        productId: item.product.id,
        quantity: 2,
        isActive: true,
        intervalDays: 60,
        startDate: range.value,
      },
    ]);

    // Priced by the order service at the subscription price, with its interval and first delivery.
    const order = await readOrder(request, await placedOrderHash(page, lang), lang);
    expect(order.activeOrderItems).toMatchObject([
      {
        internalId: item.variant.id,
        quantity: 2,
        price: item.subscriptionPrice,
        intervalDays: 60,
        startDate: range.value,
      },
    ]);

    // The account's order page shows the subscription with its interval.
    const response = await page.goto(`${PREFIX[lang]}/profile/orders/${order.number}`);
    expect(response?.status()).toBe(200);
    const ordered = page.locator('[data-order-line]').filter({ has: page.locator('[data-order-subscription="60"]') });
    await expect(ordered).toHaveCount(1);
    await expect(ordered.locator('[data-order-subscription] dd')).toHaveText(
      `${w.orderTerms} ${subscriptionDateText(range.value)}`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test('an anonymous shopper sees the subscription price and an invitation to sign in, not the fields', async ({
  page,
  request,
}) => {
  const item = await subscribable(request, 2);
  for (const lang of ['ru', 'uk'] as const) {
    const w = WORDS[lang];
    await page.goto(`${PREFIX[lang]}${item.path}`);
    await expect(page.getByText(`${w.price} ${formatAmount(item.subscriptionPrice)} грн`)).toBeVisible();
    const invite = page.getByRole('link', { name: w.invite });
    await expect(invite).toBeVisible();
    await expect(invite).toHaveAttribute('href', lang === 'uk' ? '/ua/profile' : '/profile');
    await expect(page.getByRole('checkbox', { name: w.subscribe })).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-signed-in', '');
  }
  // The invitation opens the sign-in.
  await page.getByRole('link', { name: WORDS.uk.invite }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
