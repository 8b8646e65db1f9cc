import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import { E2E_SEARCH_ADMIN_TOKEN } from '../../playwright.config.ts';
import {
  PREFIX,
  TEXT,
  addToBasket,
  buyable,
  chooseCity,
  placedOrderHash,
  readOrder,
  type Buyable,
  type Lang,
} from './checkoutSupport.ts';
import { answerAtBank } from './orderSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * The checkout on a phone (issue 29), on a 390 × 844 touch screen in both languages: the phone as
 * people type it, the city and branch kept together, the branch list folded to the chosen card,
 * card payment straight to the bank, the unpaid order offered on coming back, stock that ran out
 * at submit named and confirmed, and the instalment preview of what the bank is sent.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const OTHER: Record<Lang, Lang> = { ru: 'uk', uk: 'ru' };

const WORDS = {
  ru: {
    short: 'Номер слишком короткий: после +380 нужно 9 цифр',
    foreign: 'Номер телефона должен начинаться с +380',
    required: 'Поле обязательно для заполнения',
    change: 'Изменить',
    weight: /^Посылки до \d+ кг$/,
    method: 'Способ доставки',
    unpaid: /^У вас есть неоплаченный заказ №\d+ — оплатить$/,
    pay: 'оплатить',
    shortage: 'Пока вы оформляли заказ, товара стало меньше',
    soldOut: 'Закончился — в заказ не войдёт',
    smaller: (amount: string) => `Заказать без них за ${amount} грн`,
    allSoldOut: 'Все товары из корзины закончились',
    orderPage: 'Заказ',
  },
  uk: {
    short: 'Номер закороткий: після +380 потрібно 9 цифр',
    foreign: 'Номер телефону має починатись з +380',
    required: 'Поле обов’язкове до заповнення',
    change: 'Змінити',
    weight: /^Посилки до \d+ кг$/,
    method: 'Спосіб доставки',
    unpaid: /^У вас є неоплачене замовлення №\d+ — сплатити$/,
    pay: 'сплатити',
    shortage: 'Поки ви оформлювали замовлення, товару поменшало',
    soldOut: 'Закінчився — до замовлення не увійде',
    smaller: (amount: string) => `Замовити без них за ${amount} грн`,
    allSoldOut: 'Усі товари з кошика закінчилися',
    orderPage: 'Замовлення',
  },
} as const;

/** What the shopper sees around `at` on the phone's screen, for a person to look at. */
async function shot(page: Page, name: string, at?: Locator): Promise<void> {
  if (at) await at.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await shotForPeople(page, `checkout-${name}`);
}

async function fillWho(page: Page, lang: Lang, phone = '0501234567'): Promise<void> {
  const t = TEXT[lang];
  await page.getByLabel(t.phone, { exact: true }).fill(phone);
  await page.getByLabel(t.firstName, { exact: true }).fill('Олена');
  await page.getByLabel(t.lastName, { exact: true }).fill('Коваль');
}

async function choosePickup(page: Page, lang: Lang): Promise<void> {
  const t = TEXT[lang];
  await chooseCity(page, lang, 'kyiv');
  await page.getByRole('radio', { name: new RegExp(`^${t.pickup}`) }).check();
  await page.getByRole('radio', { name: lang === 'ru' ? /Магазин на Оболони/ : /Магазин на Оболоні/ }).check();
}

/** Sets every warehouse of the variant to `quantity` units (the search admin API), so the stock runs out under the shopper. */
async function setStock(request: APIRequestContext, item: Buyable, quantity: (was: number) => number): Promise<void> {
  const response = await request.patch(`/svc/search/admin/product/${item.product.id}/variant/${item.variant.id}`, {
    headers: { Authorization: `Bearer ${E2E_SEARCH_ADMIN_TOKEN}` },
    data: { stock: item.variant.warehouses.map((w) => ({ warehouseId: w.id, quantity: quantity(w.quantity) })) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

for (const lang of ['ru', 'uk'] as const satisfies Lang[]) {
  const t = TEXT[lang];
  const w = WORDS[lang];

  test(`the phone as people type it: masked, judged on leaving the field, in the page’s language (${lang})`, async ({
    page,
    request,
  }) => {
    await addToBasket(page, lang, await buyable(request, 'igrushki', lang === 'ru' ? 7 : 8));
    await page.goto(`${PREFIX[lang]}/checkout`);
    const phone = page.getByLabel(t.phone, { exact: true });
    const firstName = page.getByLabel(t.firstName, { exact: true });
    // Passing an empty field on the way down says nothing yet.
    await phone.tap();
    await firstName.tap();
    await expect(page.getByText(w.required)).toHaveCount(0);

    await phone.pressSequentially('0931234');
    await expect(phone).toHaveValue('+380 93 123 4');
    await firstName.tap();
    await expect(page.getByText(w.short)).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await phone.fill('+48 501 234 567');
    await expect(page.getByText(w.foreign)).toBeVisible();
    // Pasted the way Ukrainians write it: the mask makes it +380 …, the message goes.
    await phone.fill('093 123-45-67');
    await expect(phone).toHaveValue('+380 93 123 45 67');
    await expect(page.getByText(w.foreign)).toHaveCount(0);
    await expect(page.getByText(w.short)).toHaveCount(0);
    await firstName.fill('Олена');
    await page.getByLabel(t.lastName, { exact: true }).fill('Коваль');
    await page.getByLabel(lang === 'ru' ? 'Заказ получит другой человек' : 'Замовлення отримає інша людина').check();
    const recipient = page.getByLabel(lang === 'ru' ? 'Телефон получателя' : 'Телефон отримувача');
    await recipient.fill('931112233');
    await expect(recipient).toHaveValue('+380 93 111 22 33');
    await page.getByLabel(lang === 'ru' ? 'Имя получателя' : 'Ім’я отримувача').fill('Іван');
    await page.getByLabel(lang === 'ru' ? 'Фамилия получателя' : 'Прізвище отримувача').fill('Коваль');
    await shot(page, `phone-${lang}`, phone);

    await choosePickup(page, lang);
    await page.getByRole('button', { name: t.submit }).click();
    const order = await readOrder(request, await placedOrderHash(page, lang), lang);
    expect(order.phone).toBe('380931234567');
  });

  test(`city and branch stay together through a reload and a language switch; the list folds to the chosen branch (${lang})`, async ({
    page,
    request,
  }) => {
    await addToBasket(page, lang, await buyable(request, 'igrushki', lang === 'ru' ? 9 : 10));
    await page.goto(`${PREFIX[lang]}/checkout`);
    await fillWho(page, lang);
    // The often used cities stand in the flow of the page: nothing below is covered.
    await chooseCity(page, lang, 'kyiv');
    await page.getByRole('button', { name: w.change }).first().tap();
    const popular = page.getByRole('list', { name: t.city });
    await expect(popular.getByRole('button').first()).toBeVisible();
    // Every city whole (none cut off by the list's edge), all above «Спосіб доставки».
    const methodBox = await page.getByText(w.method, { exact: true }).boundingBox();
    const listBox = await popular.boundingBox();
    const lastBox = await popular.getByRole('button').last().boundingBox();
    if (!methodBox || !listBox || !lastBox) throw new Error('the list or the methods are not laid out');
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(listBox.y + listBox.height);
    expect(listBox.y + listBox.height).toBeLessThanOrEqual(methodBox.y);
    await shot(page, `city-list-${lang}`, popular);
    await popular.getByRole('button', { name: t.kyiv }).tap();
    // «1-2 дні» («1-2 дня»), not «1-2 днів» / «1-2 дней».
    const courier = page.locator('label.checkout-option', { hasText: t.courier });
    await expect(courier).toContainText(lang === 'ru' ? '1-2 дня' : '1-2 дні');
    await expect(courier).not.toContainText(lang === 'ru' ? 'дней' : 'днів');

    await page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) }).check();
    await page.getByRole('searchbox', { name: t.branch }).fill('17');
    await page.getByRole('button', { name: new RegExp(`^${t.npLine}17:`) }).tap();
    // The other branches go; the chosen one shows with its weight limit and «Змінити».
    const card = page.locator('[data-chosen-branch]');
    await expect(card.getByText(new RegExp(`^${t.chosen} ${t.npLine}17:`))).toBeVisible();
    await expect(card.locator('[data-branch-weight]')).toHaveText(w.weight);
    await expect(page.getByRole('button', { name: new RegExp(`^${t.npLine}\\d+:`) })).toHaveCount(0);
    await shot(page, `branch-chosen-${lang}`, card);

    // The city shows as chosen (not an empty search box above the branch).
    const city = page.locator('[data-chosen-city]');
    await page.reload();
    await expect(city).toContainText(t.kyiv);
    await expect(page.getByRole('searchbox', { name: t.city })).toHaveCount(0);
    await expect(card.getByText(new RegExp(`^${t.chosen} ${t.npLine}17:`))).toBeVisible();

    // The other language's checkout: the same city by its name there, the branch in that language.
    const other = TEXT[OTHER[lang]];
    await page.goto(`${PREFIX[OTHER[lang]]}/checkout`);
    await expect(city).toContainText(other.kyiv);
    await expect(page.getByRole('searchbox', { name: other.city })).toHaveCount(0);
    await expect(card.getByText(new RegExp(`^${other.chosen} ${other.npLine}17:`))).toBeVisible();
    await expect(card.locator('[data-branch-weight]')).toHaveText(WORDS[OTHER[lang]].weight);
    await shot(page, `branch-switched-${lang}`, card);

    // «Змінити» opens the list again; another branch is chosen in one tap.
    await card.getByRole('button', { name: WORDS[OTHER[lang]].change }).tap();
    await page.getByRole('searchbox', { name: other.branch }).fill('21');
    await page.getByRole('button', { name: new RegExp(`^${other.npLine}21:`) }).tap();
    await expect(card.getByText(new RegExp(`^${other.chosen} ${other.npLine}21:`))).toBeVisible();
  });

  test(`«${t.submit}» with a card opens the bank; coming back offers the unpaid order (${lang})`, async ({
    page,
    request,
  }) => {
    await addToBasket(page, lang, await buyable(request, 'igrushki', lang === 'ru' ? 11 : 12));
    await page.goto(`${PREFIX[lang]}/checkout`);
    await fillWho(page, lang);
    await choosePickup(page, lang);
    await page.getByRole('radio', { name: t.card }).check();
    await page.getByRole('button', { name: t.submit }).tap();
    await expect(page).toHaveURL(/\/svc\/order\/sandbox\/bank\//);

    // Back from the bank without paying: the checkout names the order and links it.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/checkout$`));
    const unpaid = page.locator('[data-unpaid-order]');
    await expect(unpaid).toHaveText(w.unpaid);
    const number = /№(\d+)/.exec((await unpaid.textContent()) ?? '')?.[1];
    await shot(page, `unpaid-${lang}`);
    await unpaid.getByRole('link', { name: w.pay }).tap();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/order/[^/?]+$`));
    const hash = /\/order\/([^/?]+)/.exec(new URL(page.url()).pathname)?.[1] ?? '';
    const order = await readOrder(request, hash, lang);
    expect(order.number).toBe(number);
    expect(order.paymentType).toBe(2);

    // Paid: the checkout no longer offers it.
    await page.locator('form[data-pay-form] button').click();
    await answerAtBank(page, 'Оплатить');
    await page.goto(`${PREFIX[lang]}/checkout`);
    await expect(
      page.getByText(lang === 'ru' ? 'В корзине нет товаров' : 'У кошику немає товарів').first(),
    ).toBeVisible();
    await expect(unpaid).toHaveCount(0);
  });

  test(`a line sold out meanwhile is named; the smaller order goes once confirmed with its total (${lang})`, async ({
    page,
    request,
  }) => {
    const gone = await buyable(request, 'odezhda', lang === 'ru' ? 14 : 15);
    const kept = await buyable(request, 'igrushki', lang === 'ru' ? 13 : 14);
    await addToBasket(page, lang, gone);
    await addToBasket(page, lang, kept);
    await page.goto(`${PREFIX[lang]}/checkout`);
    await fillWho(page, lang);
    await choosePickup(page, lang);
    const submit = page.locator('button.checkout-submit');
    await expect(submit).toHaveText(t.submit);

    await setStock(request, gone, () => 0);
    try {
      await submit.tap();
      const notice = page.locator('[data-stock-shortage]');
      await expect(notice).toContainText(w.shortage);
      const line = notice.locator('[data-short-line]');
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(w.soldOut);
      const size = gone.variant.sizePresentation;
      if (size) await expect(line).toContainText(lang === 'ru' ? size.title : (size.titleUkr ?? size.title));
      await expect(line.getByRole('link')).toHaveAttribute('href', new RegExp(`/product/${gone.product.slug}\\?`));
      // The form is kept, and the button asks for the smaller order with its new total.
      await expect(page.getByLabel(t.firstName, { exact: true })).toHaveValue('Олена');
      const total = (await page.locator('.checkout-total dd').textContent()) ?? '';
      const amount = total.replace(/\s*грн$/, '');
      await expect(submit).toHaveText(w.smaller(amount));
      await shot(page, `shortage-${lang}`, page.locator('[data-stock-shortage]'));
      await submit.tap();
      const order = await readOrder(request, await placedOrderHash(page, lang), lang);
      expect(order.activeOrderItems.map((l) => l.internalId)).toEqual([kept.variant.id]);
      expect(digits(total)).toBeCloseTo(order.totalPrice, 2);
    } finally {
      await setStock(request, gone, (was) => was);
    }
  });

  test(`everything sold out: the checkout says so and links the product (${lang})`, async ({ page, request }) => {
    const gone = await buyable(request, 'odezhda', lang === 'ru' ? 16 : 17);
    await addToBasket(page, lang, gone);
    await setStock(request, gone, () => 0);
    try {
      await page.goto(`${PREFIX[lang]}/checkout`);
      const soldOut = page.locator('[data-all-sold-out]');
      await expect(soldOut).toContainText(w.allSoldOut);
      await expect(soldOut.getByRole('link').first()).toHaveAttribute(
        'href',
        new RegExp(`/product/${gone.product.slug}\\?`),
      );
      await shot(page, `all-sold-out-${lang}`);
    } finally {
      await setStock(request, gone, (was) => was);
    }
  });

  test(`the instalment preview divides what the bank is sent: goods and delivery (${lang})`, async ({
    page,
    request,
  }) => {
    await addToBasket(
      page,
      lang,
      // Above the instalment minimum, below free delivery (FREE_DELIVERY): the bank is sent a delivery price.
      await buyable(request, 'kolyaski-i-avtokresla', lang === 'ru' ? 1 : 2, {
        minStock: 10,
        minPrice: 400,
        maxPrice: 1400,
      }),
    );
    await page.goto(`${PREFIX[lang]}/checkout`);
    await fillWho(page, lang);
    await chooseCity(page, lang, 'kyiv');
    await page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) }).check();
    await page.getByRole('searchbox', { name: t.branch }).fill('21');
    await page.getByRole('button', { name: new RegExp(`^${t.npLine}21:`) }).tap();
    await page.getByRole('radio', { name: t.monobank }).check();
    const total = digits(await page.locator('.checkout-total dd').textContent());
    const delivery = digits(
      await page.locator('.checkout-totals div', { hasText: 'Доставка' }).locator('dd').textContent(),
    );
    expect(delivery).toBeGreaterThan(0);
    const four = await page.getByLabel(t.parts).locator('option[value="4"]').textContent();
    expect(digits((four ?? '').split('~')[1] ?? '')).toBe(Math.ceil(Math.round((total / 4) * 100) / 100));
  });
}
