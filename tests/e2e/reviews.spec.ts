import { expect, test, type Page } from './fixtures.ts';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { reviewListSchema } from '../../src/api/schemas/content.ts';
import { registerFresh } from './accountSupport.ts';
import { walksIn } from './support.ts';

/**
 * Reviews (issue 12) as shoppers use them, in both languages: written on the product page with a
 * plain form, shown there at once (the cached page is refreshed through the revalidation endpoint),
 * changed and deleted in the account; HTML in a review is text; nobody without a session writes one
 * and nobody touches another shopper's.
 */

const LOCALES = [
  {
    locale: 'ru',
    prefix: '',
    write: 'Написать отзыв',
    rating: 'Оценка',
    pros: 'Достоинства',
    comment: 'Отзыв',
    send: 'Опубликовать отзыв',
    mine: 'Мои отзывы',
    save: 'Сохранить',
    saved: 'Отзыв сохранён',
    remove: 'Удалить отзыв',
    removed: 'Отзыв удалён',
    answer: 'Ответить',
    answerLabel: 'Ваш ответ',
    answerSend: 'Отправить ответ',
    productIndex: 0,
  },
  {
    locale: 'uk',
    prefix: '/ua',
    write: 'Написати відгук',
    rating: 'Оцінка',
    pros: 'Переваги',
    comment: 'Відгук',
    send: 'Опублікувати відгук',
    mine: 'Мої відгуки',
    save: 'Зберегти',
    saved: 'Відгук збережено',
    remove: 'Видалити відгук',
    removed: 'Відгук видалено',
    answer: 'Відповісти',
    answerLabel: 'Ваша відповідь',
    answerSend: 'Надіслати відповідь',
    productIndex: 1,
  },
] as const;

const PASSWORD = 'e2e-pass-1';

/** A product of the demo catalogue with a page (the `index`-th of the first listing page). */
async function productAt(page: Page, index: number): Promise<{ id: number; slug: string }> {
  const response = await page.request.get('/svc/search/public/products?limit=10&page=0&withPrice=1');
  const product = productListSchema.parse(await response.json()).items[index];
  if (!product) throw new Error(`no product ${index}`);
  return { id: product.id, slug: product.slug };
}

/** A unique text of this run (so a list of older reviews never matches it). */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function writeReview(
  page: Page,
  t: (typeof LOCALES)[number],
  review: { rating: string; pros: string; comment: string },
): Promise<number> {
  const section = page.locator('#reviews');
  await section.getByText(t.write, { exact: true }).click();
  const form = section.locator('form.review-form');
  await form.getByLabel(t.rating).selectOption(review.rating);
  await form.getByLabel(t.pros).fill(review.pros);
  await form.getByLabel(t.comment, { exact: true }).fill(review.comment);
  await form.getByRole('button', { name: t.send }).click();
  // Back on the product page, at the new review.
  await page.waitForURL(/#review-\d+$/);
  const id = Number(/#review-(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const t of LOCALES) {
  test.describe(`reviews (${t.locale})`, () => {
    if (walksIn(t.locale, 'ru'))
      test('a shopper writes a review, sees it on the product page and in the account, edits and deletes it', async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.goto(`${t.prefix}/`);
        await registerFresh(page, PASSWORD);
        const product = await productAt(page, t.productIndex);
        const productPath = `${t.prefix}/product/${product.slug}`;
        // The page is cached before the review exists: what follows must not be the stale copy.
        await page.goto(productPath);
        await page.goto(productPath);
        const comment = unique('Отличная вещь, берите');
        const id = await writeReview(page, t, { rating: '4', pros: 'Мягкая ткань', comment });
        expect(new URL(page.url()).pathname).toBe(productPath);
        const shown = page.locator(`#review-${id}`);
        await expect(shown).toContainText(comment);
        await expect(shown).toContainText('Мягкая ткань');
        // registerFresh's shopper: first name «Тестовий», no last name yet.
        await expect(shown.locator('strong').first()).toHaveText('Тестовий');
        await expect(shown.getByRole('img')).toHaveAttribute('aria-label', /4/);
        // The structured data counts it too.
        const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
        expect(jsonLd.join('')).toContain(comment);

        // The account lists it, editable.
        await page.goto(`${t.prefix}/profile/reviews`);
        await expect(page.getByRole('link', { name: t.mine, exact: true })).toHaveAttribute('aria-current', 'page');
        const mine = page.locator(`#review-${id}`);
        await expect(mine.getByLabel(t.comment, { exact: true })).toHaveValue(comment);
        const changed = unique('Передумала, средне');
        await mine.getByLabel(t.rating).selectOption('3');
        await mine.getByLabel(t.comment, { exact: true }).fill(changed);
        await mine.getByRole('button', { name: t.save }).click();
        await expect(page.locator(`#review-${id}`).getByRole('status')).toHaveText(t.saved);
        await expect(page.locator(`#review-${id}`).getByLabel(t.comment, { exact: true })).toHaveValue(changed);

        // The product page shows the change at once.
        await page.goto(productPath);
        await expect(page.locator(`#review-${id}`)).toContainText(changed);
        await expect(page.locator(`#review-${id}`).getByRole('img')).toHaveAttribute('aria-label', /3/);

        // Deleted in the account: gone from both.
        await page.goto(`${t.prefix}/profile/reviews`);
        await page.locator(`#review-${id}`).getByRole('button', { name: t.remove }).click();
        await expect(page.getByRole('status').filter({ hasText: t.removed })).toBeVisible();
        await expect(page.locator(`#review-${id}`)).toHaveCount(0);
        await page.goto(productPath);
        await expect(page.locator(`#review-${id}`)).toHaveCount(0);
        await expect(page.getByText(changed)).toHaveCount(0);
      });

    if (walksIn(t.locale, 'uk'))
      test('a review with HTML in it shows as text, and another shopper answers it', async ({ page, browser }) => {
        test.setTimeout(120_000);
        const dialogs: string[] = [];
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.goto(`${t.prefix}/`);
        await registerFresh(page, PASSWORD);
        const product = await productAt(page, t.productIndex + 2);
        const productPath = `${t.prefix}/product/${product.slug}`;
        await page.goto(productPath);
        const html = '<b>жирный</b><script>alert(1)</script>';
        const id = await writeReview(page, t, { rating: '5', pros: '<i>курсив</i>', comment: html });
        const shown = page.locator(`#review-${id}`);
        await expect(shown.locator('[data-review-text]')).toHaveText(html);
        await expect(shown.getByText('<i>курсив</i>')).toBeVisible();
        await expect(shown.locator('b', { hasText: 'жирный' })).toHaveCount(0);
        await expect(shown.locator('i', { hasText: 'курсив' })).toHaveCount(0);
        expect(await shown.locator('script').count()).toBe(0);
        // Stored as written.
        const stored = reviewListSchema.parse(
          await (await page.request.get(`/svc/content/public/review/product?productId=${product.id}&limit=50`)).json(),
        );
        expect(stored.items.find((review) => review.id === id)?.comment).toBe(html);

        // Another shopper answers it from the product page.
        const other = await browser.newContext();
        try {
          const theirs = await other.newPage();
          await theirs.goto(`${t.prefix}/`);
          await registerFresh(theirs, PASSWORD);
          await theirs.goto(productPath);
          const review = theirs.locator(`#review-${id}`);
          await review.getByText(t.answer, { exact: true }).click();
          const reply = unique('Согласна полностью');
          await review.getByLabel(t.answerLabel).fill(reply);
          await review.getByRole('button', { name: t.answerSend }).click();
          await theirs.waitForURL(new RegExp(`#review-${id}$`));
          await expect(theirs.locator(`#review-${id}`)).toContainText(reply);
        } finally {
          await other.close();
        }
        expect(dialogs).toEqual([]);
      });
  });
}

test('nobody without a session writes a review, and nobody changes or deletes another shopper’s', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const product = await productAt(page, 4);
  const origin = { Origin: baseURL ?? '' };
  const form = { productId: String(product.id), rating: '5', comment: 'Анонимный отзыв' };

  // Without a session: a 401, for JSON and for the form (whose page leads to the login form).
  const anonymousJson = await page.request.post('/api/account/reviews', {
    headers: origin,
    data: { productId: product.id, rating: 5, comment: 'Анонимный отзыв' },
  });
  expect(anonymousJson.status()).toBe(401);
  const anonymousForm = await page.request.post('/api/account/reviews', { headers: origin, form, maxRedirects: 0 });
  expect(anonymousForm.status()).toBe(401);
  expect(await anonymousForm.text()).toContain('#login');
  const before = reviewListSchema.parse(
    await (await page.request.get(`/svc/content/public/review/product?productId=${product.id}&limit=50`)).json(),
  );
  expect(before.items.some((review) => review.comment === 'Анонимный отзыв')).toBe(false);

  // The product page's form without a session: the answer leads to the login form.
  await page.goto(`/product/${product.slug}`);
  await page.locator('#reviews').getByText('Написать отзыв', { exact: true }).click();
  await expect(page.locator('#reviews').getByRole('link', { name: 'Войдите, чтобы написать отзыв' })).toBeVisible();

  // Shopper A writes one; shopper B tries A's id.
  await registerFresh(page, PASSWORD);
  const written = await page.request.post('/api/account/reviews', {
    headers: origin,
    data: { productId: product.id, rating: 5, pros: null, comment: 'Отзыв покупателя А' },
  });
  expect(written.status()).toBe(200);
  const mine = reviewListSchema
    .parse(await (await page.request.get(`/svc/content/public/review/product?productId=${product.id}&limit=50`)).json())
    .items.find((review) => review.comment === 'Отзыв покупателя А');
  if (!mine) throw new Error('the review was not written');

  const other = await browser.newContext();
  try {
    const theirs = await other.newPage();
    await theirs.goto('/');
    await registerFresh(theirs, PASSWORD);
    const changed = await theirs.request.post(`/api/account/reviews/${mine.id}`, {
      headers: origin,
      data: { rating: 1, pros: null, cons: null, comment: 'Чужой отзыв изменён' },
    });
    expect(changed.status()).toBe(404);
    expect(endpointRefusalSchema.parse(await changed.json()).code).toBe(404);
    const deleted = await theirs.request.post(`/api/account/reviews/${mine.id}/delete`, { headers: origin, data: {} });
    expect(deleted.status()).toBe(404);
    // As a form: back to their own reviews with «Запись не найдена».
    const formDelete = await theirs.request.post(`/api/account/reviews/${mine.id}/delete`, {
      headers: origin,
      form: {},
      maxRedirects: 0,
    });
    expect(formDelete.status()).toBe(303);
    await theirs.goto(formDelete.headers()['location'] ?? '/profile/reviews');
    await expect(theirs.getByRole('alert')).toContainText('Запись не найдена');
    // Their account does not list A's review.
    await expect(theirs.locator(`#review-${mine.id}`)).toHaveCount(0);
  } finally {
    await other.close();
  }
  const after = reviewListSchema
    .parse(await (await page.request.get(`/svc/content/public/review/product?productId=${product.id}&limit=50`)).json())
    .items.find((review) => review.id === mine.id);
  expect(after).toMatchObject({ comment: 'Отзыв покупателя А', rating: 5 });
});
