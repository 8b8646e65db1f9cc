/** Playwright cannot download its browsers on this network; the tests use Debian's chromium. */
import { ensureDebianPackage } from './ensureDebianPackage.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium(): void {
  ensureDebianPackage(CHROMIUM, 'chromium', 'CHROMIUM_PATH');
}
