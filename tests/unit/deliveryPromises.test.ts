import { describe, expect, it } from 'vitest';
import type { DeliveryMethod, DeliveryMethodSlug, Settlement } from '../../src/api/schemas/delivery.ts';
import { METHOD_DELIVERY_TYPE } from '../../src/domain/checkout/deliveryRules.ts';
import { deliveryPromiseRows, fillDeliveryPromises } from '../../src/domain/content/deliveryPromises.ts';

/** The delivery promises of the CMS pages and the main page come from the checkout's rules (issue 29). */

const method = (slug: DeliveryMethodSlug, price: number): DeliveryMethod => ({
  slug,
  type: METHOD_DELIVERY_TYPE[slug],
  carrier: 1,
  price,
  title: `ru ${slug}`,
  titleUkr: `uk ${slug}`,
  shortDescription: '1-2 дня',
  shortDescriptionUkr: '1-2 дні',
  iconImageUrl: null,
  iconImageUrlSelected: null,
  changeable: true,
});

const city = (id: number, methods: DeliveryMethod[]): Settlement => ({
  id,
  ref: `ref-${id}`,
  name: `city ${id}`,
  nameUkr: `місто ${id}`,
  type: 'город',
  typeUkr: 'місто',
  regionName: '',
  regionNameUkr: '',
  districtName: null,
  districtNameUkr: null,
  latitude: 0,
  longitude: 0,
  deliveryMethods: methods,
});

describe('delivery promises', () => {
  it('fills the free-delivery threshold into CMS text', () => {
    expect(fillDeliveryPromises('В отделения Новой почты от {{freeDeliveryFrom}} грн')).toBe(
      'В отделения Новой почты от 1 500 грн',
    );
    expect(fillDeliveryPromises('без обещаний')).toBe('без обещаний');
  });

  it('lists only what the checkout offers in the cities read, at the lowest price, with the spec §5 reach', () => {
    const kyiv = city(9812, [
      method('im-courier', 69),
      method('np-warehouse', 59),
      // The service offering a Nova Poshta courier in Kyiv is not a promise: spec §5 forbids it there.
      method('np-courier', 89),
      method('pick-and-collect', 0),
    ]);
    const lviv = city(10090, [method('np-warehouse', 55), method('np-courier', 89), method('im-courier', 69)]);
    const rows = deliveryPromiseRows([kyiv, lviv], 9812, 'uk');
    expect(rows.map((r) => [r.slug, r.price, r.reach, r.freeFromThreshold])).toEqual([
      ['im-courier', 69, 'homeCity', false],
      ['pick-and-collect', 0, 'whereOffered', false],
      ['np-warehouse', 55, 'whereOffered', true],
      ['np-courier', 89, 'outsideHomeCity', false],
    ]);
    expect(rows[0]).toMatchObject({ title: 'uk im-courier', term: '1-2 дні' });
    expect(deliveryPromiseRows([], 9812, 'ru')).toEqual([]);
  });
});
