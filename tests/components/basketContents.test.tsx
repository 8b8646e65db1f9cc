/** @vitest-environment happy-dom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BasketContents } from '../../src/components/basket/BasketContents.tsx';
import type { Locale } from '../../src/api/schemas/common.ts';
import { newBasketItem } from '../../src/domain/basket/basketItem.ts';
import { $basket, $basketCheck, $basketProblems } from '../../src/stores/basket.ts';
import {
  checkResponse,
  code,
  line,
  lineInput,
  resetBasket,
  setBasket,
  springGifts,
  strollerInput,
  stubNetwork,
} from './basketFixtures.ts';

// Store actions schedule a check 1 s after a change: fake timers keep it from running unless a
// test lets it (and the network stub makes a check that runs fail as it would offline).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubNetwork();
  resetBasket();
});
afterEach(() => {
  cleanup();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const show = (locale: Locale = 'ru') => render(<BasketContents locale={locale} variant="page" />);
const lines = () => within(screen.getByRole('list', { name: 'Товары в корзине' })).getAllByRole('listitem');
const lineOf = (title: string) => {
  const found = lines().find((li) => within(li).queryByRole('link', { name: title }) ?? within(li).queryByText(title));
  if (!found) throw new Error(`no line "${title}"`);
  return found;
};
const summary = () => screen.getByRole('region', { name: 'Итого' });
const countOf = (key: string) => $basket.get().items.find((item) => item.key === key)?.count;

describe('BasketContents: lines and totals', () => {
  it('shows each line with its picture, linked title, colour, size and final price; the old price only for a real drop', () => {
    setBasket([line(lineInput(), 2), line(strollerInput(), 1)]);
    show();
    expect(lines()).toHaveLength(2);

    const overall = lineOf('Комбинезон зимний');
    expect(within(overall).getByRole('link', { name: 'Комбинезон зимний' }).getAttribute('href')).toBe(
      '/product/kombinezon-zimniy?color=krasnyi&size=98',
    );
    // The line's picture at the thumbnail's width, from the image service (never the full-size photo).
    const picture = new URL(overall.querySelector('img')?.getAttribute('src') ?? '', 'http://shop.test');
    expect(picture.pathname).toBe('/img');
    expect(picture.searchParams.get('src')).toBe('/svc/search/images/101.jpg');
    expect(within(overall).getByText('Цвет: Красный')).toBeTruthy();
    expect(within(overall).getByText('Размер: 98 см')).toBeTruthy();
    expect(within(overall).getByText('3 998 грн')).toBeTruthy();
    expect(overall.querySelector('s')?.textContent).toBe('Цена без скидки: 5 000 грн');
    expect(within(overall).getByText('1 999 грн × 2')).toBeTruthy();

    const stroller = lineOf('Коляска прогулочная');
    expect(within(stroller).getByText('12 500 грн')).toBeTruthy();
    expect(stroller.querySelector('s')).toBeNull();
    expect(within(stroller).queryByText(/^Цвет:/)).toBeNull();
  });

  it('adds up the totals with a space between thousands: without discounts, the discount, the total', () => {
    setBasket([line(lineInput(), 2), line(strollerInput(), 1)]);
    show();
    const totals = within(summary());
    expect(totals.getByText('3 товара')).toBeTruthy();
    expect(totals.getByText('17 500 грн')).toBeTruthy();
    expect(totals.getByText('Скидка')).toBeTruthy();
    expect(totals.getByText('−1 002 грн')).toBeTruthy();
    expect(totals.getByText('К оплате')).toBeTruthy();
    expect(totals.getByText('16 498 грн')).toBeTruthy();
    expect(totals.getByRole('link', { name: 'Оформить заказ' }).getAttribute('href')).toBe('/checkout');
  });

  it('takes the checked price when the check is current, and gift certificates off the total', () => {
    const checked = line(lineInput(), 2, { checkedCost: 3600, checkedQuantity: 2, checkedPrice: 1800 });
    setBasket([checked], [code({ type: 1, key: 'GC-500', isChecked: true, discountAmount: 500, orderDiscount: 500 })]);
    show();
    expect(within(lineOf('Комбинезон зимний')).getByText('3 600 грн')).toBeTruthy();
    const totals = within(summary());
    expect(totals.getByText('−1 400 грн')).toBeTruthy();
    expect(totals.getByText('Промокоды и сертификаты')).toBeTruthy();
    expect(totals.getByText('−500 грн')).toBeTruthy();
    expect(totals.getByText('3 100 грн')).toBeTruthy();
  });

  it('shows the bonus the order earns: the spec §9 fallback before a check, the check’s figure after it', () => {
    // 2 × 1 999 грн at 5 %: round(3 998 × 5 / 100) = 200 before any answer.
    setBasket([line(lineInput({ bonusAccrualRate: 5 }), 2)]);
    show();
    expect(within(summary()).getByText('Бонусы за заказ')).toBeTruthy();
    expect(within(summary()).getByText('+200')).toBeTruthy();
    cleanup();
    // The check answered for this very count: its own figure (a promo code lowered it).
    setBasket([
      line(lineInput({ bonusAccrualRate: 5 }), 2, {
        checkedCost: 3600,
        checkedQuantity: 2,
        checkedPrice: 1800,
        checkedBonusAmount: 180,
      }),
    ]);
    $basketCheck.set({ status: 'ready', response: checkResponse({ bonusAmount: 180 }), refused: [] });
    render(<BasketContents locale="uk" variant="page" />);
    const totals = within(screen.getByRole('region', { name: 'Разом' }));
    expect(totals.getByText('Бонуси за замовлення')).toBeTruthy();
    expect(totals.getByText('+180')).toBeTruthy();
  });

  it('speaks Ukrainian on the Ukrainian site: titles, colours, plural forms, links under /ua', () => {
    setBasket([line(lineInput(), 3)]);
    render(<BasketContents locale="uk" variant="page" />);
    const list = screen.getByRole('list', { name: 'Товари в кошику' });
    expect(within(list).getByRole('link', { name: 'Комбінезон зимовий' }).getAttribute('href')).toBe(
      '/ua/product/kombinezon-zimniy?color=krasnyi&size=98',
    );
    expect(within(list).getByText('Колір: Червоний')).toBeTruthy();
    const totals = within(screen.getByRole('region', { name: 'Разом' }));
    expect(totals.getByText('3 товари')).toBeTruthy();
    expect(totals.getByRole('link', { name: 'Оформити замовлення' }).getAttribute('href')).toBe('/ua/checkout');
    expect(screen.getByRole('button', { name: 'Видалити «Комбінезон зимовий» з кошика' })).toBeTruthy();
  });

  it('says the basket is empty and leads back to the shop', () => {
    show();
    expect(screen.getByText('В корзине пока пусто')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти к покупкам' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('region', { name: 'Итого' })).toBeNull();
    cleanup();
    show('uk');
    expect(screen.getByRole('link', { name: 'Перейти до покупок' }).getAttribute('href')).toBe('/ua/');
  });
});

describe('BasketContents: quantity', () => {
  it('offers − only while the count is above 1 and + up to the stock, then says why not', () => {
    setBasket([line(lineInput({ totalAmount: 3 }), 1)]);
    show();
    const minus = screen.getByRole('button', { name: 'Уменьшить количество «Комбинезон зимний»' });
    const plus = screen.getByRole('button', { name: 'Увеличить количество «Комбинезон зимний»' });
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(minus);
    expect(countOf('101_price')).toBe(1);

    fireEvent.click(plus);
    expect(countOf('101_price')).toBe(2);
    expect(minus.getAttribute('aria-disabled')).toBe('false');
    expect(screen.queryByText(/Больше нет в наличии/)).toBeNull();

    fireEvent.click(plus);
    expect(countOf('101_price')).toBe(3);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    const limit = screen.getByText('Больше нет в наличии: в корзине 3 из 3');
    expect(plus.getAttribute('aria-describedby')).toBe(limit.id);

    fireEvent.click(plus);
    expect(countOf('101_price')).toBe(3);
    expect(within(screen.getByRole('group', { name: 'Количество «Комбинезон зимний»' })).getByText('3')).toBeTruthy();

    fireEvent.click(minus);
    expect(countOf('101_price')).toBe(2);
    expect(screen.queryByText(/Больше нет в наличии/)).toBeNull();
  });

  it('counts the variant’s other lines against its stock in the limit message', () => {
    const subscription = {
      ...line(lineInput({ totalAmount: 4 }), 1),
      itemType: 'subscription' as const,
      key: '101_subscription_30',
      intervalDays: 30,
      startDate: '2030-01-01',
    };
    setBasket([line(lineInput({ totalAmount: 4 }), 3), subscription]);
    show();
    expect(screen.getAllByText('Больше нет в наличии: в корзине 4 из 4')).toHaveLength(2);
  });
});

describe('BasketContents: remove', () => {
  it('is a real form post (under /ua for Ukrainian) that script turns into a store action', () => {
    setBasket([line(lineInput(), 1), line(strollerInput(), 1)]);
    show();
    const button = screen.getByRole('button', { name: 'Удалить «Комбинезон зимний» из корзины' });
    const form = button.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/basket/remove');
    expect(form?.querySelector<HTMLInputElement>('input[type="hidden"][name="internalId"]')?.value).toBe('101');

    fireEvent.click(button);
    expect($basket.get().items.map((item) => item.key)).toEqual(['202_price']);
    expect(lines()).toHaveLength(1);
    expect(screen.getByText('«Комбинезон зимний» удалён из корзины')).toBeTruthy();
    expect(document.activeElement?.classList.contains('basket')).toBe(true);
  });

  it('removing the last line leaves the empty basket', () => {
    setBasket([line(lineInput(), 1)]);
    show();
    const status = screen.getAllByRole('status')[0];
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Комбинезон зимний» из корзины' }));
    expect(screen.getByText('В корзине пока пусто')).toBeTruthy();
    // The same live region, now saying what happened; the focus stays in the basket.
    expect(screen.getAllByRole('status')[0]).toBe(status);
    expect(status?.textContent).toBe('«Комбинезон зимний» удалён из корзины');
    expect(document.activeElement?.classList.contains('basket')).toBe(true);
  });

  it('posts to the Ukrainian basket under /ua', () => {
    setBasket([line(lineInput(), 1)]);
    render(<BasketContents locale="uk" variant="drawer" />);
    expect(
      screen
        .getByRole('button', { name: 'Видалити «Комбінезон зимовий» з кошика' })
        .closest('form')
        ?.getAttribute('action'),
    ).toBe('/ua/basket/remove');
  });
});

describe('BasketContents: problems', () => {
  it('says in words why a line will not be ordered, and leaves it out of the totals', () => {
    setBasket([line(lineInput(), 1, { errorCode: 4 }), line(strollerInput(), 1)]);
    show();
    expect(within(lineOf('Комбинезон зимний')).getByText('Нет в наличии — товар не войдёт в заказ')).toBeTruthy();
    expect(within(summary()).getByText('1 товар')).toBeTruthy();
    // Without discounts and to pay: the stroller alone.
    expect(within(summary()).getAllByText('12 500 грн', { selector: 'dd' })).toHaveLength(2);
  });

  it('names the not-available and not-enough lines of the last check', () => {
    const short = line(strollerInput(), 1, { expectedCount: 3 });
    setBasket([line(lineInput(), 1), short]);
    $basketProblems.set({
      notAvailable: [
        { key: '101_price', title: 'Комбинезон зимний', titleUkr: 'Комбінезон зимовий', slug: 'kombinezon-zimniy' },
      ],
      notEnough: [
        { key: '202_price', title: 'Коляска прогулочная', titleUkr: 'Коляска прогулянкова', slug: 'kolyaska' },
      ],
    });
    show();
    expect(within(lineOf('Комбинезон зимний')).getByText('Товар недоступен — он не войдёт в заказ')).toBeTruthy();
    expect(
      within(lineOf('Коляска прогулочная')).getByText('В наличии только 1 шт. из 3: в заказ войдёт 1'),
    ).toBeTruthy();
  });

  it('offers no checkout when nothing can be ordered', () => {
    setBasket([line(lineInput(), 1, { errorCode: 2 })]);
    show();
    expect(screen.getByText('Товар больше не продаётся — он не войдёт в заказ')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Оформить заказ' })).toBeNull();
    expect(screen.getByText('Сейчас в корзине нет товаров, которые можно заказать')).toBeTruthy();
  });
});

describe('BasketContents: gifts', () => {
  it('offers the gifts of a list waiting for a choice; choosing one puts it in the basket as a free line', () => {
    setBasket([line(lineInput(), 1)]);
    const list = springGifts();
    $basketCheck.set({
      status: 'ready',
      response: checkResponse({ giftLists: [list], choiceGiftList: [list] }),
      refused: [],
    });
    show();
    const choice = screen.getByRole('group', { name: 'Весенний подарок: выберите подарок' });
    const blocks = within(choice).getByRole('radio', { name: 'Кубики' });
    expect(within(choice).getAllByRole('radio')).toHaveLength(2);
    expect(blocks).toHaveProperty('checked', false);

    fireEvent.click(blocks);
    expect($basket.get().items.map((item) => item.key)).toEqual(['101_price', '502_gift_spring']);
    expect(blocks).toHaveProperty('checked', true);
    const gift = lineOf('Кубики');
    expect(within(gift).getByText('Подарок')).toBeTruthy();
    expect(within(gift).getByText('0 грн')).toBeTruthy();
    expect(within(gift).queryByRole('group', { name: /Количество/ })).toBeNull();
    expect(screen.getByText('Подарок выбран: Кубики')).toBeTruthy();
    // The gift costs nothing and is not counted.
    expect(within(summary()).getByText('1 товар')).toBeTruthy();

    fireEvent.click(within(choice).getByRole('radio', { name: 'Мяч' }));
    expect($basket.get().items.map((item) => item.key)).toEqual(['101_price', '501_gift_spring']);
  });

  it('keeps offering a list a gift was chosen from, with that gift chosen', () => {
    const list = springGifts();
    setBasket([
      line(lineInput(), 1),
      {
        ...line(lineInput({ id: 501, slug: 'gift-501', title: 'Мяч' }), 1),
        itemType: 'gift',
        giftPromoId: 'spring',
        key: '501_gift_spring',
      },
    ]);
    $basketCheck.set({
      status: 'ready',
      response: checkResponse({ giftLists: [list], choiceGiftList: [] }),
      refused: [],
    });
    render(<BasketContents locale="uk" variant="page" />);
    const choice = screen.getByRole('group', { name: 'Весняний подарунок: оберіть подарунок' });
    expect(within(choice).getByRole('radio', { name: "М'яч" })).toHaveProperty('checked', true);
  });

  it('offers nothing for a list that gives its gift as is', () => {
    setBasket([line(lineInput(), 1)]);
    const list = { ...springGifts(), isSelectable: false };
    $basketCheck.set({
      status: 'ready',
      response: checkResponse({ giftLists: [list], choiceGiftList: [] }),
      refused: [],
    });
    show();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('BasketContents: promo codes and certificates', () => {
  const keyInput = () => screen.getByRole('textbox', { name: 'Код' });
  const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Применить' }));

  it('enters a promo code (normalised), says it is being checked, and refuses it twice or empty, in words', () => {
    setBasket([line(lineInput(), 1)]);
    show();
    fireEvent.change(keyInput(), { target: { value: '  spring10 ' } });
    apply();
    expect($basket.get().certificates.map((c) => [c.type, c.key])).toEqual([[0, 'SPRING10']]);
    expect(screen.getByText('Код SPRING10 добавлен')).toBeTruthy();
    expect(keyInput()).toHaveProperty('value', '');
    const entered = within(screen.getByRole('list', { name: 'Введённые коды' }));
    expect(entered.getByText('Промокод SPRING10')).toBeTruthy();
    expect(entered.getByText('проверяем…')).toBeTruthy();

    fireEvent.change(keyInput(), { target: { value: 'Spring10' } });
    apply();
    expect(screen.getByText('Этот код уже введён')).toBeTruthy();
    expect(keyInput().getAttribute('aria-invalid')).toBe('true');
    expect($basket.get().certificates).toHaveLength(1);

    fireEvent.change(keyInput(), { target: { value: '   ' } });
    apply();
    expect(screen.getByText('Введите код')).toBeTruthy();
  });

  it('enters a gift certificate as type 1', () => {
    setBasket([line(lineInput(), 1)]);
    show();
    fireEvent.change(screen.getByRole('combobox', { name: 'Что вводите' }), { target: { value: '1' } });
    fireEvent.change(keyInput(), { target: { value: 'gc-77' } });
    apply();
    expect($basket.get().certificates.map((c) => [c.type, c.key])).toEqual([[1, 'gc-77']]);
    expect(screen.getByText('Подарочный сертификат gc-77')).toBeTruthy();
  });

  it('shows the service’s message next to a code after a check, and its discount when it applies', () => {
    setBasket(
      [line(lineInput(), 1)],
      [
        code({ key: 'WINTER', isChecked: true, errorMessage: 'Промокод действует на заказ от 3 000 грн' }),
        code({
          type: 1,
          key: 'GC-1000',
          title: 'Сертификат на 1 000 грн',
          isChecked: true,
          discountAmount: 1000,
          orderDiscount: 1000,
        }),
      ],
    );
    const refused = code({ key: 'OLD', errorMessage: 'Срок действия промокода истёк' });
    $basketCheck.set({ status: 'ready', response: checkResponse(), refused: [refused] });
    show();
    const entered = within(screen.getByRole('list', { name: 'Введённые коды' }));
    expect(entered.getByText('Промокод действует на заказ от 3 000 грн')).toBeTruthy();
    expect(entered.getByText('Сертификат на 1 000 грн')).toBeTruthy();
    expect(entered.getByText('скидка 1 000 грн')).toBeTruthy();
    expect(entered.getByText('Промокод OLD')).toBeTruthy();
    expect(entered.getByText('Срок действия промокода истёк')).toBeTruthy();
  });

  it('removes a code and puts the focus back in the code field', () => {
    setBasket([line(lineInput(), 1)], [code({ key: 'WINTER' })]);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить код WINTER' }));
    expect($basket.get().certificates).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Введённые коды' })).toBeNull();
    expect(document.activeElement).toBe(keyInput());
  });
});

describe('BasketContents: the check', () => {
  it('says, subtly, that prices are being checked', () => {
    setBasket([line(lineInput(), 1)]);
    $basketCheck.set({ status: 'checking', last: null });
    show();
    expect(within(summary()).getByRole('status').textContent).toBe('Проверяем цены…');
    expect(summary().getAttribute('aria-busy')).toBe('true');
  });

  it('after a failed check says prices will be confirmed at checkout, and retry checks again', async () => {
    setBasket([line(lineInput(), 1)]);
    $basketCheck.set({ status: 'error', last: null });
    show();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Не удалось проверить корзину, цены уточним при оформлении');

    fireEvent.click(within(alert).getByRole('button', { name: 'Проверить ещё раз' }));
    expect($basketCheck.get().status).toBe('checking');
    expect(screen.getByText('Проверяем цены…')).toBeTruthy();
    // The check runs for real against the stubbed (offline) network and fails again.
    await act(() => vi.waitFor(() => expect($basketCheck.get().status).toBe('error')));
    expect(vi.mocked(fetch).mock.calls.length).toBe(1);
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});

describe('BasketContents: a subscription line', () => {
  const subscribed = () =>
    newBasketItem(lineInput({ allowSubscription: true, subscriptionPrice: 1799 }), {
      count: 2,
      subscription: { quantity: 2, interval: 30, startDate: '2099-03-10' },
    });

  it('says it is a subscription, its interval and first delivery, at the subscription price', () => {
    setBasket([line(lineInput(), 1), subscribed()]);
    show();
    expect(lines()).toHaveLength(2);
    const [bought, subscription] = lines();
    expect(bought?.querySelector('[data-subscription-terms]')).toBeNull();
    if (!subscription) throw new Error('no subscription line');
    expect(within(subscription).getByText('Подписка')).toBeTruthy();
    expect(within(subscription).getByText('Доставка раз в 30 дней')).toBeTruthy();
    expect(within(subscription).getByText('первая — 10.03.2099')).toBeTruthy();
    expect(within(subscription).getByText('3 598 грн')).toBeTruthy();
    expect(within(subscription).getByText('1 799 грн × 2')).toBeTruthy();
    expect(within(subscription).getByText(/Цена по подписке/)).toBeTruthy();
  });

  it('in Ukrainian', () => {
    setBasket([subscribed()]);
    show('uk');
    const [only] = within(screen.getByRole('list', { name: 'Товари в кошику' })).getAllByRole('listitem');
    if (!only) throw new Error('no line');
    expect(within(only).getByText('Підписка')).toBeTruthy();
    expect(within(only).getByText('Доставка раз на 30 днів')).toBeTruthy();
    expect(within(only).getByText('перша — 10.03.2099')).toBeTruthy();
  });

  it('is kept under the spec’s basket_subscription key, apart from the lines bought once', () => {
    setBasket([line(lineInput(), 1), subscribed()]);
    const stored = (key: string) =>
      JSON.parse(localStorage.getItem(key) ?? 'null') as { items: { key: string }[] } | null;
    expect(stored('bbs_basket_anon')?.items.map((i) => i.key)).toEqual(['101_price']);
    expect(stored('bbs_basket_subscription_anon')?.items.map((i) => i.key)).toEqual(['101_subscription_30']);
  });
});
