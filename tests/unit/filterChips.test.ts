import { describe, expect, it } from 'vitest';
import type { LinkedFacet } from '../../src/domain/catalog/catalogPageModel.ts';
import { filterChips } from '../../src/domain/catalog/filterChips.ts';

const value = (slug: string, active: boolean, href = `/odezhda/x=${slug}`) => ({
  slug,
  title: slug.toUpperCase(),
  count: 3,
  active,
  href,
  nofollow: false,
});

const facets: LinkedFacet[] = [
  { slug: 'color', title: 'Колір', values: [value('belyy', false), value('sinij', true, '/odezhda')] },
  { slug: 'season', title: 'Сезон', values: [value('zima', true, '/odezhda/color=sinij')] },
];

describe('chips of the active filters', () => {
  it('are the chosen values, in the panel order, each linking to the state without it', () => {
    expect(filterChips(facets, { from: null, to: null }, '/odezhda')).toEqual([
      {
        kind: 'value',
        topic: 'color',
        value: 'sinij',
        topicTitle: 'Колір',
        title: 'SINIJ',
        href: '/odezhda',
        nofollow: false,
      },
      {
        kind: 'value',
        topic: 'season',
        value: 'zima',
        topicTitle: 'Сезон',
        title: 'ZIMA',
        href: '/odezhda/color=sinij',
        nofollow: false,
      },
    ]);
  });

  it('lead with the price range when one bound is set', () => {
    const chips = filterChips([], { from: null, to: 500 }, '/odezhda/color=sinij');
    expect(chips).toEqual([{ kind: 'price', range: { from: null, to: 500 }, href: '/odezhda/color=sinij' }]);
  });

  it('are none without a selection', () => {
    expect(filterChips([{ ...facets[0]!, values: [value('belyy', false)] }], { from: null, to: null }, '/x')).toEqual(
      [],
    );
  });
});
