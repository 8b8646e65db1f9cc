import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { z } from 'zod';

/**
 * `/metrics` for the whole shop when it runs several processes (`WORKERS`, scripts/lib/workers.ts):
 * each worker counts its own requests, and the primary counts what its embedded services do
 * (orders, SMS codes, rate limits). The worker a scrape lands on asks the primary over the
 * cluster's IPC channel; the primary asks every worker for its metrics as JSON, adds its own and
 * sums them with prom-client's AggregatorRegistry (counters and histograms add up; each metric's
 * `aggregator` says otherwise, e.g. the shared disk cache's size is the largest view of it). A
 * worker that does not answer within the budget is left out of that scrape rather than failing it.
 *
 * prom-client's own `clusterMetrics()` asks the workers only, and from the primary; here the
 * primary's metrics are part of the answer and the question comes from a worker.
 */

const ANSWER_BUDGET_MS = 2000;

const SCRAPE = 'bbs:metrics:scrape';
const SCRAPED = 'bbs:metrics:scraped';
const COLLECT = 'bbs:metrics:collect';
const COLLECTED = 'bbs:metrics:collected';

/** One process's `registry.getMetricsAsJSON()`: only what aggregation reads is checked, the rest passes. */
const metricsJsonSchema = z.array(z.looseObject({ name: z.string(), values: z.array(z.unknown()) }));
const scrapeSchema = z.object({ type: z.literal(SCRAPE), id: z.number() });
/** `text: null`: the primary could not sum them. */
const scrapedSchema = z.object({ type: z.literal(SCRAPED), id: z.number(), text: z.string().nullable() });
const collectSchema = z.object({ type: z.literal(COLLECT), id: z.number() });
const collectedSchema = z.object({ type: z.literal(COLLECTED), id: z.number(), metrics: metricsJsonSchema });

/** In a worker: answers the primary's collections with this process's metrics. */
export function answerCollections(registry: Registry): void {
  process.on('message', (message: unknown) => {
    const asked = collectSchema.safeParse(message);
    if (!asked.success) return;
    void registry
      .getMetricsAsJSON()
      .catch(() => [])
      .then((metrics) => process.send?.({ type: COLLECTED, id: asked.data.id, metrics }));
  });
}

let nextScrape = 0;

/** In a worker: the whole shop's metrics, as the primary sums them. */
export function scrapeCluster(): Promise<string> {
  const id = nextScrape++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary process did not answer the scrape'));
    }, ANSWER_BUDGET_MS * 2);
    const onMessage = (message: unknown) => {
      const answer = scrapedSchema.safeParse(message);
      if (!answer.success || answer.data.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (answer.data.text === null) reject(new Error('the primary process could not sum the metrics'));
      else resolve(answer.data.text);
    };
    process.on('message', onMessage);
    process.send?.({ type: SCRAPE, id });
  });
}

/** In the primary: every live worker's metrics, each within the budget (a silent one is left out). */
function collectFromWorkers(id: number): Promise<unknown[][]> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker?.isConnected());
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise<unknown[]>((resolve) => {
          const timer = setTimeout(() => done([]), ANSWER_BUDGET_MS);
          const onMessage = (message: unknown) => {
            const answer = collectedSchema.safeParse(message);
            if (answer.success && answer.data.id === id) done(answer.data.metrics);
          };
          const done = (metrics: unknown[]) => {
            clearTimeout(timer);
            worker.off('message', onMessage);
            resolve(metrics);
          };
          worker.on('message', onMessage);
          worker.send({ type: COLLECT, id });
        }),
    ),
  );
}

/** In the primary: answers the workers' scrapes with the sum of every process's metrics, its own included. */
export function serveClusterScrapes(registry: Registry): void {
  let nextCollection = 0;
  cluster.on('message', (worker, message: unknown) => {
    const asked = scrapeSchema.safeParse(message);
    if (!asked.success) return;
    const collection = nextCollection++;
    void Promise.all([registry.getMetricsAsJSON(), collectFromWorkers(collection)])
      .then(([own, workers]) => AggregatorRegistry.aggregate([own, ...workers.filter((w) => w.length > 0)]).metrics())
      .catch(() => null)
      .then((text) => {
        if (worker.isConnected()) worker.send({ type: SCRAPED, id: asked.data.id, text });
      });
  });
}
