import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startRedis } from '../../scripts/lib/redisServer.ts';
import { cleanUp, shopReady, start, tempDir } from './fixtures.ts';
import { freePort } from './support.ts';

/**
 * Issue 26: `/healthz` (alive) and `/readyz` (ready: databases, the services elsewhere, Redis; not
 * draining) through the real launcher, and a SIGTERM that turns `/readyz` to 503 while the shop
 * still serves, before it stops taking connections.
 */

afterAll(cleanUp);

const probeSchema = z.object({ status: z.string(), checks: z.record(z.string(), z.string()) });

async function probe(
  url: string,
): Promise<{ status: number; cache: string | null; body: z.infer<typeof probeSchema> }> {
  const answer = await fetch(url);
  return {
    status: answer.status,
    cache: answer.headers.get('cache-control'),
    body: probeSchema.parse(await answer.json()),
  };
}

describe('health and readiness', () => {
  it('a shop with its databases and Redis is alive and ready; on SIGTERM it is not ready first, then stops', async () => {
    const redis = await startRedis();
    try {
      const shop = start('scripts/start.ts', {
        DATA_DIR: tempDir('ready'),
        PORT: '0',
        REDIS_URL: redis.url,
        SHUTDOWN_DELAY_SECONDS: '2',
      });
      const shopUrl = await shopReady(shop);
      const alive = await fetch(`${shopUrl}/healthz`);
      expect(alive.status).toBe(200);
      expect(await alive.json()).toEqual({ status: 'alive' });
      const ready = await probe(`${shopUrl}/readyz`);
      expect(ready).toEqual({
        status: 200,
        cache: 'no-store',
        body: { status: 'ready', checks: { databases: 'ok', redis: 'ok' } },
      });

      const stopped = shop.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Draining: not ready, but every request is still served.
      expect(await probe(`${shopUrl}/readyz`)).toMatchObject({ status: 503, body: { status: 'draining' } });
      expect((await fetch(`${shopUrl}/`)).status).toBe(200);
      await stopped;
      expect(await shop.exited).toBe(0);
    } finally {
      await redis.stop();
    }
  });

  it('a shop whose search service does not answer is alive but not ready, and names it', async () => {
    const closed = await freePort();
    const shop = start('scripts/start.ts', {
      DATA_DIR: tempDir('not-ready'),
      PORT: '0',
      SEARCH_API_URL: `http://127.0.0.1:${closed}`,
    });
    const shopUrl = await shopReady(shop);
    expect((await fetch(`${shopUrl}/healthz`)).status).toBe(200);
    const ready = await probe(`${shopUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not ready');
    expect(ready.body.checks['databases']).toBe('ok');
    expect(ready.body.checks['search']).not.toBe('ok');
    // Names the check, never the address.
    expect(JSON.stringify(ready.body)).not.toContain(String(closed));
  });
});
