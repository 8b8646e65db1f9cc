import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { z } from 'zod';
import { freeLoopbackPort } from './freePort.ts';
import { CHROMIUM } from '../ensureChromium.ts';

/**
 * Lighthouse mobile (its default: Moto G-class emulation, simulated slow 4G and 4× CPU slowdown)
 * over Debian's chromium, for `npm run bench` (issue 13). One cold run per page; prints the
 * performance score, LCP, TBT, CLS and the bytes transferred.
 */

const auditsSchema = z.object({
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.object({
    'largest-contentful-paint': z.object({ numericValue: z.number() }),
    'total-blocking-time': z.object({ numericValue: z.number() }),
    'cumulative-layout-shift': z.object({ numericValue: z.number() }),
    'total-byte-weight': z.object({ numericValue: z.number() }),
  }),
});

export async function lighthouseReport(pages: { type: string; url: string }[]): Promise<void> {
  const port = await freeLoopbackPort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  console.log('\nLighthouse mobile (default throttling, one cold run each)');
  console.log('page                 | score |   LCP ms |  TBT ms |    CLS | bytes KB');
  try {
    for (const { type, url } of pages) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const report = auditsSchema.parse(result?.lhr);
      const a = report.audits;
      console.log(
        `${type.padEnd(20)} | ${String(Math.round((report.categories.performance.score ?? 0) * 100)).padStart(5)} | ${a['largest-contentful-paint'].numericValue.toFixed(0).padStart(8)} | ${a['total-blocking-time'].numericValue.toFixed(0).padStart(7)} | ${a['cumulative-layout-shift'].numericValue.toFixed(3).padStart(6)} | ${(a['total-byte-weight'].numericValue / 1024).toFixed(1).padStart(8)}`,
      );
    }
  } finally {
    await browser.close();
  }
}
