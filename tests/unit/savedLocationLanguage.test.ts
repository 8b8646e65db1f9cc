import { describe, expect, it } from 'vitest';
import type { SavedLocation } from '../../src/api/schemas/user.ts';
import { locationInLanguage, type LocationNames } from '../../src/domain/account/savedLocationLanguage.ts';

/** A Nova Poshta branch saved on a Russian page: every name in Russian. */
const savedInRussian: SavedLocation = {
  id: 3,
  isDefault: true,
  city: 'Львов',
  cityRef: 'lviv-ref',
  cityId: 5151,
  region: 'Львовская',
  district: 'Львовский',
  type: 1,
  deliveryMethodSlug: 'np-warehouse',
  carrier: 1,
  street: '',
  streetRef: '',
  streetTypeName: '',
  building: '',
  apartment: '',
  branchRef: 'branch-17',
  branch: 'Отделение №17 (до 30 кг)',
  shopRef: '',
};

const names: LocationNames = {
  settlement: {
    name: 'Львов',
    nameUkr: 'Львів',
    regionName: 'Львовская',
    regionNameUkr: 'Львівська',
    districtName: 'Львовский',
    districtNameUkr: 'Львівський',
  },
  branch: { ref: 'branch-17', title: 'Отделение №17 (до 30 кг)', titleUkr: 'Відділення №17 (до 30 кг)' },
};

describe('a saved location in the page’s language', () => {
  it('names the city, region, district and branch in the page’s language, whatever it was saved in', () => {
    expect(locationInLanguage(savedInRussian, 'uk', names)).toEqual({
      ...savedInRussian,
      city: 'Львів',
      region: 'Львівська',
      district: 'Львівський',
      branch: 'Відділення №17 (до 30 кг)',
    });
    const savedInUkrainian = locationInLanguage(savedInRussian, 'uk', names);
    expect(locationInLanguage(savedInUkrainian, 'ru', names)).toEqual(savedInRussian);
  });

  it('keeps the saved names where the delivery service gave none', () => {
    expect(locationInLanguage(savedInRussian, 'uk', { settlement: null, branch: null })).toEqual(savedInRussian);
    // Only the location's own branch renames it, never another one the service passed off.
    const other = { ...names, branch: { ref: 'branch-18', title: 'Отделение №18', titleUkr: 'Відділення №18' } };
    expect(locationInLanguage(savedInRussian, 'uk', other).branch).toBe('Отделение №17 (до 30 кг)');
  });

  it('falls back to the Russian name where the Ukrainian one is blank, and leaves an address alone', () => {
    const blank = { ...names, branch: { ref: 'branch-17', title: 'Отделение №17', titleUkr: ' ' } };
    expect(locationInLanguage(savedInRussian, 'uk', blank).branch).toBe('Отделение №17');
    const courier: SavedLocation = {
      ...savedInRussian,
      type: 2,
      deliveryMethodSlug: 'np-courier',
      street: 'Городоцкая',
      building: '5',
      branchRef: '',
      branch: '',
    };
    expect(locationInLanguage(courier, 'uk', names)).toMatchObject({ city: 'Львів', street: 'Городоцкая', branch: '' });
  });
});
