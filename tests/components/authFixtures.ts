import { vi } from 'vitest';
import type { SessionState, Shopper } from '../../src/api/schemas/session.ts';
import { $bonusSummary, $session } from '../../src/stores/auth.ts';

/** A signed-in shopper as the session endpoints answer. */
export function shopper(overrides: Partial<Shopper> = {}): Shopper {
  return {
    id: 7,
    firstName: 'Олена',
    lastName: '',
    phone: '380671234567',
    email: '',
    isMember: false,
    subscriptionDiscount: false,
    hasPassword: true,
    defaultLocation: null,
    ...overrides,
  };
}

export function signedIn(overrides: Partial<Shopper> = {}, bonusGranted = false): { session: SessionState } {
  return { session: { signedIn: true, shopper: shopper(overrides), bonusGranted } };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body: unknown } | 'offline';

/**
 * The session endpoints, played by a table: `answers['POST /api/auth/login']` is what the next such
 * call gets (a list: one per call, the last repeats). Every call is recorded with its parsed body.
 */
export function stubSession(answers: Record<string, Answer | Answer[]>): Call[] {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const key = `${method} ${url.pathname}`;
    const sent = calls.filter((c) => `${c.method} ${c.path}` === key).length;
    calls.push({ method, path: url.pathname, body });
    const entry = answers[key];
    const answer = Array.isArray(entry) ? (entry[Math.min(sent, entry.length - 1)] ?? 'offline') : entry;
    if (answer === undefined) {
      if (key === 'GET /api/auth/me') return Promise.resolve(Response.json({ session: { signedIn: false } }));
      return Promise.reject(new TypeError(`no answer for ${key}`));
    }
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(Response.json(answer.body, { status: answer.status }));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

export const ok = (body: unknown) => ({ status: 200, body });
/** A refusal as the endpoints answer it (src/api/schemas/endpoint.ts): the message on `field`, or the whole form's. */
export const refused = (status: number, code: number, message: string, field: string | null) => ({
  status,
  body: { code, message, fields: field === null ? [] : [{ field, message }] },
});

export function resetSession(): void {
  $session.set(null);
  $bonusSummary.set(null);
}
