import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ERROR } from '../../src/api/schemas/user.ts';
import type { LocationRequest } from '../../src/api/schemas/user.ts';
import {
  addChild,
  addLocation,
  changeLanguage,
  changePassword,
  confirmEmail,
  deleteChild,
  deleteLocation,
  getUser,
  login,
  readSandboxEmail,
  requestEmail,
  resendEmailConfirmation,
  saveCheckoutLocation,
  setDefaultLocation,
  updateChild,
  updateLocation,
  updateProfile,
} from '../../src/api/user.ts';
import {
  createUserShop,
  DEMO_PASSWORD,
  DEMO_PHONE,
  expectRefusal,
  freshPhone,
  registerShopper,
} from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * The signed-in shopper's own data (accounts spec §3, §4 "Saved location", §7): the profile, the
 * language, the e-mail and its confirmation link (1305), the password, saved locations with the
 * default rule, children; and that nobody reads or changes another shopper's rows.
 */
let shop: UserShop;

beforeAll(() => {
  shop = createUserShop();
});
afterAll(() => shop.db.close());

const KYIV_BRANCH: LocationRequest = {
  city: 'Київ',
  cityRef: '8d5a980d-391c-11dd-90d9-001a92567626',
  cityId: 9812,
  region: 'Київська',
  type: 1,
  deliveryMethodSlug: 'np-warehouse',
  carrier: 1,
  branchRef: 'branch-ref-17',
  branch: 'Відділення №17',
};
const KYIV_CITY: LocationRequest = {
  city: 'Київ',
  cityRef: '8d5a980d-391c-11dd-90d9-001a92567626',
  cityId: 9812,
  type: 1,
};
const LVIV_ADDRESS: LocationRequest = {
  city: 'Львів',
  cityRef: 'db5c88f5-391c-11dd-90d9-001a92567626',
  cityId: 10402,
  type: 2,
  deliveryMethodSlug: 'np-courier',
  carrier: 1,
  street: 'Городоцька',
  streetRef: 'street-ref-1',
  building: '12',
  apartment: '5',
};

async function newShopper(): Promise<{ token: string; phone: string }> {
  const session = await registerShopper(shop, freshPhone(), { password: 'secret-123' });
  return { token: session.token, phone: session.profile.phone };
}

describe('the profile', () => {
  it('reads and updates the own fields; a past due date is refused unless unchanged', async () => {
    const { token, phone } = await newShopper();
    const client = shop.client({ token });
    const updated = await updateProfile(client, {
      firstName: 'Марʼяна',
      lastName: 'Іванів-Лукʼянчук',
      gender: 2,
      birthDate: '1994-02-03',
      subscribeSms: true,
      pregnancyDueDate: '2026-08-01',
    });
    expect(updated).toMatchObject({
      phone,
      firstName: 'Марʼяна',
      lastName: 'Іванів-Лукʼянчук',
      middleName: '',
      gender: 2,
      birthDate: '1994-02-03',
      subscribeSms: true,
      subscribeEmail: false,
      pregnancyDueDate: '2026-08-01',
    });
    expect(await getUser(client)).toEqual(updated);
    const refused = await expectRefusal(
      updateProfile(client, { firstName: 'Марʼяна', pregnancyDueDate: '2026-03-01' }),
      400,
      400,
    );
    expect(refused.fields).toEqual([{ field: 'pregnancyDueDate', message: 'Дата повинна бути сьогодні або пізніше' }]);
    // A name of digits names the field with the rule's message.
    const badName = await expectRefusal(updateProfile(client, { firstName: '12345' }), 400, 400);
    expect(badName.fields[0]?.field).toBe('firstName');
  });

  it('changes the language', async () => {
    const { token } = await newShopper();
    const client = shop.client({ token });
    await changeLanguage(client, 'uk');
    expect((await getUser(client)).language).toBe('uk');
  });

  it('changes the password with the current one (1104 when wrong); other sign-ins end', async () => {
    const { token, phone } = await newShopper();
    const other = await login(shop.client(), { login: phone, password: 'secret-123' });
    await expectRefusal(
      changePassword(shop.client({ token }), { password: 'not-the-one', newPassword: 'brand-new-1' }),
      USER_ERROR.wrongCredentials,
      400,
    );
    await changePassword(shop.client({ token }), { password: 'secret-123', newPassword: 'brand-new-1' });
    expect((await login(shop.client(), { login: phone, password: 'brand-new-1' })).profile.phone).toBe(phone);
    await expectRefusal(
      login(shop.client(), { login: phone, password: 'secret-123' }),
      USER_ERROR.wrongCredentials,
      400,
    );
    expect((await getUser(shop.client({ token }))).phone).toBe(phone);
    await expectRefusal(getUser(shop.client({ token: other.token })), USER_ERROR.unauthorized, 401);
  });
});

describe('the e-mail address', () => {
  it('mails a confirmation link; the link confirms once; an unknown or expired token is 1305', async () => {
    const { token, phone } = await newShopper();
    let client = shop.client({ token });
    await requestEmail(client, 'Mama.Olia@Example.com', 'set');
    expect(await getUser(client)).toMatchObject({ email: '', pendingEmail: 'mama.olia@example.com' });

    const mail = await readSandboxEmail(shop.client(), 'mama.olia@example.com');
    expect(mail.items).toHaveLength(1);
    expect(mail.items[0]?.text).toMatch(/^Тема: Подтвердите e-mail в Карапуз/);
    const link = /\/email-confirm\/([\w-]+)/.exec(mail.items[0]?.text ?? '');
    expect(link).not.toBeNull();
    const linkToken = link?.[1] ?? '';

    // Another minute must pass before the link is mailed again.
    await expectRefusal(resendEmailConfirmation(client), USER_ERROR.minuteLimit, 429);

    expect(await confirmEmail(shop.client(), linkToken)).toEqual({ email: 'mama.olia@example.com' });
    expect(await getUser(client)).toMatchObject({ email: 'mama.olia@example.com', pendingEmail: null });
    const again = await expectRefusal(confirmEmail(shop.client(), linkToken), USER_ERROR.emailTokenUnknown, 404);
    expect(again.message).toBe('Токен на найден, либо его время жизни истекло');
    await expectRefusal(confirmEmail(shop.client(), 'no-such-token-at-all'), USER_ERROR.emailTokenUnknown, 404);
    await expectRefusal(confirmEmail(shop.client(), 'short'), USER_ERROR.emailTokenUnknown, 404);

    // A change: the link expires after 24 hours.
    shop.advance(61);
    await requestEmail(client, 'olia.new@example.com', 'change');
    const changed = await readSandboxEmail(shop.client(), 'olia.new@example.com');
    const expiring = /\/email-confirm\/([\w-]+)/.exec(changed.items[0]?.text ?? '')?.[1] ?? '';
    shop.advance(24 * 3600 + 1);
    await expectRefusal(confirmEmail(shop.client(), expiring), USER_ERROR.emailTokenUnknown, 404);
    // A day later the access token has long expired: sign in again.
    client = shop.client({ token: (await login(shop.client(), { login: phone, password: 'secret-123' })).token });
    expect((await getUser(client)).email).toBe('mama.olia@example.com');
    // The resend mails a fresh link for the address still waiting.
    await resendEmailConfirmation(client);
    const resent = await readSandboxEmail(shop.client(), 'olia.new@example.com');
    expect(resent.items).toHaveLength(2);
    const fresh = /\/email-confirm\/([\w-]+)/.exec(resent.items[0]?.text ?? '')?.[1] ?? '';
    expect(await confirmEmail(shop.client(), fresh)).toEqual({ email: 'olia.new@example.com' });
  });

  it('writes the Ukrainian link under /ua for a Ukrainian shopper', async () => {
    const { token } = await newShopper();
    const client = shop.client({ token });
    await changeLanguage(client, 'uk');
    await requestEmail(client, 'ukr.mail@example.com', 'set');
    const text = (await readSandboxEmail(shop.client(), 'ukr.mail@example.com')).items[0]?.text ?? '';
    expect(text).toMatch(/^Тема: Підтвердіть e-mail у Карапуз/);
    expect(text).toMatch(/ \/ua\/email-confirm\/[\w-]{43}\n/);
  });
});

describe('saved locations', () => {
  it('makes the first one the default; a second one only by the spec rule', async () => {
    const { token } = await newShopper();
    const client = shop.client({ token });
    const city = await addLocation(client, KYIV_CITY);
    expect(city.isDefault).toBe(true);
    // The default has no delivery method and the same city: the new one takes over.
    const branch = await addLocation(client, KYIV_BRANCH);
    expect(branch.isDefault).toBe(true);
    // The default now has a delivery method: a new one does not take over.
    const lviv = await addLocation(client, LVIV_ADDRESS);
    expect(lviv.isDefault).toBe(false);
    const user = await getUser(client);
    expect(user.defaultLocation?.id).toBe(branch.id);
    expect(user.locations.map((l) => [l.id, l.isDefault])).toEqual([
      [branch.id, true],
      [city.id, false],
      [lviv.id, false],
    ]);

    expect((await setDefaultLocation(client, lviv.id)).isDefault).toBe(true);
    expect((await getUser(client)).defaultLocation?.id).toBe(lviv.id);
    const moved = await updateLocation(client, lviv.id, { ...LVIV_ADDRESS, apartment: '7' });
    expect(moved).toMatchObject({ id: lviv.id, apartment: '7', isDefault: true });

    // Deleting the default makes the newest remaining one the default.
    await deleteLocation(client, lviv.id);
    const after = await getUser(client);
    expect(after.locations.map((l) => l.id)).not.toContain(lviv.id);
    expect(after.defaultLocation?.id).toBe(branch.id);
  });

  it('a checkout location is saved once and follows the same rule', async () => {
    const { token } = await newShopper();
    const client = shop.client({ token });
    const first = await saveCheckoutLocation(client, KYIV_BRANCH);
    expect(first.isDefault).toBe(true);
    const again = await saveCheckoutLocation(client, KYIV_BRANCH);
    expect(again.id).toBe(first.id);
    const other = await saveCheckoutLocation(client, LVIV_ADDRESS);
    expect(other.isDefault).toBe(false);
    expect((await getUser(client)).locations).toHaveLength(2);
  });

  it('requires what the delivery type needs', async () => {
    const { token } = await newShopper();
    const refused = await expectRefusal(
      addLocation(shop.client({ token }), { ...LVIV_ADDRESS, building: '' }),
      400,
      400,
    );
    expect(refused.fields).toEqual([{ field: 'building', message: 'Поле обовязкове до заповнення' }]);
  });
});

describe('children', () => {
  it('adds, updates and deletes a child', async () => {
    const { token } = await newShopper();
    const client = shop.client({ token });
    const child = await addChild(client, { name: 'Богдан', gender: 'boy', birthDate: '2024-05-01' });
    expect(child).toMatchObject({ name: 'Богдан', gender: 'boy', birthDate: '2024-05-01' });
    expect(await updateChild(client, child.id, { name: 'Богданчик', gender: 'boy' })).toEqual({
      id: child.id,
      name: 'Богданчик',
      gender: 'boy',
      birthDate: null,
    });
    expect((await getUser(client)).children).toHaveLength(1);
    await deleteChild(client, child.id);
    expect((await getUser(client)).children).toEqual([]);
    await expectRefusal(deleteChild(client, child.id), USER_ERROR.notFound, 404);
  });
});

describe('another shopper’s rows', () => {
  it('are a 404 to read or change, and stay as they were', async () => {
    const owner = await login(shop.client(), { login: DEMO_PHONE, password: DEMO_PASSWORD });
    const before = await getUser(shop.client({ token: owner.token }));
    const location = before.locations[0];
    const child = before.children[0];
    if (!location || !child) throw new Error('the demo shopper has a location and a child');

    const { token } = await newShopper();
    const stranger = shop.client({ token });
    await expectRefusal(updateLocation(stranger, location.id, KYIV_BRANCH), USER_ERROR.notFound, 404);
    await expectRefusal(setDefaultLocation(stranger, location.id), USER_ERROR.notFound, 404);
    await expectRefusal(deleteLocation(stranger, location.id), USER_ERROR.notFound, 404);
    await expectRefusal(updateChild(stranger, child.id, { name: 'Чужий', gender: 'boy' }), USER_ERROR.notFound, 404);
    await expectRefusal(deleteChild(stranger, child.id), USER_ERROR.notFound, 404);
    // The stranger's own profile shows none of them.
    const own = await getUser(stranger);
    expect(own.locations).toEqual([]);
    expect(own.children).toEqual([]);

    expect(await getUser(shop.client({ token: owner.token }))).toEqual(before);
  });

  it('ids that are not positive integers are a 404 too', async () => {
    const { token } = await newShopper();
    for (const id of ['0', '-1', '1e3', 'abc', '99999999999999999999']) {
      const answer = await shop.call('DELETE', `/public/user/location/${id}`, undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(answer.status).toBe(404);
    }
  });
});

describe('signed-in calls without a valid token', () => {
  const SIGNED_IN: readonly [method: string, path: string, body?: unknown][] = [
    ['GET', '/public/user?locale=ru'],
    ['PUT', '/public/user', { firstName: 'Х' }],
    ['PUT', '/public/user/change-language', { language: 'uk' }],
    ['PUT', '/public/user/set-email', { email: 'x@example.com' }],
    ['PUT', '/public/user/change-email', { email: 'x@example.com' }],
    ['POST', '/public/user/confirmation-email'],
    ['PUT', '/public/user/change-password', { password: 'a', newPassword: 'bbbbbb' }],
    ['POST', '/public/user/location', KYIV_CITY],
    ['PUT', '/public/user/location/1', KYIV_CITY],
    ['POST', '/public/user/location/default', KYIV_CITY],
    ['POST', '/public/user/location/default/1'],
    ['DELETE', '/public/user/location/1'],
    ['POST', '/public/user/children', { gender: 'boy' }],
    ['PUT', '/public/user/children/1', { gender: 'boy' }],
    ['DELETE', '/public/user/children/1'],
    ['POST', '/public/user/oauth', { provider: 'google', code: 'x' }],
    ['PUT', '/public/user/oauth/remove', { provider: 'google' }],
    ['POST', '/public/user/bonus-program/member'],
    ['GET', '/public/bonus'],
    ['GET', '/public/bonus/history?page=0&limit=10'],
  ];

  it.each(SIGNED_IN)('%s %s is 401', async (method, path, body) => {
    const headers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-token-of-this-service' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer ' },
    ];
    for (const header of headers) {
      const answer = await shop.call(method, path, body, header);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="user"');
      expect(await answer.json()).toMatchObject({ code: 401 });
    }
    // And the demo shopper's data is unchanged by any of it.
    const demo = await login(shop.client(), { login: DEMO_PHONE, password: DEMO_PASSWORD });
    expect((await getUser(shop.client({ token: demo.token }))).firstName).toBe('Олена');
  });
});
