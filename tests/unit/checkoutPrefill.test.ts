import { describe, expect, it } from 'vitest';
import type { Shopper } from '../../src/api/schemas/session.ts';
import type { SavedLocation } from '../../src/api/schemas/user.ts';
import { initialCheckoutForm, withCity } from '../../src/domain/checkout/checkoutForm.ts';
import {
  defaultCityId,
  prefillContact,
  savedDeliveryMethod,
  withSavedAddress,
} from '../../src/domain/checkout/checkoutPrefill.ts';

const shopper: Shopper = {
  id: 7,
  firstName: 'Олена',
  lastName: 'Демченко',
  phone: '380501112233',
  email: 'demo@example.com',
  isMember: true,
  subscriptionDiscount: false,
  hasPassword: true,
  defaultLocation: null,
};

describe('a signed-in shopper’s checkout starts filled', () => {
  it('fills the empty contact fields from the profile', () => {
    const form = prefillContact(initialCheckoutForm(), shopper);
    expect([form.phone, form.firstName, form.lastName, form.email]).toEqual([
      // As the phone field's mask writes it (issue 29).
      '+380 50 111 22 33',
      'Олена',
      'Демченко',
      'demo@example.com',
    ]);
  });

  it('never overwrites what was typed, and answers the same form when nothing changes', () => {
    const typed = {
      ...initialCheckoutForm(),
      phone: '+380 67 000 00 00',
      firstName: 'Марія',
      lastName: 'Іваненко',
      email: 'm@example.com',
    };
    expect(prefillContact(typed, shopper)).toBe(typed);
  });

  it('chooses the default location’s city only while none is chosen', () => {
    const home = {
      id: 1,
      isDefault: true,
      city: 'Київ',
      cityRef: 'kyiv-ref',
      cityId: 4242,
      region: 'Київська',
      district: '',
      type: 1 as const,
      deliveryMethodSlug: null,
      carrier: null,
      street: '',
      streetRef: '',
      streetTypeName: '',
      building: '',
      apartment: '',
      branchRef: '',
      branch: '',
      shopRef: '',
    };
    const lviv = {
      id: 77,
      ref: 'lviv-ref',
      name: 'Львов',
      nameUkr: 'Львів',
      type: 'город',
      typeUkr: 'місто',
      regionName: 'Львовская',
      regionNameUkr: 'Львівська',
      districtName: null,
      districtNameUkr: null,
    };
    expect(defaultCityId(initialCheckoutForm(), shopper)).toBeNull();
    expect(defaultCityId(initialCheckoutForm(), { ...shopper, defaultLocation: home })).toBe(4242);
    const chosen = withCity(initialCheckoutForm(), lviv, 'uk');
    expect(defaultCityId(chosen, { ...shopper, defaultLocation: home })).toBeNull();
  });
});

describe('the default location’s delivery is chosen for the shopper', () => {
  const kyiv = {
    id: 4242,
    ref: 'kyiv-ref',
    name: 'Киев',
    nameUkr: 'Київ',
    type: 'город',
    typeUkr: 'місто',
    regionName: 'Киевская',
    regionNameUkr: 'Київська',
    districtName: null,
    districtNameUkr: null,
  };
  const courier: SavedLocation = {
    id: 2,
    isDefault: true,
    city: 'Київ',
    cityRef: 'kyiv-ref',
    cityId: 4242,
    region: 'Київська',
    district: '',
    type: 2,
    deliveryMethodSlug: 'np-courier',
    carrier: 1,
    street: 'Хрещатик',
    streetRef: '',
    streetTypeName: 'вулиця',
    building: '22',
    apartment: '5',
    branchRef: '',
    branch: '',
    shopRef: '',
  };
  const inKyiv = withCity(initialCheckoutForm(), kyiv, 'uk');

  it('names the saved method when the city is the saved one, nothing is chosen and the city offers it', () => {
    expect(savedDeliveryMethod(inKyiv, courier, ['np-warehouse', 'np-courier'])).toBe('np-courier');
    expect(savedDeliveryMethod(inKyiv, courier, ['np-warehouse'])).toBeNull();
    expect(savedDeliveryMethod(inKyiv, { ...courier, deliveryMethodSlug: null }, ['np-courier'])).toBeNull();
    expect(savedDeliveryMethod(initialCheckoutForm(), courier, ['np-courier'])).toBeNull();
    expect(savedDeliveryMethod({ ...inKyiv, deliveryMethodSlug: 'np-warehouse' }, courier, ['np-courier'])).toBeNull();
    expect(savedDeliveryMethod(inKyiv, { ...courier, cityId: 77 }, ['np-courier'])).toBeNull();
  });

  it('fills the saved address only while none of it was typed', () => {
    const filled = withSavedAddress(inKyiv, courier);
    expect([filled.street, filled.building, filled.apartment, filled.streetTypeName]).toEqual([
      'Хрещатик',
      '22',
      '5',
      'вулиця',
    ]);
    const typed = { ...inKyiv, building: '7' };
    expect(withSavedAddress(typed, courier)).toBe(typed);
    expect(withSavedAddress(inKyiv, { ...courier, street: '' })).toBe(inKyiv);
  });
});
