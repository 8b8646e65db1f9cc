import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAllBranches } from '../../src/api/delivery.ts';
import { createHttpClient } from '../../src/api/http.ts';
import { savedLocationsAnswerSchema } from '../../src/api/savedLocations.ts';
import { addLocationAction } from '../../src/server/account/locationActions.ts';
import { savedLocationsFlow } from '../../src/server/checkout/savedLocationsFlow.ts';
import { createSomeServices, type SomeServices } from '../../src/services/index.ts';
import { KYIV_SETTLEMENT_ID } from '../../src/services/seed/settlements.ts';
import { embeddedBaseUrls, endpointKit } from './endpointSupport.ts';

/**
 * Issue 29: a saved location's city and branch in the page's language, not the one it was saved in.
 * The user service keeps one name (the saved page's); the delivery service names both, and the
 * checkout's `GET /api/account/locations` answers the page's.
 */

const DEMO = { login: '380501112233', password: 'demo-password' };

let services: SomeServices;

beforeAll(async () => {
  services = await createSomeServices(['user', 'delivery'], { dataDir: ':memory:', seed: { seed: 42, products: 1 } });
});
afterAll(() => services.close());

const { context, signedIn } = endpointKit({
  services: () => services,
  path: '/api/account/locations',
  clientIp: '203.0.113.60',
});

describe('a saved branch named in the page’s language', () => {
  it('is saved in Russian on a Russian page and read back in Ukrainian on a Ukrainian one', async () => {
    const anonymous = createHttpClient({ baseUrls: embeddedBaseUrls, fetch: services.fetch, locale: 'ru' });
    const { items } = await getAllBranches(anonymous, KYIV_SETTLEMENT_ID, 'np-warehouse');
    const branch = items[1];
    if (!branch) throw new Error('Kyiv has fewer than two Nova Poshta branches');
    // The delivery service names a branch in both languages, and the two differ.
    expect(branch.title).not.toBe(branch.titleUkr);

    const session = await signedIn(DEMO);
    const body = { cityId: KYIV_SETTLEMENT_ID, deliveryMethodSlug: 'np-warehouse', branchRef: branch.ref };
    const added = await addLocationAction.run(context(session, { body: { json: body }, locale: 'ru' }));
    expect(added.status).toBe(200);

    const read = async (locale: 'ru' | 'uk') => {
      const response = await savedLocationsFlow.run(context(session, { method: 'GET', locale }));
      expect(response.status).toBe(200);
      const { locations } = savedLocationsAnswerSchema.parse(await response.json());
      return locations.find((location) => location.branchRef === branch.ref);
    };
    expect(await read('uk')).toMatchObject({ city: 'Київ', branch: branch.titleUkr });
    expect(await read('ru')).toMatchObject({ city: 'Киев', branch: branch.title });
  });
});
