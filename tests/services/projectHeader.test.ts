import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBaseUrl, perService, SERVICE_NAMES } from '../../src/api/config.ts';
import type { ServiceName } from '../../src/api/config.ts';
import { getContentBlock } from '../../src/api/content.ts';
import { getSettlement } from '../../src/api/delivery.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import { checkBasket } from '../../src/api/order.ts';
import { getCategoryConfig } from '../../src/api/search.ts';
import { runStockNotifications, sendInternalMessage } from '../../src/api/stockNotifications.ts';
import { getUserConfig } from '../../src/api/user.ts';
import { createServices } from '../../src/services/index.ts';
import type { Services } from '../../src/services/index.ts';
import { seededDataDir } from './serviceTemplates.ts';

/**
 * Accounts spec §6: requests carry a `project: bbs` header unless they opt out. Every call the
 * storefront's client makes sends it, to each of the five services, and they answer it; the calls
 * between our own services (the service token) opt out (docs/decisions.md "The project header by
 * default"). What is checked is the request as it reaches the services' router: the wire.
 */
const SERVICE_TOKEN = 'project-header-test-service-token';
const SEED = { seed: 42, products: 60 };

interface Sent {
  service: ServiceName;
  path: string;
  project: string | null;
  status: number;
}

let services: Services;
let dataDir: string;
let client: HttpClient;
const sent: Sent[] = [];

beforeAll(async () => {
  dataDir = await seededDataDir(SEED);
  services = await createServices({ dataDir, seed: SEED, userServiceToken: SERVICE_TOKEN });
  const wire = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // `/svc/<service>/<path>`
    const [, , segment, ...rest] = url.pathname.split('/');
    const service = SERVICE_NAMES.find((name) => name === segment);
    if (!service) throw new Error(`not a service: ${url.pathname}`);
    const response = await services.fetch(request);
    sent.push({
      service,
      path: `/${rest.join('/')}`,
      project: request.headers.get('project'),
      status: response.status,
    });
    return response;
  };
  client = createHttpClient({
    baseUrls: perService((service) => ({ url: embeddedBaseUrl(service), embedded: false })),
    locale: 'uk',
    fetch: wire,
  });
});
afterAll(() => {
  services.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What reached the services for the one call `run` makes. */
async function onTheWire(run: () => Promise<unknown>): Promise<Sent> {
  const before = sent.length;
  await run();
  const calls = sent.slice(before);
  expect(calls).toHaveLength(1);
  const [call] = calls;
  if (!call) throw new Error('nothing was sent');
  return call;
}

describe('the project header', () => {
  it.each<[ServiceName, string, () => Promise<unknown>]>([
    ['search', '/public/category-config', () => getCategoryConfig(client)],
    ['user', '/public/config', () => getUserConfig(client)],
    ['content', '/public/content-block/bbs/main_description/uk', () => getContentBlock(client, 'main_description')],
    ['order', '/public/basket/check', () => checkBasket(client, { items: [] })],
    ['delivery', '/public/settlement/9812', () => getSettlement(client, 9812)],
  ])('the %s service gets `project: bbs` on %s and answers it', async (service, path, run) => {
    const call = await onTheWire(run);
    expect(call).toEqual({ service, path, project: 'bbs', status: 200 });
  });

  it.each<[ServiceName, string, () => Promise<unknown>]>([
    [
      'user',
      '/internal/messages',
      () => sendInternalMessage(client, { channel: 'sms', to: '380501234567', text: 'Тест' }, SERVICE_TOKEN),
    ],
    ['order', '/internal/stock-notifications/run', () => runStockNotifications(client, SERVICE_TOKEN, null)],
  ])('a service-token call to the %s service (%s) opts out: no project header', async (service, path, run) => {
    const call = await onTheWire(run);
    expect(call.service).toBe(service);
    expect(call.path).toBe(path);
    expect(call.status).toBeLessThan(300);
    expect(call.project).toBeNull();
  });
});
