import { describe, expect, it } from 'vitest';
import { childBodySchema, passwordBodySchema, profileBodySchema } from '../../src/api/schemas/account.ts';
import {
  childFromForm,
  formDate,
  formRecord,
  locationFromForm,
  profileFromForm,
} from '../../src/domain/account/accountForms.ts';
import { accountPagePath } from '../../src/domain/account/accountPages.ts';
import { dateParts, daysInMonth, fitDay, pickedDate, yearOptions } from '../../src/domain/account/dateParts.ts';
import { formState } from '../../src/domain/account/formState.ts';
import { isTodayOrAfter, kyivToday } from '../../src/domain/account/kyivDate.ts';
import { monthNames } from '../../src/domain/account/monthNames.ts';

describe('date pickers (spec §5)', () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    [31, 2, 2026, 1],
    [30, 2, 2024, 1],
    [29, 2, 2024, 29],
    [29, 2, 2023, 1],
    [31, 4, 2026, 1],
    [30, 4, 2026, 30],
    [31, 1, 2026, 31],
  ])('resets day %i of %i/%i to %i when the month is shorter', (day, month, year, fitted) => {
    expect(fitDay(day, month, year)).toBe(fitted);
  });

  it('the year list runs 100 years back from this year, newest first', () => {
    const years = yearOptions(2026);
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1926);
  });

  it('reads three selects: a date with the day fitted, none, or a partial choice', () => {
    expect(pickedDate({ day: '31', month: '2', year: '1991' }, 2026)).toEqual({ kind: 'date', iso: '1991-02-01' });
    expect(pickedDate({ day: '5', month: '11', year: '2020' }, 2026)).toEqual({ kind: 'date', iso: '2020-11-05' });
    expect(pickedDate({ day: '', month: '', year: '' }, 2026)).toEqual({ kind: 'none' });
    for (const parts of [
      { day: '5', month: '', year: '2020' },
      { day: '5', month: '13', year: '2020' },
      { day: '0', month: '1', year: '2020' },
      { day: '5', month: '1', year: '2027' },
      { day: '5', month: '1', year: '1925' },
      { day: 'x', month: '1', year: '2020' },
      { day: '1e1', month: '1', year: '2020' },
    ]) {
      expect(pickedDate(parts, 2026), JSON.stringify(parts)).toEqual({ kind: 'partial' });
    }
  });

  it('shows a stored date in the selects, and nothing for none', () => {
    expect(dateParts('1991-02-01')).toEqual({ day: '1', month: '2', year: '1991' });
    expect(dateParts(null)).toEqual({ day: '', month: '', year: '' });
    expect(dateParts('garbage')).toEqual({ day: '', month: '', year: '' });
  });

  it('names the months in the page language', () => {
    expect(monthNames('ru')[0]).toBe('январь');
    expect(monthNames('uk')[11]).toBe('грудень');
  });
});

describe('today or after (spec §5), in Kyiv', () => {
  it('is the shop’s day, not UTC’s', () => {
    // 22:30 UTC on 9 March is already 10 March in Kyiv (UTC+2), and 23:30 UTC on 1 July (UTC+3) is 2 July.
    expect(kyivToday(new Date('2026-03-09T22:30:00Z'))).toBe('2026-03-10');
    expect(kyivToday(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-02');
    expect(kyivToday(new Date('2026-07-01T20:30:00Z'))).toBe('2026-07-01');
  });

  it.each([
    ['2026-03-10', true],
    ['2026-03-11', true],
    ['2026-03-09', false],
  ])('%s against 2026-03-10: %s', (date, ok) => {
    expect(isTodayOrAfter(date, '2026-03-10')).toBe(ok);
  });
});

describe('form bodies', () => {
  it('reads an urlencoded body, the first of a repeated name', () => {
    expect(formRecord('a=1&b=%D0%B0+b&a=2&c=')).toEqual({ a: '1', b: 'а b', c: '' });
    expect(formRecord('')).toEqual({});
  });

  it('turns the profile form into the JSON body: checkboxes by presence, the date from its selects', () => {
    const body = profileFromForm(
      {
        firstName: 'Олена',
        lastName: '',
        gender: '2',
        birthDay: '31',
        birthMonth: '2',
        birthYear: '1990',
        pregnancyDueDate: '',
        subscribeSms: 'on',
      },
      2026,
    );
    expect(profileBodySchema.parse(body)).toEqual({
      firstName: 'Олена',
      lastName: '',
      middleName: '',
      gender: 2,
      birthDate: '1990-02-01',
      pregnancyDueDate: null,
      subscribeSms: true,
      subscribeEmail: false,
    });
  });

  it('refuses a partial date and an unknown gender on their fields', () => {
    const result = profileBodySchema.safeParse(
      profileFromForm({ firstName: 'Олена', gender: '3', birthDay: '5', birthMonth: '', birthYear: '1990' }, 2026),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['birthDate', 'gender']);
  });

  it('needs a child’s birth date', () => {
    expect(childBodySchema.safeParse(childFromForm({ name: 'Оля', gender: 'girl' }, 2026)).success).toBe(false);
    expect(
      childBodySchema.parse(
        childFromForm({ name: 'Оля', gender: 'girl', birthDay: '1', birthMonth: '1', birthYear: '2020' }, 2026),
      ),
    ).toEqual({ name: 'Оля', gender: 'girl', birthDate: '2020-01-01' });
  });

  it('reads a location’s settlement id as a number, and passes anything else on to be refused', () => {
    expect(locationFromForm({ cityId: '9812', deliveryMethodSlug: 'im-courier' })).toMatchObject({ cityId: 9812 });
    expect(locationFromForm({ cityId: '9812x' })).toMatchObject({ cityId: '9812x' });
    expect(formDate({}, 'birth', 2026)).toBeNull();
  });

  it('refuses a new password repeated differently with the spec’s text', () => {
    const result = passwordBodySchema.safeParse({
      password: 'old',
      newPassword: 'abcdef',
      newPasswordRepeat: 'abcdeg',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['newPasswordRepeat'], message: 'Не співпадає' }),
    ]);
    expect(
      passwordBodySchema.safeParse({ password: 'old', newPassword: 'abc', newPasswordRepeat: 'abc' }).success,
    ).toBe(false);
  });
});

describe('a form after its post came back', () => {
  const refused = {
    form: 'personal',
    ok: false,
    message: 'Проверьте',
    fields: { firstName: 'bad' },
    values: { firstName: 'x1' },
  };

  it('shows what was typed and the problem on its field, only on its own form', () => {
    const state = formState(refused, 'personal');
    expect(state.message).toEqual({ ok: false, text: 'Проверьте' });
    expect(state.error('firstName')).toBe('bad');
    expect(state.value('firstName', 'stored')).toBe('x1');
    expect(state.checked('subscribeSms', true)).toBe(false);
    const other = formState(refused, 'password');
    expect(other.message).toBeNull();
    expect(other.value('firstName', 'stored')).toBe('stored');
  });

  it('after a success shows the stored values', () => {
    const state = formState({ ...refused, ok: true, fields: {}, values: {} }, 'personal');
    expect(state.value('firstName', 'stored')).toBe('stored');
    expect(state.checked('subscribeSms', true)).toBe(true);
  });

  it('links the pages in both languages', () => {
    expect(accountPagePath('locations', 'ru')).toBe('/profile/locations');
    expect(accountPagePath('orders', 'uk')).toBe('/ua/profile/orders');
  });
});
