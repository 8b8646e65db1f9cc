/**
 * What a log line may never hold (issue 26): secrets, tokens, one-time codes, passwords and full
 * phone numbers. Pure text rules, applied to every message and every string field the server
 * logger writes (src/log/serverLog.ts), and to the query strings of request lines. They err on the
 * side of hiding: a masked harmless value costs nothing, a leaked code costs an account.
 */

export const REDACTED = '[redacted]';

/** Field names whose values are secret whatever they hold. */
const SECRET_KEY =
  /^(?:.*password.*|.*token.*|.*secret.*|authorization|cookie|set-cookie|code|otp|sms_?code|hash|signature|api[-_]?key|state)$/i;

/**
 * A Ukrainian mobile number written as the services store it (380XXXXXXXXX, optionally with `+`)
 * or as people write it (`+38 (050) 123-45-67`, `050 123 45 67`): the last four digits stay, so a
 * support engineer can still tell two shoppers' lines apart.
 */
const PHONE = /(?<![\d])(\+?3\s?8\s?)?\(?0\d{2}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}(?![\d])/g;

/** `Bearer <token>` / `Basic <credentials>` in text (an Authorization header quoted in a message). */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+(?!\[redacted\])[^\s,;"']+/gi;

/** A JSON Web Token anywhere: three base64url parts, the first a JSON header. */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/** `password=…`, `"token": "…"`, `code: 123456` and the like, in text. */
const KEY_VALUE =
  /\b((?:[\w-]*(?:password|token|secret)[\w-]*|authorization|cookie|code|otp|hash|signature|api[-_]?key)\b["']?\s*[:=]\s*["']?)(?!\[redacted\])([^\s"'&,;)}\]]+)/gi;

/** One-time codes said in prose: "code 123456", "код 1234". */
const CODE_IN_PROSE = /(?<![\p{L}\d_])(code|код)(\s+)(\d{4,8})(?!\d)/giu;

function maskPhone(match: string): string {
  const digits = match.replace(/\D/g, '');
  return `${digits.startsWith('380') ? '380' : ''}*****${digits.slice(-4)}`;
}

/** `text` with every secret, code and full phone number it holds masked. */
export function redactText(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(KEY_VALUE, (_match, key: string) => `${key}${REDACTED}`)
    .replace(CODE_IN_PROSE, (_match, word: string, space: string) => `${word}${space}${REDACTED}`)
    .replace(PHONE, maskPhone);
}

/**
 * A request target for a log line: the path as it is (phones masked), the query's secret
 * parameters (`?token=`, an OAuth `?code=&state=`) replaced by REDACTED.
 */
export function redactTarget(target: string): string {
  const at = target.indexOf('?');
  if (at < 0) return redactText(target);
  const path = target.slice(0, at);
  const query = target
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; only its value matters here.
      }
      return SECRET_KEY.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return redactText(`${path}?${query}`);
}

/**
 * A copy of a log record's fields with secret keys' values replaced and every string redacted;
 * an Error becomes its type, message and stack (redacted too).
 */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) {
    return {
      type: value.name,
      message: redactText(value.message),
      ...(value.stack ? { stack: redactText(value.stack) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) && item !== undefined && item !== null ? REDACTED : redactFields(item, depth + 1);
  }
  return copy;
}
