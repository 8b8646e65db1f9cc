import { randomBytes } from 'node:crypto';
import { ensureRedis, ensureVarnish } from '../ensureDebianPackage.ts';
import { quantile } from './commerceBench.ts';
import { startChildShop } from './childShop.ts';
import { freeLoopbackPort } from './freePort.ts';
import { startRedis } from './redisServer.ts';
import { load } from './throughput.ts';
import type { LoadFigures } from './throughput.ts';
import { startVarnish } from './varnishServer.ts';

/**
 * `npm run bench`, issue 26: the recommended production topology (docs/operations.md "Varnish in
 * front"): a cached page through Varnish against the shop alone, and the time from an editor's
 * save to the changed page at Varnish. A shop of its own (`WORKERS=2` on Redis, its embedded
 * services freshly seeded) with Varnish running deploy/varnish/shop.vcl. Prints figures.
 */

const CONNECTIONS = 20;
const BROTLI = { 'Accept-Encoding': 'br' };
const line = (f: LoadFigures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(5)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  errors ${f.errors}`;

export async function varnishReport(path: string, seconds: number): Promise<void> {
  ensureRedis();
  ensureVarnish();
  const redis = await startRedis();
  const [shopPort, edgePort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  const varnish = await startVarnish(shopPort, edgePort);
  const editorToken = randomBytes(24).toString('base64url');
  const shop = await startChildShop(null, {
    PORT: String(shopPort),
    WORKERS: '2',
    REDIS_URL: redis.url,
    CMS_EDITOR_TOKEN: editorToken,
    CDN_PURGE_URL: varnish.url,
    CDN_PURGE_MODE: 'varnish',
  });
  try {
    // Until Varnish's probe has seen the shop ready.
    while ((await fetch(`${varnish.url}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 250));
    console.log(`\nVarnish in front of WORKERS=2 on Redis (${path}, ${CONNECTIONS} connections, ${seconds} s, brotli)`);
    for (const [label, base] of [
      ['shop alone', shop.url],
      ['via Varnish', varnish.url],
    ] as const) {
      await load([`${base}${path}`], { connections: CONNECTIONS, durationMs: 2_000, headers: BROTLI });
      const figures = await load([`${base}${path}`], {
        connections: CONNECTIONS,
        durationMs: seconds * 1000,
        headers: BROTLI,
      });
      console.log(`${label.padEnd(12)} ${line(figures)}`);
    }

    // An editor's save of an info page until Varnish serves it (PUT through Varnish, which passes
    // /svc; the content service revalidates the shop, which purges its workers and Varnish).
    const pageUrl = `${varnish.url}/info/bonus-rules`;
    const saveUrl = `${varnish.url}/svc/content/admin/page/bbs/bonus-rules/ru`;
    const headers = { Authorization: `Bearer ${editorToken}`, 'Content-Type': 'application/json' };
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const title = `Бонусная программа ${i}-${Date.now()}`;
      await fetch(pageUrl);
      await fetch(pageUrl); // kept at Varnish before each save
      const t0 = performance.now();
      const saved = await fetch(saveUrl, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ title, content: '<p>Правила.</p>' }),
      });
      if (!saved.ok) throw new Error(`the editor's save answered ${saved.status}`);
      while (!(await (await fetch(pageUrl)).text()).includes(title)) {
        if (performance.now() - t0 > 10_000) throw new Error('the change did not reach Varnish within 10 s');
      }
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `editor save → Varnish serves the changed page (20 saves): p50 ${quantile(times, 0.5).toFixed(1)} ms, max ${(times.at(-1) ?? NaN).toFixed(1)} ms`,
    );
  } finally {
    await shop.stop();
    await varnish.stop();
    await redis.stop();
  }
}
