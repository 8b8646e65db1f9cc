/**
 * One call of the user service to the world outside the shop (the SMS gateway, the mailer, a social
 * provider): a timeout on every call, and one kind of failure the routes answer as a 503 with
 * Retry-After (routeKit.answering), never a 500 and never a silent success.
 */

export type OutsideChannel = 'sms' | 'email' | 'captcha' | 'social';

/** Seconds a shopper is told to wait (Retry-After) when an outside channel failed. */
export const OUTSIDE_RETRY_AFTER_S = 30;

/**
 * Each outside call's budget. The storefront gives a call of this service 5 s (DEFAULT_TIMEOUT_MS)
 * and one call here makes at most two outside calls (a bot check and an SMS; a code exchange and a
 * profile read), so each must be done in well under half of that.
 */
export const OUTSIDE_TIMEOUT_MS = 2000;

/**
 * An outside channel did not do its part: unreachable, too slow, or an answer that is not a yes.
 * The message names the channel and what happened, never a phone, an address, a code or a token:
 * it is logged.
 */
export class OutsideUnavailable extends Error {
  override readonly name = 'OutsideUnavailable';
  readonly channel: OutsideChannel;

  constructor(channel: OutsideChannel, message: string) {
    super(message);
    this.channel = channel;
  }
}

/** Why a fetch failed, for the log: the error's kind and message (no URL, no body). */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = error.cause instanceof Error && 'code' in error.cause ? ` (${String(error.cause.code)})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

/**
 * `fetch` under `timeoutMs`, its body read within the same budget; an unreachable or slow server is
 * OutsideUnavailable naming `what` (e.g. 'the SMS gateway').
 */
export async function callOutside(
  channel: OutsideChannel,
  what: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; ok: boolean; text: string }> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    throw new OutsideUnavailable(channel, `${what} could not be reached: ${reason(error)}`);
  }
}

/** The text of an answer as JSON, or undefined when it is not JSON (the caller's zod schema then refuses it). */
export function jsonOf(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}
