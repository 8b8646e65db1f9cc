/** `npm run test:e2e`: Playwright against the production build (built on demand by the web server), in Debian's headless shell. */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ensureTestChromium } from './ensureChromium.ts';

const root = resolve(import.meta.dirname, '..');
ensureTestChromium();
const cli = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const result = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
