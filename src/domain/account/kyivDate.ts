/**
 * The shop's calendar day (spec §9: dates in the user's zone, falling back to Kyiv). Apart from the
 * date pickers' rules so the pickers' script does not carry a formatter.
 */

const kyivFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Kyiv (YYYY-MM-DD): "today or after" is the shop's day, not the server's or UTC's. */
export function kyivToday(now: Date): string {
  return kyivFormat.format(now);
}

/** Spec §5 today-or-after for a YYYY-MM-DD date. */
export function isTodayOrAfter(iso: string, today: string): boolean {
  return iso >= today;
}
