import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newestAnswer } from '../../src/stores/net.ts';

/** The one "newest answer wins" mechanism of the stores (src/stores/net.ts). */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A task that records its signal and waits for the test. */
function task() {
  const signals: AbortSignal[] = [];
  let finish: () => void = () => {};
  const run = (signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return { run, signals, finish: () => finish() };
}

describe('newestAnswer', () => {
  it('runs a task at once and hands back what it resolves to', async () => {
    const answers = newestAnswer();
    await expect(answers.run((signal) => Promise.resolve(signal.aborted ? 'old' : 'new'))).resolves.toBe('new');
  });

  it('supersedes the running task when another starts: its signal aborts, the newer one’s does not', () => {
    const answers = newestAnswer();
    const older = task();
    const newer = task();
    void answers.run(older.run);
    void answers.run(newer.run);
    expect(older.signals[0]?.aborted).toBe(true);
    expect(newer.signals[0]?.aborted).toBe(false);
  });

  it('waits for the delay, and a later call in the meantime replaces the waiting task (debounce)', () => {
    const answers = newestAnswer();
    const first = task();
    const second = task();
    answers.later(200, first.run);
    vi.advanceTimersByTime(150);
    answers.later(200, second.run);
    vi.advanceTimersByTime(199);
    expect(first.signals).toHaveLength(0);
    expect(second.signals).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(first.signals).toHaveLength(0);
    expect(second.signals).toHaveLength(1);
  });

  it('leaves the running task’s answer to land until the delayed one starts', () => {
    const answers = newestAnswer();
    const running = task();
    const next = task();
    void answers.run(running.run);
    answers.later(500, next.run);
    expect(running.signals[0]?.aborted).toBe(false);
    vi.advanceTimersByTime(500);
    expect(running.signals[0]?.aborted).toBe(true);
    expect(next.signals[0]?.aborted).toBe(false);
  });

  it('cancel supersedes the running task and drops the waiting one', () => {
    const answers = newestAnswer();
    const running = task();
    const waiting = task();
    void answers.run(running.run);
    answers.later(100, waiting.run);
    answers.cancel();
    vi.advanceTimersByTime(1000);
    expect(running.signals[0]?.aborted).toBe(true);
    expect(waiting.signals).toHaveLength(0);
  });

  it('running now drops a task still waiting for its delay', () => {
    const answers = newestAnswer();
    const waiting = task();
    const now = task();
    answers.later(100, waiting.run);
    void answers.run(now.run);
    vi.advanceTimersByTime(1000);
    expect(waiting.signals).toHaveLength(0);
    expect(now.signals[0]?.aborted).toBe(false);
  });

  it('keeps separate instances apart', () => {
    const one = newestAnswer();
    const other = newestAnswer();
    const a = task();
    const b = task();
    void one.run(a.run);
    void other.run(b.run);
    expect(a.signals[0]?.aborted).toBe(false);
  });
});
