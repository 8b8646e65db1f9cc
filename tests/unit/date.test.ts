import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/domain/format/date.ts';

describe('formatDate: DD.MM.YYYY in the user time zone, falling back to Kyiv', () => {
  it.each([
    ['2026-03-31T22:30:00Z', 'Europe/Kyiv', '01.04.2026'],
    ['2026-03-31T22:30:00Z', 'UTC', '31.03.2026'],
    ['2026-03-31T22:30:00Z', 'America/New_York', '31.03.2026'],
    ['2026-03-31T20:59:59Z', 'Europe/Kyiv', '31.03.2026'],
    ['2026-03-31T21:00:00Z', 'Europe/Kyiv', '01.04.2026'],
    ['2025-12-31T22:00:00Z', 'Europe/Kyiv', '01.01.2026'],
    ['2026-01-01T04:00:00Z', 'America/Los_Angeles', '31.12.2025'],
    ['2026-01-01T10:00:00Z', 'Pacific/Kiritimati', '02.01.2026'],
  ])('shows %s in %s as %s', (input, zone, expected) => {
    expect(formatDate(input, zone)).toBe(expected);
  });

  it.each([
    // Spring forward on 29.03.2026: Kyiv is UTC+2 before, UTC+3 after.
    ['2026-03-28T21:59:59Z', '28.03.2026'],
    ['2026-03-28T22:00:00Z', '29.03.2026'],
    ['2026-03-29T20:59:59Z', '29.03.2026'],
    ['2026-03-29T21:00:00Z', '30.03.2026'],
    // Fall back on 25.10.2026: UTC+3 before, UTC+2 after.
    ['2026-10-24T20:59:59Z', '24.10.2026'],
    ['2026-10-24T21:00:00Z', '25.10.2026'],
    ['2026-10-25T21:59:59Z', '25.10.2026'],
    ['2026-10-25T22:00:00Z', '26.10.2026'],
  ])('follows Kyiv daylight saving: %s is %s', (input, expected) => {
    expect(formatDate(input, 'Europe/Kyiv')).toBe(expected);
  });

  it.each([
    ['no zone', undefined],
    ['null', null],
    ['an empty zone', ''],
    ['an unknown zone', 'Mars/Olympus'],
    ['a malformed zone', 'not a zone!'],
  ])('falls back to Kyiv for %s', (_label, zone) => {
    expect(formatDate('2026-03-31T22:30:00Z', zone)).toBe('01.04.2026');
  });

  it.each([
    ['a Date', new Date('2026-03-31T22:30:00Z')],
    ['epoch milliseconds', Date.parse('2026-03-31T22:30:00Z')],
    ['an ISO string with an offset', '2026-04-01T01:30:00+03:00'],
  ])('accepts %s', (_label, input) => {
    expect(formatDate(input, 'Europe/Kyiv')).toBe('01.04.2026');
  });

  it.each([
    ['Europe/Kyiv', '01.04.2026'],
    ['America/Los_Angeles', '01.04.2026'],
    ['Pacific/Kiritimati', '01.04.2026'],
  ])('shows a date-only string as the same calendar day in %s', (zone, expected) => {
    expect(formatDate('2026-04-01', zone)).toBe(expected);
  });

  it.each([
    ['an unparsable string', 'yesterday-ish'],
    ['an empty string', ''],
    ['a day that does not exist', '2026-02-30'],
    ['NaN', Number.NaN],
    ['an invalid Date', new Date('nope')],
  ])('gives an empty string for %s', (_label, input) => {
    expect(formatDate(input, 'Europe/Kyiv')).toBe('');
  });
});
