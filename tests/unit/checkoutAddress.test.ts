import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/api/schemas/common.ts';
import type { Branch, DeliveryMethodSlug } from '../../src/api/schemas/delivery.ts';
import {
  formatAddress,
  formatBranchLine,
  formatShopLine,
  settlementTypeShort,
  streetTypeFullName,
  type AddressParts,
} from '../../src/domain/checkout/addressFormat.ts';

/** A delivery as one line (spec §9: 'обл.', 'р-н', 'квартира'). */

const BUCHA_UK: AddressParts = {
  region: 'Київська',
  district: 'Бучанський',
  cityType: 'місто',
  city: 'Буча',
  streetType: 'вул.',
  street: 'Шевченка',
  building: '5',
  apartment: '12',
};
const BUCHA_RU: AddressParts = {
  region: 'Киевская',
  district: 'Бучанский',
  cityType: 'город',
  city: 'Буча',
  streetType: 'ул.',
  street: 'Шевченко',
  building: '5',
  apartment: '12',
};

describe('formatAddress', () => {
  it('writes a Ukrainian address with обл., р-н, м. and квартира', () => {
    expect(formatAddress(BUCHA_UK, 'uk')).toBe('Київська обл., Бучанський р-н, м. Буча, вул. Шевченка, 5, квартира 12');
  });

  it('writes a Russian address with обл., р-н, г. and квартира', () => {
    expect(formatAddress(BUCHA_RU, 'ru')).toBe('Киевская обл., Бучанский р-н, г. Буча, ул. Шевченко, 5, квартира 12');
  });

  it.each<[string, Partial<AddressParts>, Locale, string]>([
    ['no apartment', { apartment: '' }, 'uk', 'Київська обл., Бучанський р-н, м. Буча, вул. Шевченка, 5'],
    ['no district', { district: '' }, 'uk', 'Київська обл., м. Буча, вул. Шевченка, 5, квартира 12'],
    [
      'no street type (a typed street)',
      { streetType: '' },
      'uk',
      'Київська обл., Бучанський р-н, м. Буча, Шевченка, 5, квартира 12',
    ],
    [
      'words already there',
      { region: 'Київська обл.', district: 'Бучанський район' },
      'uk',
      'Київська обл., Бучанський район, м. Буча, вул. Шевченка, 5, квартира 12',
    ],
    [
      'a street that already names its type',
      { street: 'вул. Шевченка' },
      'uk',
      'Київська обл., Бучанський р-н, м. Буча, вул. Шевченка, 5, квартира 12',
    ],
    [
      'a village',
      { cityType: 'село', city: 'Крюківщина' },
      'uk',
      'Київська обл., Бучанський р-н, с. Крюківщина, вул. Шевченка, 5, квартира 12',
    ],
    [
      'a селище',
      { cityType: 'селище', city: 'Гостомель' },
      'uk',
      'Київська обл., Бучанський р-н, с-ще Гостомель, вул. Шевченка, 5, квартира 12',
    ],
    [
      'a посёлок',
      { ...BUCHA_RU, cityType: 'посёлок', city: 'Гостомель' },
      'ru',
      'Киевская обл., Бучанский р-н, пос. Гостомель, ул. Шевченко, 5, квартира 12',
    ],
    [
      'an unknown settlement type',
      { cityType: 'хутір', city: 'Вільний' },
      'uk',
      'Київська обл., Бучанський р-н, хутір Вільний, вул. Шевченка, 5, квартира 12',
    ],
    [
      'no settlement type',
      { cityType: '' },
      'uk',
      'Київська обл., Бучанський р-н, Буча, вул. Шевченка, 5, квартира 12',
    ],
    [
      'spaces around the parts',
      { building: ' 5А ', apartment: ' 3 ' },
      'uk',
      'Київська обл., Бучанський р-н, м. Буча, вул. Шевченка, 5А, квартира 3',
    ],
  ])('%s', (_label, over, locale, expected) => {
    expect(formatAddress({ ...BUCHA_UK, ...over }, locale)).toBe(expected);
  });

  it.each<[Locale, AddressParts, string]>([
    ['uk', { ...BUCHA_UK, city: 'Київ', district: '', street: 'Хрещатик' }, 'м. Київ, вул. Хрещатик, 5, квартира 12'],
    ['ru', { ...BUCHA_RU, city: 'Киев', district: '', street: 'Крещатик' }, 'г. Киев, ул. Крещатик, 5, квартира 12'],
  ])('leaves out the oblast of Kyiv, a city of special status (%s)', (locale, parts, expected) => {
    expect(formatAddress(parts, locale)).toBe(expected);
  });

  it('gives an empty line for an empty address', () => {
    const empty: AddressParts = {
      region: '',
      district: '',
      cityType: '',
      city: '',
      streetType: '',
      street: '',
      building: '',
      apartment: '',
    };
    expect(formatAddress(empty, 'uk')).toBe('');
  });
});

describe('street and settlement types', () => {
  it.each<[string, Locale, string]>([
    ['вул.', 'uk', 'вулиця'],
    ['просп.', 'uk', 'проспект'],
    ['бульв.', 'uk', 'бульвар'],
    ['пров.', 'uk', 'провулок'],
    ['пл.', 'uk', 'площа'],
    ['ул.', 'ru', 'улица'],
    ['пер.', 'ru', 'переулок'],
    ['пл.', 'ru', 'площадь'],
    ['узвіз', 'uk', 'узвіз'],
  ])('%s (%s) is %s', (short, locale, full) => {
    expect(streetTypeFullName(short, locale)).toBe(full);
  });

  it.each<[string, Locale, string]>([
    ['місто', 'uk', 'м.'],
    ['селище', 'uk', 'с-ще'],
    ['село', 'uk', 'с.'],
    ['город', 'ru', 'г.'],
    ['посёлок', 'ru', 'пос.'],
    ['село', 'ru', 'с.'],
    ['', 'ru', ''],
  ])('%s (%s) is written %s', (type, locale, short) => {
    expect(settlementTypeShort(type, locale)).toBe(short);
  });
});

describe('formatBranchLine', () => {
  const branch = (slug: DeliveryMethodSlug, number: number): Branch => ({
    id: 1,
    ref: 'ref',
    settlementId: 10005,
    deliverySlug: slug,
    carrier: 1,
    number,
    title: `Отделение №${number}`,
    titleUkr: `Відділення №${number}`,
    address: 'ул. Шевченко, 5',
    addressUkr: 'вул. Шевченка, 5',
    latitude: 0,
    longitude: 0,
    maxWeight: 30,
    schedule: '',
    scheduleUkr: '',
  });

  it.each<[DeliveryMethodSlug, Locale, string]>([
    ['np-warehouse', 'uk', 'Нова Пошта №17: вул. Шевченка, 5'],
    ['np-warehouse', 'ru', 'Новая Почта №17: ул. Шевченко, 5'],
    ['np-postbox', 'uk', 'Поштомат Нова Пошта №17: вул. Шевченка, 5'],
    ['np-postbox', 'ru', 'Почтомат Новая Почта №17: ул. Шевченко, 5'],
    ['justin-warehouse', 'uk', 'Justin №17: вул. Шевченка, 5'],
    ['u-warehouse', 'uk', 'Укрпошта №17: вул. Шевченка, 5'],
    ['u-warehouse', 'ru', 'Укрпочта №17: ул. Шевченко, 5'],
    ['meest-courier', 'uk', 'Відділення №17: вул. Шевченка, 5'],
  ])('%s (%s): %s', (slug, locale, expected) => {
    expect(formatBranchLine(branch(slug, 17), locale)).toBe(expected);
  });

  it('names the branch alone when it has no address', () => {
    expect(formatBranchLine({ ...branch('np-warehouse', 3), address: '', addressUkr: '' }, 'uk')).toBe('Нова Пошта №3');
  });
});

describe('formatShopLine', () => {
  const shop = {
    title: 'Магазин на Оболони',
    titleUkr: 'Магазин на Оболоні',
    address: 'просп. Оболонский, 1',
    addressUkr: 'просп. Оболонський, 1',
  };
  it.each<[Locale, string]>([
    ['uk', 'Магазин на Оболоні: просп. Оболонський, 1'],
    ['ru', 'Магазин на Оболони: просп. Оболонский, 1'],
  ])('%s: %s', (locale, expected) => {
    expect(formatShopLine(shop, locale)).toBe(expected);
  });
});
