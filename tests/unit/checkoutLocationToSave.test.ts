import { describe, expect, it } from 'vitest';
import type { SavedLocation } from '../../src/api/schemas/user.ts';
import { initialCheckoutForm, withCity, type CheckoutForm } from '../../src/domain/checkout/checkoutForm.ts';
import { becomesDefault, locationOffer, locationToSave } from '../../src/domain/checkout/locationToSave.ts';

/** «Save this address» at the checkout (accounts spec §3 saved location, §4 default rule). */

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

const inLviv = (over: Partial<CheckoutForm>): CheckoutForm => ({
  ...withCity(initialCheckoutForm(), lviv, 'uk'),
  ...over,
});
const branch = inLviv({
  deliveryType: 1,
  deliveryCarrier: 1,
  deliveryMethodSlug: 'np-warehouse',
  deliveryBranchRef: 'np-77-3',
});
const address = inLviv({
  deliveryType: 2,
  deliveryCarrier: 1,
  deliveryMethodSlug: 'np-courier',
  street: ' Зелена ',
  building: '12',
  apartment: '4 ',
});
const pickup = inLviv({
  deliveryType: 3,
  deliveryCarrier: 0,
  deliveryMethodSlug: 'pick-and-collect',
  shopRef: 'shop-9',
});

const saved = (over: Partial<SavedLocation>): SavedLocation => ({
  id: 1,
  isDefault: false,
  city: 'Київ',
  cityRef: 'kyiv-ref',
  cityId: 9812,
  region: '',
  district: '',
  type: 1,
  deliveryMethodSlug: 'np-warehouse',
  carrier: 1,
  street: '',
  streetRef: '',
  streetTypeName: '',
  building: '',
  apartment: '',
  branchRef: 'np-9812-17',
  branch: 'Відділення №17',
  shopRef: '',
  ...over,
});

describe('the place the checkout can save', () => {
  it('is the city, the method and the branch, the street and building, or the shop', () => {
    const blank = { branchRef: '', street: '', building: '', apartment: '', shopRef: '' };
    expect(locationToSave(branch)).toEqual({
      ...blank,
      cityId: 77,
      deliveryMethodSlug: 'np-warehouse',
      branchRef: 'np-77-3',
    });
    expect(locationToSave(address)).toEqual({
      ...blank,
      cityId: 77,
      deliveryMethodSlug: 'np-courier',
      street: 'Зелена',
      building: '12',
      apartment: '4',
    });
    expect(locationToSave(pickup)).toEqual({
      ...blank,
      cityId: 77,
      deliveryMethodSlug: 'pick-and-collect',
      shopRef: 'shop-9',
    });
  });

  it('is nothing while the place is not complete', () => {
    expect(locationToSave(initialCheckoutForm())).toBeNull();
    expect(locationToSave(inLviv({}))).toBeNull();
    expect(locationToSave({ ...branch, deliveryBranchRef: '' })).toBeNull();
    expect(locationToSave({ ...address, building: ' ' })).toBeNull();
    expect(locationToSave({ ...address, street: '' })).toBeNull();
    expect(locationToSave({ ...pickup, shopRef: '' })).toBeNull();
  });
});

describe('spec §4: a new location becomes the default only if…', () => {
  it('…the shopper has no default', () => {
    expect(becomesDefault([], 'lviv-ref')).toBe(true);
    expect(becomesDefault([saved({})], 'lviv-ref')).toBe(true);
  });

  it('…or the default has no delivery method and is in the same city', () => {
    const cityOnly = saved({
      isDefault: true,
      cityRef: 'lviv-ref',
      cityId: 77,
      deliveryMethodSlug: null,
      carrier: null,
    });
    expect(becomesDefault([cityOnly], 'lviv-ref')).toBe(true);
    expect(becomesDefault([{ ...cityOnly, cityRef: 'kyiv-ref' }], 'lviv-ref')).toBe(false);
    expect(becomesDefault([{ ...cityOnly, deliveryMethodSlug: 'np-warehouse' }], 'lviv-ref')).toBe(false);
  });
});

describe('the offer', () => {
  it('is made to a signed-in shopper only', () => {
    expect(locationOffer(branch, [], false)).toBeNull();
    expect(locationOffer(branch, [], true)).toEqual({ body: locationToSave(branch), becomesDefault: true });
  });

  it('is not made for a place already saved', () => {
    const same = saved({ cityId: 77, cityRef: 'lviv-ref', branchRef: 'np-77-3', isDefault: true });
    expect(locationOffer(branch, [same], true)).toBeNull();
    expect(locationOffer({ ...branch, deliveryBranchRef: 'np-77-4' }, [same], true)).toEqual({
      body: locationToSave({ ...branch, deliveryBranchRef: 'np-77-4' }),
      becomesDefault: false,
    });
  });
});
