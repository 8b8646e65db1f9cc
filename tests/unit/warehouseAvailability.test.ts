import { describe, expect, it } from 'vitest';
import {
  availabilityByCity,
  type AvailabilityShop,
  type StockLine,
} from '../../src/domain/product/warehouseAvailability.ts';

interface TestShop extends AvailabilityShop {
  title: string;
}

const KYIV = 10;
const LVIV = 20;
const shop = (id: number, cityId: number, extra: Partial<TestShop> = {}): TestShop => ({
  id,
  cityId,
  city: cityId === KYIV ? 'Київ' : 'Львів',
  pickupEnable: true,
  donors: [],
  title: `shop ${id}`,
  ...extra,
});

/** Central warehouse 1 (no pickup, donor of the others), shops 2 and 3 in Kyiv, shop 4 in Lviv. */
const shops: TestShop[] = [
  shop(1, KYIV, { pickupEnable: false }),
  shop(2, KYIV, { donors: [1] }),
  shop(3, KYIV, { donors: [1] }),
  shop(4, LVIV, { donors: [1, 5] }),
  shop(5, LVIV, { pickupEnable: false }),
];

/** The result as `city: shop=quantity` or `shop<donor:quantity+…` per warehouse. */
function summary(stock: StockLine[], required?: number): string[] {
  return availabilityByCity(stock, shops, required).map(
    (city) =>
      `${city.name}: ${city.warehouses
        .map((w) =>
          w.donors.length > 0
            ? `${w.shop.id}<${w.donors.map((d) => `${d.id}:${d.quantity}`).join('+')}`
            : `${w.shop.id}=${w.quantity}`,
        )
        .join(' ')}`,
  );
}

describe('availability of a variant by warehouse, grouped by city (spec §3)', () => {
  it.each([
    {
      name: 'lists pickup points holding the variant under their city, in the shop list order',
      stock: [
        { id: 4, quantity: 1 },
        { id: 3, quantity: 2 },
        { id: 2, quantity: 5 },
      ],
      expected: ['Київ: 2=5 3=2', 'Львів: 4=1'],
    },
    {
      name: 'leaves out cities where nothing can be picked up',
      stock: [{ id: 2, quantity: 1 }],
      expected: ['Київ: 2=1'],
    },
    {
      name: 'never lists a warehouse without pickup itself; its stock reaches shops that take it as a donor',
      stock: [{ id: 1, quantity: 7 }],
      expected: ['Київ: 2<1:7 3<1:7', 'Львів: 4<1:7'],
    },
    {
      name: 'a shop with its own stock is listed with the quantity, not with donors',
      stock: [
        { id: 1, quantity: 7 },
        { id: 3, quantity: 1 },
      ],
      expected: ['Київ: 2<1:7 3=1', 'Львів: 4<1:7'],
    },
    {
      name: 'donors only with stock are named',
      stock: [{ id: 5, quantity: 2 }],
      expected: ['Львів: 4<5:2'],
    },
    {
      name: 'nothing in stock anywhere gives no cities',
      stock: [],
      expected: [],
    },
    {
      name: 'zero and negative quantities count as none',
      stock: [
        { id: 2, quantity: 0 },
        { id: 3, quantity: -1 },
      ],
      expected: [],
    },
    {
      name: 'stock in a warehouse the shop list does not know is ignored',
      stock: [{ id: 99, quantity: 3 }],
      expected: [],
    },
    {
      name: 'repeated lines of one warehouse add up',
      stock: [
        { id: 2, quantity: 1 },
        { id: 2, quantity: 2 },
      ],
      expected: ['Київ: 2=3'],
    },
  ])('$name', ({ stock, expected }) => {
    expect(summary(stock)).toEqual(expected);
  });

  it.each([
    {
      name: 'own stock below the required quantity falls back to donors that reach it together',
      stock: [
        { id: 4, quantity: 1 },
        { id: 1, quantity: 2 },
        { id: 5, quantity: 1 },
      ],
      required: 3,
      expected: ['Львів: 4<1:2+5:1'],
    },
    {
      name: 'a pickup point whose own and donor stock both fall short is left out',
      stock: [
        { id: 2, quantity: 2 },
        { id: 1, quantity: 1 },
      ],
      required: 3,
      expected: [],
    },
    {
      name: 'a required quantity below 1 counts as 1',
      stock: [{ id: 2, quantity: 1 }],
      required: 0,
      expected: ['Київ: 2=1'],
    },
  ])('$name', ({ stock, required, expected }) => {
    expect(summary(stock, required)).toEqual(expected);
  });

  it('keeps the caller’s shop shape and the city id and name', () => {
    const [city] = availabilityByCity([{ id: 2, quantity: 1 }], shops);
    expect(city).toMatchObject({ id: KYIV, name: 'Київ' });
    expect(city?.warehouses[0]?.shop.title).toBe('shop 2');
  });

  it('a shop never counts as its own donor', () => {
    const selfish = [shop(6, KYIV, { donors: [6] })];
    expect(availabilityByCity([{ id: 6, quantity: 1 }], selfish, 2)).toEqual([]);
  });
});
