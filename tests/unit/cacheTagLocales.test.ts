import { describe, expect, it } from 'vitest';
import {
  contentBlockChange,
  pageChange,
  postChange,
  sliderChange,
  type ContentChange,
} from '../../src/api/contentChanges.ts';
import { homePageTags } from '../../src/server/pages/homePage.ts';

/**
 * The route cache drops an entry carrying any tag a change sends. An editor's change in one
 * language must therefore reach the pages of that language and leave the other language's cached.
 */
const hits = (change: ContentChange, pageTags: readonly string[]): boolean =>
  change.tags.some((tag) => pageTags.includes(tag));

describe('a change in one language and the pages of the other', () => {
  it.each([
    ['the main description', (l: 'ru' | 'uk') => contentBlockChange('main_description', l)],
    ['a main slider slide', (l: 'ru' | 'uk') => sliderChange('main-page-slider', l)],
    ['a blog post', (l: 'ru' | 'uk') => postChange(0, 'some-post', [l])],
  ])('%s reaches its own main page only', (_what, change) => {
    expect(hits(change('ru'), homePageTags('ru')), 'ru change, ru page').toBe(true);
    expect(hits(change('ru'), homePageTags('uk')), 'ru change, uk page').toBe(false);
    expect(hits(change('uk'), homePageTags('ru')), 'uk change, ru page').toBe(false);
  });

  it('an info page change leaves the other language of that page alone', () => {
    expect(hits(pageChange('bonus-rules', 'ru'), ['page:bonus-rules:uk'])).toBe(false);
    expect(hits(pageChange('bonus-rules', 'ru'), ['page:bonus-rules:ru'])).toBe(true);
  });
});
