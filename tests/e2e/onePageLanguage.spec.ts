import { expect, test, type Page } from './fixtures.ts';
import { z } from 'zod';
import { sessionAnswerSchema } from '../../src/api/schemas/session.ts';
import { withLocale } from '../../src/i18n/locale.ts';
import { signIn } from './accountSupport.ts';

/**
 * Issue 29, "one language per page": every page kind outside the checkout and the order page (their
 * language is another part's), rendered in both languages, carries no words of the other language
 * in what a shopper reads or hears: text, alt, title, aria-label, placeholder, the document's title
 * and description. What is marked as the other language (`lang="uk"` on the language switch and
 * the language offer) is exempt, as the standard means it to be.
 *
 * The markers are precise rather than a dictionary: letters only one of the two languages has
 * (Russian ы э ъ ё, Ukrainian і ї є ґ) in any word, and phrases known to have slipped before.
 */
type Lang = 'ru' | 'uk';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const DEMO = { login: '380501112233', password: 'demo-password' };

/** Letters of one language the other never writes. */
const FOREIGN_LETTERS: Record<Lang, RegExp> = { uk: /[ыэъё]/i, ru: /[іїєґ]/i };
/** Phrases that slipped into the other language's pages before (issue 29), and the spec's typo. */
const FOREIGN_PHRASES: Record<Lang, readonly string[]> = {
  uk: ['Дата рождения', 'Войти', 'Не пройдена проверка', 'обовязкове', 'Начисление'],
  ru: ['Увійти', 'обовязкове', 'Поле обов', 'Номер телефону', 'Нарахування'],
};

/** Latin-only words (brands, e-mail, units) are no language's mistake; a word is letters, ’ and -. */
const WORD = /[\p{L}’'-]+/gu;

/** What the page says: text nodes and the attributes read aloud or shown, outside the other language's marked parts. */
async function pageWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const other = (element: Element | null) => {
      if (element?.closest('[data-top-reviews], [data-reviews], [data-review]')) return true;
      const marked = element?.closest('[lang]');
      return marked !== null && marked !== undefined && marked.getAttribute('lang') !== lang;
    };
    const texts: string[] = [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    ];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template') || other(parent)) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('[alt], [title], [aria-label], [placeholder]')) {
      if (other(element)) continue;
      for (const name of ['alt', 'title', 'aria-label', 'placeholder']) texts.push(element.getAttribute(name) ?? '');
    }
    return texts;
  });
}

/** The page's words of the other language, with a little context to find them. */
async function foreignWords(page: Page, lang: Lang): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await pageWords(page)) {
    for (const word of text.match(WORD) ?? []) if (FOREIGN_LETTERS[lang].test(word)) found.add(word);
    for (const phrase of FOREIGN_PHRASES[lang]) if (text.includes(phrase)) found.add(phrase);
  }
  return [...found];
}

const at = (path: string, lang: Lang) => withLocale(path, lang);
const productSlugs = z.object({ items: z.array(z.object({ slug: z.string() })) });

/**
 * Public pages: the main page, info, blog and news, a catalogue (its cards' pictures), the basket,
 * the certificate form. Product pages have a test of their own below (their path comes from the data).
 */
const PUBLIC = [
  '/',
  '/info/delivery',
  '/info/contacts',
  '/info/bonus-rules',
  '/blog',
  '/news',
  '/odezhda',
  '/basket',
  '/certificate',
];
/** The signed-in account's pages. */
const ACCOUNT = [
  '/profile',
  '/profile/locations',
  '/profile/children',
  '/profile/bonus',
  '/profile/orders',
  '/profile/wishlist',
  '/profile/reviews',
];

test.use(PHONE);

for (const lang of ['ru', 'uk'] as const) {
  test(`${lang}: the public pages speak one language`, async ({ page }) => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    for (const path of PUBLIC.map((p) => at(p, lang))) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const words = await foreignWords(page, lang);
      if (words.length > 0) problems.push(`${path}: ${words.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  test(`${lang}: the account pages and the certificate form’s messages speak one language`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(at('/', lang));
    await signIn(page, DEMO.login, DEMO.password);
    // The shopper's own name is hers, in whatever language she wrote it (other tests rename the demo
    // shopper): it is not the page's text.
    const me = sessionAnswerSchema.parse(await (await page.request.get('/api/auth/me')).json()).session;
    const own = new Set(me.signedIn ? `${me.shopper.firstName} ${me.shopper.lastName}`.split(/\s+/) : []);
    const problems: string[] = [];
    for (const path of ACCOUNT.map((p) => at(p, lang))) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const words = (await foreignWords(page, lang)).filter((word) => !own.has(word));
      if (words.length > 0) problems.push(`${path}: ${words.join(', ')}`);
    }
    // The certificate form sent empty: every field's message in the page's language.
    await page.goto(at('/certificate', lang));
    await page.locator('form[data-certificate-form] button[type="submit"]').click();
    await expect(page.locator('[data-field-error]')).toHaveCount(4);
    const words = await foreignWords(page, lang);
    if (words.length > 0) problems.push(`certificate form errors: ${words.join(', ')}`);
    expect(problems).toEqual([]);
  });

  test(`${lang}: product pages speak one language, their pictures' alt texts too`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const response = await request.get('/svc/search/public/products?category=odezhda&limit=3&withPrice=1&hasImage=1');
    expect(response.status()).toBe(200);
    const slugs = productSlugs.parse(await response.json()).items.map((item) => item.slug);
    expect(slugs.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const slug of slugs) {
      const path = at(`/product/${slug}`, lang);
      expect((await page.goto(path))?.status(), path).toBe(200);
      const words = await foreignWords(page, lang);
      if (words.length > 0) problems.push(`${path}: ${words.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
}

test('the markers find the other language (the check can fail)', async ({ page }) => {
  await page.setContent(
    '<html lang="uk"><body><p>Дата рождения</p><img alt="Комбинезон тёплый"><a lang="ru">Русский</a></body></html>',
  );
  expect(await foreignWords(page, 'uk')).toEqual(expect.arrayContaining(['Дата рождения', 'тёплый']));
  expect(await foreignWords(page, 'uk')).not.toContain('Русский');
});
