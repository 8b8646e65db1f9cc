import { expect, test } from './fixtures.ts';
import { ACCEPTED_STATUSES, generatedPaths } from '../../scripts/lib/generatedPaths.ts';

// Generated catalogue-like paths through the real server: none may answer 5xx. Seeded, so a
// failure reproduces; `npm run bench` sends 2,000 of them (these 500 first).
test('500 generated paths: no 5xx, every answer is a page, a redirect or the 404 page', async ({ request }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const path of generatedPaths(500)) {
    const response = await request.get(path, { maxRedirects: 0 });
    if (!ACCEPTED_STATUSES.includes(response.status())) failures.push(`${response.status()} ${path}`);
  }
  expect(failures).toEqual([]);
});
