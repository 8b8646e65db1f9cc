import { describe, expect, it } from 'vitest';
import { createT, resources } from '../../src/i18n/i18n.ts';

/**
 * The server's `t` is typed by ru.json (src/i18n/i18next.d.ts): a misspelt key is a type error,
 * which the typecheck step of `npm test` reports. The Ukrainian file must then hold every key the
 * Russian one has, or a typed key would still print itself on a Ukrainian page.
 */

/** Every leaf key of a nested translation object, dotted. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => leafKeys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('the server translations', () => {
  it('have the same keys in Ukrainian as in Russian', () => {
    const ru = leafKeys(resources.ru.translation).sort();
    const uk = leafKeys(resources.uk.translation).sort();
    expect(uk.filter((key) => !ru.includes(key))).toEqual([]);
    expect(ru.filter((key) => !uk.includes(key))).toEqual([]);
  });

  it('refuse a key that does not exist at type-check time', () => {
    const t = createT('uk');
    // @ts-expect-error: not a key of ru.json; if this line stops being an error, keys are no longer typed.
    expect(t('catalog.noSuchKey')).toBe('catalog.noSuchKey');
    expect(t('site.skipToContent')).toBe('Перейти до вмісту');
  });
});
