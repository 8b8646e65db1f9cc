import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import { getBranches, searchSettlements } from '../../src/api/delivery.ts';
import { savedLocationAnswerSchema } from '../../src/api/savedLocations.ts';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { getUser, login } from '../../src/api/user.ts';
import { saveLocationFlow } from '../../src/server/checkout/saveLocationFlow.ts';
import { createSomeServices, type SomeServices } from '../../src/services/index.ts';
import { FakeSession } from '../unit/support/authFakes.ts';
import { embeddedBaseUrls, endpointKit } from './endpointSupport.ts';

/**
 * `POST /api/account/locations/checkout`: the checkout's «save this address» over the embedded user
 * and delivery services. The place is saved with names from the delivery service in the page's
 * language, becomes the default by spec §4's rule, is not copied when saved again, and a place the
 * shop does not deliver to is refused on its field.
 */

const OLENA = { login: '380501112233', password: 'demo-password' };
const ANDRII = { login: '380672223344', password: 'demo-password' };
const KYIV = 9812;

let services: SomeServices;
beforeAll(async () => {
  services = await createSomeServices(['user', 'delivery'], { dataDir: ':memory:', seed: { seed: 42, products: 1 } });
});
afterAll(() => services.close());

const { context, signedIn } = endpointKit({
  services: () => services,
  path: '/api/account/locations/checkout',
  clientIp: '203.0.113.60',
});
const anonymous = () => createHttpClient({ baseUrls: embeddedBaseUrls, fetch: services.fetch, locale: 'ru' });

async function locationsOf(who: { login: string; password: string }) {
  const { token } = await login(anonymous(), who, { clientIp: '203.0.113.61' });
  const client = createHttpClient({
    baseUrls: embeddedBaseUrls,
    fetch: services.fetch,
    locale: 'ru',
    tokens: { get: () => ({ token, refreshToken: null }), set: () => {} },
  });
  return (await getUser(client)).locations;
}

async function firstBranch(cityId: number) {
  const { items } = await getBranches(anonymous(), cityId, { deliverySlug: 'np-warehouse', limit: 1 });
  const branch = items[0];
  if (!branch) throw new Error(`no Nova Poshta branch in ${cityId}`);
  return branch;
}

describe('the checkout saves its place to the account', () => {
  it('a shopper without locations: saved in the page’s language, the default; again is the same one', async () => {
    const session = await signedIn(ANDRII);
    expect(await locationsOf(ANDRII)).toEqual([]);
    const branch = await firstBranch(KYIV);
    const body = { cityId: KYIV, deliveryMethodSlug: 'np-warehouse', branchRef: branch.ref };

    const response = await saveLocationFlow.run(context(session, { body: { json: body }, locale: 'uk' }));
    expect(response.status).toBe(200);
    const { location } = savedLocationAnswerSchema.parse(await response.json());
    expect(location).toMatchObject({
      isDefault: true,
      city: 'Київ',
      cityId: KYIV,
      type: 1,
      deliveryMethodSlug: 'np-warehouse',
      carrier: 1,
      branchRef: branch.ref,
      branch: branch.titleUkr,
    });

    const again = await saveLocationFlow.run(context(session, { body: { json: body }, locale: 'uk' }));
    expect(savedLocationAnswerSchema.parse(await again.json()).location.id).toBe(location.id);
    expect(await locationsOf(ANDRII)).toHaveLength(1);

    // Another city while the default has a method: saved, not the default (spec §4).
    const lviv = (await searchSettlements(anonymous(), 'Львів', { limit: 1 })).items[0];
    if (!lviv) throw new Error('no Lviv in the seed');
    const lvivBranch = await firstBranch(lviv.id);
    const other = await saveLocationFlow.run(
      context(session, {
        body: { json: { cityId: lviv.id, deliveryMethodSlug: 'np-warehouse', branchRef: lvivBranch.ref } },
      }),
    );
    expect(savedLocationAnswerSchema.parse(await other.json()).location).toMatchObject({
      isDefault: false,
      city: 'Львов',
      branch: lvivBranch.title,
    });
    const saved = await locationsOf(ANDRII);
    expect(saved.filter((l) => l.isDefault).map((l) => l.id)).toEqual([location.id]);
  });

  it('a default that is only a city, the same city: the saved place becomes the default', async () => {
    const session = await signedIn(OLENA);
    const before = await locationsOf(OLENA);
    expect(before.find((l) => l.isDefault)).toMatchObject({ cityId: KYIV, deliveryMethodSlug: null });
    const body = { cityId: KYIV, deliveryMethodSlug: 'im-courier', street: 'Хрещатик', building: '22', apartment: '5' };
    const response = await saveLocationFlow.run(context(session, { body: { json: body } }));
    expect(response.status).toBe(200);
    const { location } = savedLocationAnswerSchema.parse(await response.json());
    expect(location).toMatchObject({ isDefault: true, city: 'Киев', type: 2, street: 'Хрещатик', building: '22' });
    expect((await locationsOf(OLENA)).filter((l) => l.isDefault).map((l) => l.id)).toEqual([location.id]);
  });

  it('refuses a branch the city does not have on its field, and a shopper without a session', async () => {
    const session = await signedIn(ANDRII);
    const unknown = await saveLocationFlow.run(
      context(session, { body: { json: { cityId: KYIV, deliveryMethodSlug: 'np-warehouse', branchRef: 'nope' } } }),
    );
    expect(unknown.status).toBe(400);
    expect(endpointRefusalSchema.parse(await unknown.json()).fields.map((f) => f.field)).toEqual(['branchRef']);

    const guest = await saveLocationFlow.run(
      context(new FakeSession(), { body: { json: { cityId: KYIV, deliveryMethodSlug: 'im-courier' } } }),
    );
    expect(guest.status).toBe(401);
  });
});
