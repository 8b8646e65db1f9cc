import { describe, expect, it } from 'vitest';
import { documentTitle, TITLE_MAX } from '../../src/domain/seo/documentTitle.ts';

const SUFFIX = 'купить в Украине — Карапуз';

describe('a page title within what search engines show', () => {
  it('keeps the shop suffix when it fits', () => {
    expect(documentTitle('Шапка зимняя', SUFFIX)).toBe('Шапка зимняя — купить в Украине — Карапуз');
  });

  it('drops the suffix before cutting the name', () => {
    const name = 'Комбинезон зимний для мальчика с капюшоном, водоотталкивающий';
    expect(documentTitle(name, SUFFIX)).toBe(name);
  });

  it('cuts a name longer than the limit at a word boundary, with an ellipsis', () => {
    const name = 'Коляска универсальная 3 в 1 с автокреслом, дождевиком, москитной сеткой и сумкой для мамы';
    const title = documentTitle(name, SUFFIX);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(name.startsWith(title.slice(0, -1))).toBe(true);
    expect(title.slice(0, -1)).not.toMatch(/[\s,]$/);
  });

  it('cuts inside one overlong word rather than leaving almost nothing', () => {
    const title = documentTitle('x'.repeat(120), SUFFIX);
    expect(title).toBe(`${'x'.repeat(TITLE_MAX - 1)}…`);
  });
});
