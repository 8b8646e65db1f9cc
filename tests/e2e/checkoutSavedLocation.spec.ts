import { expect, test, type Page } from './fixtures.ts';
import { branchListSchema, settlementListSchema } from '../../src/api/schemas/delivery.ts';
import { KYIV_SETTLEMENT_ID } from '../../src/services/seed/settlements.ts';
import { call, registerFresh } from './accountSupport.ts';
import { PREFIX, TEXT, addToBasket, buyable, type Lang } from './checkoutSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Accounts spec §3/§4: a signed-in shopper's checkout starts on the default location: its city,
 * then its method and its branch or address, so a returning shopper only confirms.
 */

async function saveDefault(page: Page, body: Record<string, unknown>): Promise<void> {
  const answer = await call(page, '/api/account/locations', { cityId: KYIV_SETTLEMENT_ID, ...body });
  expect(answer.status, answer.text).toBe(200);
}

// One language per flow (docs/decisions.md "One language per end-to-end flow").
{
  const lang: Lang = 'uk';
  test(`${lang}: the default location’s branch is chosen at checkout`, async ({ page, request }) => {
    const t = TEXT[lang];
    await page.goto(PREFIX[lang] || '/');
    await registerFresh(page, 'saved-branch-1');
    const branches = branchListSchema.parse(
      await (
        await request.post(`/svc/delivery/public/settlement/${KYIV_SETTLEMENT_ID}/warehouse`, {
          data: { deliverySlug: 'np-warehouse', limit: 3 },
        })
      ).json(),
    );
    // Not the first of the list, so a choice made by list order alone would not pass.
    const branch = branches.items[2];
    if (!branch) throw new Error('Kyiv has fewer than three Nova Poshta branches');
    await saveDefault(page, { deliveryMethodSlug: 'np-warehouse', branchRef: branch.ref });
    await addToBasket(page, lang, await buyable(request, 'igrushki', 1));
    await page.goto(`${PREFIX[lang]}/checkout`);
    // Issue 29: the city shows as chosen above its branch, not as an empty search box.
    await expect(page.locator('[data-chosen-city]')).toContainText(t.kyiv);
    await expect(page.getByRole('searchbox', { name: t.city })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) })).toBeChecked();
    await expect(page.getByText(new RegExp(`^${t.chosen} ${t.npLine}${branch.number}:`))).toBeVisible();
  });
}

test('the default location’s courier address is filled at checkout, and a typed one is kept', async ({
  page,
  request,
}) => {
  const t = TEXT.uk;
  await page.goto('/ua');
  await registerFresh(page, 'saved-address-1');
  await saveDefault(page, { deliveryMethodSlug: 'im-courier', street: 'Хрещатик', building: '22', apartment: '5' });
  await addToBasket(page, 'uk', await buyable(request, 'igrushki', 1));
  await page.goto('/ua/checkout');
  await expect(page.getByLabel(t.street, { exact: true })).toHaveValue('Хрещатик');
  await expect(page.getByLabel(t.building, { exact: true })).toHaveValue('22');
  await expect(page.getByLabel(t.apartment, { exact: true })).toHaveValue('5');
  // The shopper's own change survives a reload (the draft wins over the saved location).
  await page.getByLabel(t.building, { exact: true }).fill('24');
  await page.reload();
  await expect(page.getByLabel(t.building, { exact: true })).toHaveValue('24');
});

test.describe('saved locations offered as choices on a phone (issue 29)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const lang of ['ru', 'uk'] as const satisfies Lang[]) {
    test(`${lang}: every saved location is one tap away, and a tap puts the checkout on it`, async ({
      page,
      request,
    }) => {
      const t = TEXT[lang];
      await page.goto(PREFIX[lang] || '/');
      await registerFresh(page, `saved-choices-${lang}`);
      const branches = branchListSchema.parse(
        await (
          await request.post(`/svc/delivery/public/settlement/${KYIV_SETTLEMENT_ID}/warehouse`, {
            data: { deliverySlug: 'np-warehouse', limit: 2 },
          })
        ).json(),
      );
      const branch = branches.items[1];
      if (!branch) throw new Error('Kyiv has fewer than two Nova Poshta branches');
      await saveDefault(page, { deliveryMethodSlug: 'np-warehouse', branchRef: branch.ref });
      await saveDefault(page, { deliveryMethodSlug: 'im-courier', street: 'Хрещатик', building: '22', apartment: '5' });
      await addToBasket(page, lang, await buyable(request, 'igrushki', lang === 'ru' ? 18 : 19));
      await page.goto(`${PREFIX[lang]}/checkout`);

      const saved = page.locator('[data-saved-locations]');
      const choices = saved.getByRole('button');
      await expect(choices).toHaveCount(2);
      const toBranch = choices.filter({ hasText: `№${branch.number}` });
      const toCourier = choices.filter({ hasText: 'Хрещатик' });
      await toBranch.tap();
      await expect(toBranch).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) })).toBeChecked();
      await expect(page.getByText(new RegExp(`^${t.chosen} ${t.npLine}${branch.number}:`))).toBeVisible();
      await shotForPeople(page, `checkout-saved-${lang}`);

      await toCourier.tap();
      await expect(toCourier).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('radio', { name: new RegExp(`^${t.courier}`) })).toBeChecked();
      await expect(page.getByLabel(t.street, { exact: true })).toHaveValue('Хрещатик');
      await expect(page.getByLabel(t.building, { exact: true })).toHaveValue('22');
      await expect(toBranch).toHaveAttribute('aria-pressed', 'false');
    });
  }
});

test.describe('a signed-in start on a phone (issue 29)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  // One language per flow: the location is saved on a Russian page, the checkout is Ukrainian.
  const lang: Lang = 'uk';
  test(`${lang}: the default branch outside Kyiv comes with its city, in the page’s language, through a reload`, async ({
    page,
    request,
  }) => {
    const t = TEXT[lang];
    const found = settlementListSchema.parse(
      await (await request.get(`/svc/delivery/public/settlement?searchName=${encodeURIComponent('Львів')}`)).json(),
    );
    const lviv = found.items.find((s) => s.nameUkr === 'Львів' && s.regionNameUkr?.startsWith('Львівськ'));
    if (!lviv) throw new Error('no Lviv in the seed');
    const branches = branchListSchema.parse(
      await (
        await request.post(`/svc/delivery/public/settlement/${lviv.id}/warehouse`, {
          data: { deliverySlug: 'np-warehouse', limit: 3 },
        })
      ).json(),
    );
    const branch = branches.items.at(-1);
    if (!branch) throw new Error('Lviv has no Nova Poshta branch');
    expect(branch.title).not.toBe(branch.titleUkr);

    await page.goto('/');
    await registerFresh(page, 'saved-lviv-1');
    const saved = await call(page, '/api/account/locations?locale=ru', {
      cityId: lviv.id,
      deliveryMethodSlug: 'np-warehouse',
      branchRef: branch.ref,
    });
    expect(saved.status, saved.text).toBe(200);
    await addToBasket(page, lang, await buyable(request, 'igrushki', 20));
    await page.goto(`${PREFIX[lang]}/checkout`);

    const coherent = async () => {
      await expect(page.locator('[data-chosen-city]')).toContainText(t.lviv);
      await expect(page.getByRole('searchbox', { name: t.city })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: new RegExp(`^${t.npBranch}`) })).toBeChecked();
      await expect(page.getByText(new RegExp(`^${t.chosen} ${t.npLine}${branch.number}:`))).toBeVisible();
    };
    await coherent();
    // Nothing wider than the screen (the carrier's «за тарифами перевізника» once pushed the methods past it).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The saved choice names the branch as the page does, not as it was saved.
    const choice = page.locator('[data-saved-locations]').getByRole('button');
    await expect(choice).toHaveCount(1);
    await expect(choice).toContainText(branch.titleUkr);
    await expect(choice).toContainText('Львів');
    await expect(choice).toHaveAttribute('aria-pressed', 'true');
    await page
      .locator('[data-saved-locations]')
      .evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await shotForPeople(page, 'stick-checkout-saved-lviv-uk');
    await page.reload();
    await coherent();

    // The account's list too.
    await page.goto(`${PREFIX[lang]}/profile/locations`);
    const card = page.locator('[data-location]');
    await expect(card).toContainText(branch.titleUkr);
    await expect(card).not.toContainText(branch.title);
    await expect(card).toContainText('Львів');
    await shotForPeople(page, 'stick-account-locations-uk');
  });
});
