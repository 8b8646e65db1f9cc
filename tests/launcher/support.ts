import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * The launchers as a user runs them: `node scripts/start.ts` and `node scripts/services.ts` as
 * child processes with their own environment, watched through their output and reached over HTTP.
 */

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Everything the launchers read; a child starts from the caller's environment without these. */
const LAUNCHER_VARIABLES = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'REVALIDATE_SECRET',
  'CMS_EDITOR_TOKEN',
  'SEARCH_ADMIN_TOKEN',
  'ORDER_ADMIN_TOKEN',
  'STOREFRONT_URL',
  'SHOP_SKIP_BUILD',
  'SEARCH_API_URL',
  'USER_API_URL',
  'CONTENT_API_URL',
  'ORDER_API_URL',
  'DELIVERY_API_URL',
  'SEARCH_PORT',
  'USER_PORT',
  'CONTENT_PORT',
  'ORDER_PORT',
  'DELIVERY_PORT',
  'WORKERS',
  'REDIS_URL',
  'CDN_PURGE_URL',
  'CDN_PURGE_TOKEN',
  'CDN_PURGE_MODE',
  'SITE_URL',
  'TRUST_PROXY',
  'SHOP_DEMO',
  'SHOP_E2E_FAULTS',
  'SHUTDOWN_GRACE_SECONDS',
  'SHUTDOWN_DELAY_SECONDS',
  'SMS_GATEWAY_URL',
  'SMS_GATEWAY_TOKEN',
  'EMAIL_GATEWAY_URL',
  'EMAIL_GATEWAY_TOKEN',
  'EMAIL_FROM',
  'CAPTCHA_SECRET',
  'CAPTCHA_VERIFY_URL',
  'CAPTCHA_SITE_KEY',
  'CAPTCHA_SCRIPT_URL',
  'SOCIAL_SIGN_IN',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_ID',
  'FACEBOOK_CLIENT_SECRET',
  'PAYMENT_GATEWAY_URL',
  'PAYMENT_GATEWAY_SECRET',
  'USER_ADDRESS_LIMIT_FACTOR',
  'SESSION_CREATION_LIMIT',
  'PAYMENT_PAGE_ORIGINS',
  'ORDER_LINE_MAX',
  'ORDER_OPEN_PER_PHONE',
  'ORDER_PAYMENT_HOLD_MINUTES',
  'IMAGE_CACHE_MAX_MB',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'METRICS_TOKEN',
  'SENTRY_DSN',
  'SENTRY_ENVIRONMENT',
];

/**
 * The environment of a child: the caller's (PATH, SHOP_BUILD_DIR …) minus the launchers' own
 * variables (vitest sets NODE_ENV=test; a developer may have tokens exported), plus `extra`.
 * Children serve the one build the run made (buildSetup.ts) rather than each checking the sources.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of LAUNCHER_VARIABLES) delete env[name];
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', SHOP_SKIP_BUILD: '1', ...extra };
}

export interface Launched {
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export function launch(script: 'scripts/start.ts' | 'scripts/services.ts', env: NodeJS.ProcessEnv): Launched {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, script)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let done = false;
  const exited = new Promise<number | null>((settle) => {
    child.once('exit', (code) => {
      done = true;
      for (const listener of listeners) listener();
      settle(code);
    });
  });
  return {
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((found, fail) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            finish();
            found(match);
          } else if (done) {
            finish();
            fail(new Error(`${script} exited before printing ${String(pattern)}:\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          fail(new Error(`${script} did not print ${String(pattern)} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (!done) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A port that was free a moment ago (for a URL another process must know before this one listens). */
export { freeLoopbackPort as freePort } from '../../scripts/lib/freePort.ts';
