/**
 * Dates as DD.MM.YYYY in the user's time zone, falling back to Kyiv (spec §9).
 * Pure: the zone is a parameter (the caller reads it from the browser or a cookie).
 */

export const DEFAULT_TIME_ZONE = 'Europe/Kyiv';
/** Pre-2022 tzdata only knows the old spelling; used if an ICU build rejects 'Europe/Kyiv'. */
const LEGACY_KYIV = 'Europe/Kiev';

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A cached formatter for a zone, or null when the runtime does not know the zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached !== undefined) return cached;
  let formatter: Intl.DateTimeFormat | null;
  try {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
  } catch {
    formatter = null;
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as a calendar date (no zone shift), or '' when the day does not exist. */
function formatDateOnly(match: RegExpExecArray): string {
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return '';
  return `${pad(day, 2)}.${pad(month, 2)}.${pad(year, 4)}`;
}

/**
 * Formats an instant as DD.MM.YYYY in `timeZone` (IANA name); a missing, empty or unknown zone
 * falls back to Europe/Kyiv. A date-only string `YYYY-MM-DD` (birthdays, expected delivery days)
 * is a calendar date, not an instant, and is shown as written in every zone. Input that is not a
 * valid date (NaN, unparsable string, 2026-02-30) gives ''.
 */
export function formatDate(input: Date | string | number, timeZone?: string | null): string {
  if (typeof input === 'string') {
    const dateOnly = DATE_ONLY.exec(input.trim());
    if (dateOnly) return formatDateOnly(dateOnly);
    if (input.trim() === '') return '';
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const formatter =
    (timeZone ? formatterFor(timeZone) : null) ?? formatterFor(DEFAULT_TIME_ZONE) ?? formatterFor(LEGACY_KYIV);
  if (!formatter) return '';
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  const [day, month, year] = [part('day'), part('month'), part('year')];
  if (![day, month, year].every(Number.isFinite)) return '';
  return `${pad(day, 2)}.${pad(month, 2)}.${pad(year, 4)}`;
}
