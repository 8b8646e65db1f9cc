import type { Locale } from '../api/schemas/common.ts';

/**
 * How every store uses the network: in the page's language, and the newest answer wins. One small
 * module on purpose: every store imports it, so the bundler puts it in the chunk of nanostores
 * itself that every store page loads anyway, rather than in files of its own (each a request and
 * a name in every loader's preload list; tests/e2e/jsBudget.spec.ts counts them).
 */

/**
 * The page's language, the one source every store asks (the services answer their messages in it,
 * the order carries names in it): `<html lang>`, which the layout writes from the route
 * (src/i18n/locale.ts HTML_LANG: `uk` under /ua, else `ru`). Off a page (the server, a unit test)
 * it is the default, Russian.
 */
export function pageLocale(): Locale {
  return globalThis.document?.documentElement.lang === 'uk' ? 'uk' : 'ru';
}

/**
 * "Newest answer wins", the one way every store reads the network while the shopper keeps acting
 * (the basket check, the quick search, the catalogue's in-place pages, the hearts, the checkout's
 * city, branch and street searches): each task started supersedes the one before it, whose
 * AbortSignal aborts (a fetch given the signal stops; a task checks `signal.aborted` after each
 * await and then writes nothing), so a slower answer to an older question never overwrites a
 * newer one. Tasks record their own failures in their store's state: they never reject.
 */
export interface NewestAnswer {
  /** Starts `task` now; the task before it (running or waiting for its delay) is superseded. */
  run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /**
   * Starts `task` after `delayMs` unless another call comes first (a debounce or a throttle's
   * trailing call). The running task is superseded only when this one starts, so its answer still
   * lands meanwhile; call `cancel` first when it must not.
   */
  later(delayMs: number, task: (signal: AbortSignal) => Promise<void>): void;
  /** Supersedes the running task and drops the waiting one. */
  cancel(): void;
}

export function newestAnswer(): NewestAnswer {
  let controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answers: NewestAnswer = {
    cancel() {
      clearTimeout(timer);
      controller.abort();
    },
    run(task) {
      answers.cancel();
      controller = new AbortController();
      return task(controller.signal);
    },
    later(delayMs, task) {
      clearTimeout(timer);
      timer = setTimeout(() => void answers.run(task), delayMs);
    },
  };
  return answers;
}
