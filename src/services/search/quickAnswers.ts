/**
 * Answers of the quick search's two calls, kept briefly per query (issue 30): shoppers type the
 * same few prefixes («ко», «ша», «бо») all day, and each keystroke asks both calls. The key is the
 * whole query (prefix, locale and flags), so a prefix is kept per locale. An answer lives
 * `ttlMs` and only while the index it was made from is served: a write through the service or a
 * rebuild swapped in after an outside write (a new `generation`) drops them all.
 */
export interface QuickAnswers {
  /** The answer's JSON text: kept made, so a hit costs no serialisation either. */
  get(key: string, generation: number, make: () => string): string;
}

const QUICK_ANSWER_TTL_MS = 30_000;
/** ~2 KB a products answer: 1,000 keep under ~2 MB. */
const QUICK_ANSWERS_KEPT = 1000;

export function createQuickAnswers(
  ttlMs = QUICK_ANSWER_TTL_MS,
  kept = QUICK_ANSWERS_KEPT,
  now: () => number = () => performance.now(),
): QuickAnswers {
  const answers = new Map<string, { body: string; at: number }>();
  let of = -1;
  return {
    get(key, generation, make) {
      if (generation !== of) {
        answers.clear();
        of = generation;
      }
      const found = answers.get(key);
      if (found && now() - found.at < ttlMs) return found.body;
      answers.delete(key);
      const body = make();
      if (answers.size >= kept) answers.delete(answers.keys().next().value ?? '');
      answers.set(key, { body, at: now() });
      return body;
    },
  };
}

/** The cache key of a request: its path and query parameters in a stable order. */
export function quickKey(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const params = [...searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pathname}?${new URLSearchParams(params).toString()}`;
}
