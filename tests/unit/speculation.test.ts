import { describe, expect, it } from 'vitest';
import { mayFetchAhead, SPECULATION_RULES } from '../../src/domain/navigation/speculation.ts';

describe('fetching the next pages ahead', () => {
  it('never for a shopper saving data, nor on 2G or slower', () => {
    expect(mayFetchAhead({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(mayFetchAhead({ saveData: false, effectiveType: '2g' })).toBe(false);
    expect(mayFetchAhead({ saveData: false, effectiveType: 'slow-2g' })).toBe(false);
    expect(mayFetchAhead({ saveData: false, effectiveType: '3g' })).toBe(true);
    expect(mayFetchAhead({ saveData: false, effectiveType: '4g' })).toBe(true);
    // A browser that says nothing of its connection (Safari, Firefox) is not held back.
    expect(mayFetchAhead(undefined)).toBe(true);
    expect(mayFetchAhead({})).toBe(true);
  });

  it('names product pages only, never a personal page, and prefetches rather than prerenders', () => {
    const rules: unknown = JSON.parse(SPECULATION_RULES);
    expect(rules).toEqual({
      prefetch: [
        { source: 'document', where: { href_matches: ['/product/*', '/ua/product/*'] }, eagerness: 'moderate' },
      ],
    });
  });
});
