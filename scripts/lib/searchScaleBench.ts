import { join } from 'node:path';
import { monitorEventLoopDelay, performance as perf } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { quantile } from './commerceBench.ts';

/**
 * Issue 30, `npm run bench -- --only search-scale --products N`: what a large catalogue costs the
 * shopper while typing and while the catalogue is written from outside.
 *
 * - Quick search by prefix length: each keystroke is the quick search's two calls (products and
 *   categories, `quick=1`) sent together, as the island sends them; the time is until both answered.
 *   Prefixes are the first 1–4 letters of words shoppers type (both languages). "first ask" is
 *   each prefix asked for the first time (nothing cached); "all asks" adds 4 more asks of each, as
 *   many shoppers typing the same words do. One letter is never sent (spec §5: 2 characters).
 * - Stall during an index rebuild: a cached page is requested every ~20 ms while another
 *   connection writes the search database (a bulk load of prices on 1% of the products) and the
 *   search service rebuilds its index; the longest wait and the p95 are printed, with the time
 *   until the new data is searchable, and the shop's event loop meanwhile (it runs in this
 *   process): its longest delay, and the longest stretch of its own work in thread CPU time — a
 *   rebuild on it would be one stretch of seconds; a delay with no work in it is the machine's
 *   load (other processes on its cores). Target: every cached page < 50 ms. The poller runs in a
 *   process of its own, as a shopper's browser is not the shop.
 */

const WORDS: { word: string; locale: 'ru' | 'uk' }[] = [
  ...['коляска', 'комбинезон', 'шапка', 'боди', 'пижама', 'платье', 'куртка', 'ботинки', 'кроссовки'].map((word) => ({
    word,
    locale: 'ru' as const,
  })),
  ...['подгузники', 'игрушка', 'конструктор', 'рюкзак', 'носки', 'свитер', 'пазл', 'слюнявчик'].map((word) => ({
    word,
    locale: 'ru' as const,
  })),
  ...['візочок', 'шапка', 'куртка', 'іграшка', 'сукня', 'черевики', 'піжама', 'комбінезон', 'пляшечка'].map((word) => ({
    word,
    locale: 'uk' as const,
  })),
];

const ASKS = 5;
const ms = (n: number): string => n.toFixed(1).padStart(7);

/** One keystroke of the quick search: both calls at once, until both answered. */
async function keystroke(shopUrl: string, text: string, locale: 'ru' | 'uk'): Promise<number> {
  const title = encodeURIComponent(text);
  const common = `project=bbs&locale=${locale}&quick=1&hasImage=1&withPrice=1&page=0`;
  const t0 = performance.now();
  const answers = await Promise.all([
    fetch(`${shopUrl}/svc/search/public/products?${common}&title=${title}&limit=10`),
    fetch(`${shopUrl}/svc/search/public/category?${common}&titleAgg=${title}&limit=5`),
  ]);
  for (const answer of answers) {
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`quick search «${text}»: ${answer.status} ${body.slice(0, 200)}`);
  }
  return performance.now() - t0;
}

async function quickSearchLines(shopUrl: string): Promise<string[]> {
  const lines = [
    'Quick search, one keystroke (both calls), ms',
    'letters | prefixes | first ask p50     p95     max | all asks p50     p95     max',
  ];
  lines.push(`      1 |        — | not sent: the quick search starts at 2 characters (spec §5)`);
  // A served shop is warm: the first keystrokes after the start pay for compiling the code paths.
  for (const text of ['мо', 'ва', 'ру', 'мол', 'вата']) await keystroke(shopUrl, text, 'ru');
  for (let letters = 2; letters <= 4; letters++) {
    const prefixes = [...new Map(WORDS.map((w) => [`${w.locale}:${w.word.slice(0, letters)}`, w])).values()].map(
      (w) => ({ text: w.word.slice(0, letters), locale: w.locale }),
    );
    const first: number[] = [];
    const all: number[] = [];
    for (const { text, locale } of prefixes) {
      const cold = await keystroke(shopUrl, text, locale);
      first.push(cold);
      all.push(cold);
    }
    for (let round = 1; round < ASKS; round++)
      for (const { text, locale } of prefixes) all.push(await keystroke(shopUrl, text, locale));
    first.sort((a, b) => a - b);
    all.sort((a, b) => a - b);
    lines.push(
      `${String(letters).padStart(7)} | ${String(prefixes.length).padStart(8)} | ${ms(quantile(first, 0.5))} ${ms(quantile(first, 0.95))} ${ms(first.at(-1) ?? NaN)} | ${ms(quantile(all, 0.5))} ${ms(quantile(all, 0.95))} ${ms(all.at(-1) ?? NaN)}`,
    );
  }
  return lines;
}

interface Polled {
  times: number[];
  /** The event loop's longest delay meanwhile, ms. */
  loopMax: number;
  /** Share of the time the event loop was busy (a rebuild on it would be ~100% for seconds). */
  busy: number;
  /**
   * The most CPU time the shop's thread spent between two ticks of a 2 ms timer, ms: the longest
   * stretch of its own work. A wait much longer than this was the machine's (other processes on
   * its 2 cores), not the shop's.
   */
  longestWork: number;
}

/**
 * The shopper's side of the poll, in a process of its own as a shopper's browser is: the shop runs
 * in this process, and a client on the shop's own thread added its own work and its heap's
 * collections to every wait it measured (on a quiet machine 46 ms at idle while the shop's loop
 * never waited more than 20). One process for all rounds, warmed by one untimed request first (a
 * first fetch compiles the HTTP client: ~30 ms that are not the shop's). Each 'start' asks the page
 * every ~20 ms until 'stop', then answers the latencies.
 */
const POLLER = `
const url = process.argv[1];
let round = null;
const tick = () => {
  if (round === null) return;
  const t0 = performance.now();
  const { times } = round;
  round.pending.push(fetch(url).then((r) => r.arrayBuffer()).then(() => { times.push(performance.now() - t0); }));
  setTimeout(tick, 20);
};
process.on('message', (message) => {
  if (message === 'start') {
    round = { times: [], pending: [] };
    tick();
    return;
  }
  const { times, pending } = round;
  round = null;
  Promise.all(pending).then(() => process.send(times));
});
fetch(url).then((r) => r.arrayBuffer()).then(() => process.send('ready'));
`;
const pollerAnswer = z.array(z.number());

interface Poller {
  /** Requests the page every ~20 ms (from the poller's thread) until `until` resolves. */
  whilst(until: Promise<unknown>): Promise<Polled>;
  stop(): Promise<void>;
}

async function startPoller(url: string): Promise<Poller> {
  const poller = spawn(process.execPath, ['-e', POLLER, url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (): Promise<unknown> =>
    new Promise((resolve, reject) => {
      poller.once('message', resolve);
      poller.once('error', reject);
    });
  await next();
  return {
    async whilst(until) {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const use = perf.eventLoopUtilization();
      let longestWork = 0;
      let cpu = process.threadCpuUsage();
      const ticker = setInterval(() => {
        const now = process.threadCpuUsage();
        longestWork = Math.max(longestWork, (now.user + now.system - cpu.user - cpu.system) / 1000);
        cpu = now;
      }, 2);
      const answered = next();
      poller.send('start');
      await until;
      poller.send('stop');
      const times = pollerAnswer.parse(await answered);
      loop.disable();
      clearInterval(ticker);
      const busy = perf.eventLoopUtilization(use).utilization;
      return { times: times.sort((a, b) => a - b), loopMax: loop.max / 1e6, busy, longestWork };
    },
    stop: async () => {
      const exited = new Promise((resolve) => poller.once('exit', resolve));
      poller.kill();
      await exited;
    },
  };
}

const pollLine = (label: string, { times, loopMax, busy, longestWork }: Polled): string =>
  `${label.padEnd(24)} | requests ${String(times.length).padStart(4)} | p95 ${ms(quantile(times, 0.95))} | max ${ms(times.at(-1) ?? NaN)} | loop delay max ${ms(loopMax)} | longest own work ${ms(longestWork)} | busy ${(busy * 100).toFixed(0).padStart(3)}%`;

/**
 * How long until the products priced at least `floor` number `count` (the rebuilt index is
 * served). Asked from a process of its own, like the poller: a client's work on the shop's thread
 * would be counted as the shop's.
 */
const WATCHER = `
const { z } = require('zod');
const [url, count] = [process.argv[1], Number(process.argv[2])];
const answer = z.object({ pagination: z.object({ total: z.number() }) });
const since = performance.now();
const ask = () =>
  fetch(url).then((r) => r.json()).then((body) => {
    if (answer.parse(body).pagination.total >= count) process.send(performance.now() - since);
    else if (performance.now() - since > 60000) process.exit(3);
    else setTimeout(ask, 25);
  });
ask();
`;

function searchableAfter(shopUrl: string, floor: number, count: number): Promise<number> {
  const url = `${shopUrl}/svc/search/public/products?project=bbs&locale=ru&limit=1&priceFrom=${floor}`;
  const watcher = spawn(process.execPath, ['-e', WATCHER, url, String(count)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    watcher.once('message', (message: unknown) => {
      resolve(z.number().parse(message));
      watcher.kill();
    });
    watcher.once('exit', (code) =>
      reject(new Error(`the outside write never became searchable (watcher exit ${code})`)),
    );
  });
}

/**
 * The outside writer: another connection on another thread (a real one is another process), so
 * that its own seconds of writing are not counted as the shop's stall. Raises the lowest price of
 * 1% of the listed products above `floor`; answers how many rows and how long it took.
 */
const OUTSIDE_WRITE = `
const { DatabaseSync } = require('node:sqlite');
const { parentPort, workerData } = require('node:worker_threads');
const db = new DatabaseSync(workerData.file, { timeout: 10000 });
const t0 = performance.now();
db.exec('BEGIN IMMEDIATE');
const changed = db.prepare(
  'UPDATE product SET min_price = ? + id WHERE id % 100 = ? AND has_price = 1 AND has_image = 1 AND is_archival = 0'
).run(workerData.floor, workerData.round).changes;
db.exec('COMMIT');
db.close();
parentPort.postMessage({ changed: Number(changed), ms: performance.now() - t0 });
`;
const outsideAnswer = z.object({ changed: z.number(), ms: z.number() });

function writeOutside(file: string, floor: number, round: number): Promise<z.output<typeof outsideAnswer>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(OUTSIDE_WRITE, { eval: true, workerData: { file, floor, round } });
    worker.once('message', (message: unknown) => resolve(outsideAnswer.parse(message)));
    worker.once('error', reject);
  });
}

async function rebuildStallLines(shopUrl: string, dataDir: string, cachedPath: string): Promise<string[]> {
  // The page is cached (route cache) before the measure: every request of it below is a hit.
  for (let i = 0; i < 3; i++) await (await fetch(`${shopUrl}${cachedPath}`)).arrayBuffer();
  const poller = await startPoller(`${shopUrl}${cachedPath}`);
  const idle = await poller.whilst(sleep(2000));
  const lines = [`Cached page ${cachedPath} every ~20 ms, ms`, pollLine('idle (2 s)', idle)];
  for (let round = 1; round <= 3; round++) {
    // A bulk price load by another connection: 1% of the products, each round a new price floor.
    const floor = 10_000_000 * round;
    const { changed, ms: written } = await writeOutside(join(dataDir, 'search.db'), floor, round);
    // The next request that reads the index notices the write and starts the rebuild.
    const visible = searchableAfter(shopUrl, floor, changed);
    const stalls = await poller.whilst(visible.then(() => sleep(300)));
    lines.push(
      `${pollLine(`rebuild ${round} (${changed} rows)`, stalls)} | written in ${ms(written)} | searchable after ${ms(await visible)}`,
    );
  }
  await poller.stop();
  return lines;
}

export async function searchScaleReport(shopUrl: string, dataDir: string): Promise<string> {
  const quick = await quickSearchLines(shopUrl);
  const stall = await rebuildStallLines(shopUrl, dataDir, '/odezhda');
  return ['', ...quick, '', ...stall].join('\n');
}

/**
 * Right after a start: a page that needs no index answers at once, `/readyz` turns ready when the
 * first index is built (a balancer sends shoppers only then), and a catalogue page after that.
 */
export async function startUpLines(shopUrl: string, sinceStart: number): Promise<string[]> {
  const timed = async (path: string): Promise<string> => {
    const t0 = performance.now();
    const response = await fetch(`${shopUrl}${path}`);
    await response.arrayBuffer();
    return `${path} ${response.status} in ${(performance.now() - t0).toFixed(0)} ms (${(performance.now() - sinceStart).toFixed(0)} ms after the start began)`;
  };
  const lines = ['Start-up while the first index builds', `  ${await timed('/ua/info/bonus-rules')}`];
  while ((await fetch(`${shopUrl}/readyz`)).status !== 200) await sleep(50);
  lines.push(`  /readyz 200 ${(performance.now() - sinceStart).toFixed(0)} ms after the start began`);
  lines.push(`  ${await timed('/odezhda')}`);
  return lines;
}
