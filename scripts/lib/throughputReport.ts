import { ensureRedis } from '../ensureDebianPackage.ts';
import { startChildShop } from './childShop.ts';
import { startRedis } from './redisServer.ts';
import { capturedAnswer, load, rawServer } from './throughput.ts';
import type { LoadFigures } from './throughput.ts';

/** The throughput part of `npm run bench` (issue 13): prints figures, asserts nothing. */

const BROTLI = { 'Accept-Encoding': 'br' };
const CONNECTIONS = 20;
const THROUGHPUT_PAGES = ['main page (ru)', 'catalogue folder', 'product page'];

const line = (f: LoadFigures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(5)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  errors ${f.errors}`;

/**
 * Cached pages with brotli against a plain node:http server sending the same bytes (same process,
 * same load generator thread), then conditional requests that should all be 304.
 */
export async function cachedThroughput(shopUrl: string, pages: { type: string; path: string }[], seconds: number) {
  console.log(`\nCached pages under load (${CONNECTIONS} keep-alive connections, ${seconds} s each, brotli)`);
  for (const { type, path } of pages.filter((page) => THROUGHPUT_PAGES.includes(page.type))) {
    const url = `${shopUrl}${path}`;
    await load([url], { connections: CONNECTIONS, durationMs: 1_000, headers: BROTLI }); // fills the caches, warms the JIT
    const answer = await capturedAnswer(url);
    const raw = await rawServer(answer);
    const shop = await load([url], { connections: CONNECTIONS, durationMs: seconds * 1000, headers: BROTLI });
    const plain = await load([raw.url], { connections: CONNECTIONS, durationMs: seconds * 1000, headers: BROTLI });
    await raw.close();
    const etag = answer.headers.etag ?? '';
    const conditional = await load([url], {
      connections: CONNECTIONS,
      durationMs: seconds * 1000,
      headers: { ...BROTLI, 'If-None-Match': etag },
    });
    const notModified = (conditional.statuses['304'] ?? 0) / Math.max(1, conditional.requests);
    console.log(`${type.padEnd(18)} shop      ${line(shop)}  (${(answer.body.length / 1024).toFixed(1)} KB br)`);
    // Issue 13's target: a cache hit at no less than half of what plain node:http does with the same bytes.
    const ratio = shop.rps / plain.rps;
    console.log(
      `${''.padEnd(18)} node:http ${line(plain)}  → shop/raw ${ratio.toFixed(2)}× (target ≥ 0.5×: ${ratio >= 0.5 ? 'met' : 'missed'})`,
    );
    console.log(`${''.padEnd(18)} If-None-Match ${line(conditional)}  304 rate ${(notModified * 100).toFixed(1)} %`);
  }
}

/** Every page kind at once, 50 connections, the same URL set over and over. */
export async function mixedLoad(shopUrl: string, pages: { type: string; path: string }[], seconds: number) {
  const urls = pages.map((page) => `${shopUrl}${page.path}`);
  const figures = await load(urls, { connections: 50, durationMs: seconds * 1000, headers: BROTLI });
  const statuses = Object.entries(figures.statuses)
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');
  console.log(`\nMixed load, ${pages.length} page kinds, 50 connections, ${seconds} s: ${line(figures)} (${statuses})`);
}

/**
 * The cached product page from a storefront of one process and of `WORKERS=2` on one Redis (both
 * child processes on the bench shop's services, so the comparison is like for like).
 */
export async function workersThroughput(shopUrl: string, path: string, seconds: number) {
  ensureRedis();
  const redis = await startRedis();
  console.log(`\nWorker processes (cached product page, ${CONNECTIONS} connections, ${seconds} s, brotli)`);
  try {
    for (const workers of ['1', '2']) {
      const shop = await startChildShop(shopUrl, { WORKERS: workers, REDIS_URL: redis.url });
      const url = `${shop.url}${path}`;
      // Fresh processes: every worker renders the page once and warms its JIT before the figure.
      await load([url], { connections: CONNECTIONS, durationMs: 2_000, headers: BROTLI });
      const figures = await load([url], { connections: CONNECTIONS, durationMs: seconds * 1000, headers: BROTLI });
      console.log(`WORKERS=${workers}          ${line(figures)}`);
      await shop.stop();
    }
  } finally {
    await redis.stop();
  }
}
