import fc from 'fast-check';

/**
 * Catalogue-like paths made up from real slugs, grammar pieces and junk, seeded so a failure
 * reproduces. `npm test` sends the first 500 through the real server (tests/e2e/fuzz.spec.ts);
 * `npm run bench` sends 2,000 (the same 500 first: fast-check draws the same values from the same
 * seed), which took ~30 s of a two-worker e2e run for little more than the 500 find.
 */
const segment = fc.oneof(
  fc.constantFrom('odezhda', 'obuv', 'igrushki', 'bodi', 'ua', 'ru', 'uk', 'outlet', 'catalogs', 'search-result'),
  fc.constantFrom('page-2', 'page-0', 'page-1', 'page-99999', 'sort-price', 'sort-price-desc', 'sort-', 'sort-x-desc'),
  fc.constantFrom('color=belyy', 'size=92,98', 'color=', '=x', 'price=100,500', 'price=0,abc', 'brand=reima,reima'),
  fc.constantFrom('%', '%E0%A4%A', '%2F', '..', '.', '%00', '~', 'a b', 'Ы', '%D1%88'),
  fc.stringMatching(/^[a-z0-9=,-]{0,12}$/),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);

export const generatedPaths = (count: number): string[] =>
  fc
    .sample(
      fc
        .tuple(fc.constantFrom('', '/ua', '/ru'), fc.array(segment, { minLength: 0, maxLength: 7 }), fc.boolean())
        .map(([prefix, parts, slash]) => `${prefix}/${parts.join('/')}${slash ? '/' : ''}`),
      { numRuns: count, seed: 20261122 },
    )
    .map((path) => path.replace(/\/{2,}/g, '/'));

/** The answers a generated path may get: a page, a redirect or the 404 page; never a 5xx. */
export const ACCEPTED_STATUSES = [200, 301, 302, 404];

/** `npm run bench`: the 2,000 paths; any other answer makes the exit code 1. */
export async function generatedPathsReport(shopUrl: string, count = 2000): Promise<void> {
  const started = performance.now();
  const failures: string[] = [];
  for (const path of generatedPaths(count)) {
    const response = await fetch(`${shopUrl}${path}`, { redirect: 'manual' });
    await response.arrayBuffer();
    if (!ACCEPTED_STATUSES.includes(response.status)) failures.push(`${response.status} ${path}`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\ngenerated paths: ${count} in ${seconds.toFixed(1)} s, ${failures.length} answered other than 200/301/302/404`,
  );
  for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
}
