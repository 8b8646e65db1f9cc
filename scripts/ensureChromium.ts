/**
 * Playwright cannot download its browsers on this network: the tests and benchmarks use Debian's.
 * - The tests drive `chromium-headless-shell` (Chromium's old headless mode, Debian's package of the
 *   browser Playwright itself runs headless): the same Blink, without the full browser around it.
 *   Measured 2026-11-29, the whole end-to-end run: 11.4 min with `chromium`, 5.4 min with it
 *   (docs/decisions.md "End-to-end tests in Chromium's headless shell").
 * - Lighthouse measures the full `chromium`, the browser a shopper has.
 */
import { ensureDebianPackage } from './ensureDebianPackage.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TEST_CHROMIUM = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export function ensureChromium(): void {
  ensureDebianPackage(CHROMIUM, 'chromium', 'CHROMIUM_PATH');
}

export function ensureTestChromium(): void {
  ensureDebianPackage(TEST_CHROMIUM, 'chromium-headless-shell', 'TEST_CHROMIUM_PATH');
}
