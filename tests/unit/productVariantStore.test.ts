import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchedPage } from '../../src/api/pageHtml.ts';
import { fetchPageHtml } from '../../src/api/pageHtml.ts';
import type { PickerVariant } from '../../src/domain/product/productPageModel.ts';
import {
  $choiceHref,
  $chosenVariant,
  $variantChoice,
  $variantPage,
  chooseColor,
  chooseSize,
  initVariantChoice,
} from '../../src/stores/productVariant.ts';

/**
 * The product page's variant choice (issue 29): taps change the choice in place, no size is chosen
 * for the shopper, the URL follows, and the choice's page (gallery, shops) is fetched with the
 * newest tap winning over an older answer.
 */

vi.mock(import('../../src/api/pageHtml.ts'), () => ({ fetchPageHtml: vi.fn() }));
const fetchPage = vi.mocked(fetchPageHtml);

function variant(id: number, color: string, size: string | null): PickerVariant {
  return {
    id,
    color,
    size,
    sizeTitle: size ?? '',
    article: `A-${id}`,
    price: { final: 100 * id, text: `${100 * id} грн`, oldText: null, badgeText: null },
    rewardText: null,
    subscriptionText: null,
    stockKind: 'inStock',
    stockText: 'В наличии',
    stockAmount: 5,
    max: 5,
    item: null,
  };
}

const DATA = {
  base: '/product/kombinezon',
  variants: [variant(1, 'red', '74'), variant(2, 'red', '80'), variant(3, 'blue', '80'), variant(4, 'green', '86')],
  colors: [],
};

/** Answers the test settles by hand, in any order. */
function pendingPages() {
  const waiting = new Map<string, { resolve: (page: FetchedPage) => void; reject: (error: Error) => void }>();
  fetchPage.mockImplementation(
    (href) =>
      new Promise<FetchedPage>((resolve, reject) => {
        waiting.set(href, { resolve, reject });
      }),
  );
  return {
    answer: (href: string) => waiting.get(href)?.resolve({ url: href, html: `<main>${href}</main>` }),
    fail: (href: string) => waiting.get(href)?.reject(new Error('offline')),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  initVariantChoice(DATA, { color: 'red', size: null });
  $variantPage.set({ status: 'idle' });
});
afterEach(() => fetchPage.mockReset());

describe('the variant choice store', () => {
  it('chooses no variant while a colour with several sizes has none picked; the URL names the colour only', () => {
    expect($chosenVariant.get()).toBeNull();
    expect($choiceHref.get()).toBe('/product/kombinezon?color=red');
  });

  it('a size tap chooses the variant, keeps the colour and fetches that choice’s page', async () => {
    const pages = pendingPages();
    chooseSize('80');
    expect($chosenVariant.get()?.id).toBe(2);
    expect($choiceHref.get()).toBe('/product/kombinezon?color=red&size=80');
    expect($variantPage.get()).toEqual({ status: 'loading', href: '/product/kombinezon?color=red&size=80' });
    pages.answer('/product/kombinezon?color=red&size=80');
    await settle();
    expect($variantPage.get()).toMatchObject({ status: 'ready', colorChanged: false });
  });

  it('a colour tap keeps the size the new colour has, else chooses none, and says the colour changed', async () => {
    const pages = pendingPages();
    chooseSize('80');
    chooseColor('blue');
    expect($variantChoice.get()).toEqual({ color: 'blue', size: '80' });
    expect($chosenVariant.get()?.id).toBe(3);
    chooseColor('green');
    // Green has only 86: no size of the shopper's is carried over, the only size is the variant.
    expect($variantChoice.get()).toEqual({ color: 'green', size: null });
    expect($chosenVariant.get()?.id).toBe(4);
    pages.answer('/product/kombinezon?color=green&size=86');
    await settle();
    expect($variantPage.get()).toMatchObject({ status: 'ready', colorChanged: true });
  });

  it('tapping what is already chosen fetches nothing', () => {
    pendingPages();
    chooseColor('red');
    expect(fetchPage).not.toHaveBeenCalled();
    chooseSize('74');
    chooseSize('74');
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('an older answer never replaces the newer choice’s page; a failed fetch says so', async () => {
    const pages = pendingPages();
    chooseSize('74');
    chooseSize('80');
    pages.answer('/product/kombinezon?color=red&size=74');
    await settle();
    expect($variantPage.get()).toEqual({ status: 'loading', href: '/product/kombinezon?color=red&size=80' });
    pages.fail('/product/kombinezon?color=red&size=80');
    await settle();
    expect($variantPage.get()).toEqual({ status: 'error', href: '/product/kombinezon?color=red&size=80' });
  });
});
