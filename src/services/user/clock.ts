/** The service's clock (tests move it to expire codes and pass rate-limit windows). */
export type Clock = () => Date;

/** The clock's time `plusSeconds` from now, as stored: ISO-8601 UTC, which compares as text. */
export function isoAt(clock: Clock, plusSeconds = 0): string {
  return new Date(clock().getTime() + plusSeconds * 1000).toISOString();
}

/** Whole seconds from now until `iso` (0 when it has passed). */
export function secondsUntil(clock: Clock, iso: string): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - clock().getTime()) / 1000));
}

const kyivDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Kyiv (YYYY-MM-DD): "today or after" is the shop's day, not UTC's. */
export function kyivToday(clock: Clock, plusDays = 0): string {
  return kyivDate.format(new Date(clock().getTime() + plusDays * 86_400_000));
}
