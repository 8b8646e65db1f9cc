import { describe, expect, it } from 'vitest';
import { readinessReport } from '../../src/server/launcher/readiness.ts';

describe('the readiness report', () => {
  it('is ready only when every check answers in time, and says why each other one is not', async () => {
    const report = await readinessReport([
      { name: 'databases', run: () => Promise.resolve() },
      { name: 'search', run: () => Promise.reject(new Error('its health answered 500')) },
      { name: 'redis', run: () => new Promise(() => undefined) },
    ]);
    expect(report).toEqual({
      ready: false,
      status: 'not ready',
      checks: { databases: 'ok', search: 'its health answered 500', redis: 'no answer in 1000 ms' },
    });
    expect(await readinessReport([{ name: 'databases', run: () => Promise.resolve() }])).toEqual({
      ready: true,
      status: 'ready',
      checks: { databases: 'ok' },
    });
  });
});
