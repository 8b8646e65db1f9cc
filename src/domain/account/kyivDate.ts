/**
 * The shop's calendar day (spec §9: dates in the user's zone, falling back to Kyiv). Apart from the
 * date pickers' rules so the pickers' script does not carry a formatter.
 */

// Made on first use: a formatter with a time zone loads the zone's rules, ~25 ms of a slow phone's
// main thread (the basket store imports this module on every product page, where nothing asks
// for a date until a subscription is chosen).
let kyivFormat: Intl.DateTimeFormat | undefined;

/** Today in Kyiv (YYYY-MM-DD): "today or after" is the shop's day, not the server's or UTC's. */
export function kyivToday(now: Date): string {
  kyivFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Kyiv',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return kyivFormat.format(now);
}

/** Spec §5 today-or-after for a YYYY-MM-DD date. */
export function isTodayOrAfter(iso: string, today: string): boolean {
  return iso >= today;
}
