/**
 * The account forms' date pickers (companion spec §5): a date chosen as day, month and year selects,
 * the year list running 100 years back, and a day past the month's last day reset to 1. Pure: the
 * server applies it to every posted date; the pages' inline script applies the same reset while a
 * shopper picks.
 */

/** Spec §5: "the year list runs 100 years back". */
export const YEAR_SPAN = 100;

/** Days of `month` (1-12) in `year` (the Gregorian calendar). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Spec §5: a day beyond the month's days becomes 1 (31 February → 1 February). */
export function fitDay(day: number, month: number, year: number): number {
  return day > daysInMonth(year, month) ? 1 : day;
}

/** The years a birth-date picker offers, newest first: this year and the 100 before it. */
export function yearOptions(thisYear: number, span: number = YEAR_SPAN): number[] {
  return Array.from({ length: span + 1 }, (_, index) => thisYear - index);
}

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** What three selects posted: a date (YYYY-MM-DD), none (all three empty), or `partial` (some missing or out of range). */
export type PickedDate = { kind: 'date'; iso: string } | { kind: 'none' } | { kind: 'partial' };

const NUMBER = /^\d{1,4}$/;

/** The date three selects posted, the day fitted to the month (spec §5). */
export function pickedDate(parts: DateParts, thisYear: number, span: number = YEAR_SPAN): PickedDate {
  const raw = [parts.day.trim(), parts.month.trim(), parts.year.trim()];
  if (raw.every((value) => value === '')) return { kind: 'none' };
  if (!raw.every((value) => NUMBER.test(value))) return { kind: 'partial' };
  const [day, month, year] = raw.map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || year > thisYear || year < thisYear - span) {
    return { kind: 'partial' };
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return { kind: 'date', iso: `${pad(year, 4)}-${pad(month, 2)}-${pad(fitDay(day, month, year), 2)}` };
}

/** A stored date (YYYY-MM-DD) as the selects' values; empty parts for none. */
export function dateParts(iso: string | null): DateParts {
  const match = iso === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return { day: '', month: '', year: '' };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] ?? '' };
}
