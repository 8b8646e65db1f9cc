import { describe, expect, it } from 'vitest';
import { sizeTableSlugs } from '../../src/api/schemas/content.ts';
import { sanitizeCmsHtml } from '../../src/domain/content/sanitize.ts';
import { chooseSizeTable, type SizeBlock } from '../../src/domain/product/sizeTable.ts';

const slugs = sizeTableSlugs({ category: 'kedy', folderCategory: 'obuv', brand: 'geox' });
const text = (html: string): SizeBlock => ({ formatName: 'text', contentFormatted: html });
const json = (value: unknown): SizeBlock => ({ formatName: 'json', contentFormatted: JSON.stringify(value) });

describe('size table from the content-block fallback chain (accounts spec §7)', () => {
  it('walks special for the category, category, special for the folder, folder', () => {
    expect(slugs).toEqual(['special_size_kedy_geox', 'size_kedy', 'special_size_obuv_geox', 'size_obuv']);
  });

  it.each([
    {
      name: 'takes the brand’s table for the category first',
      blocks: [text('<p>a</p>'), text('<p>b</p>'), text('<p>c</p>'), text('<p>d</p>')],
      slug: 'special_size_kedy_geox',
      dependsOn: ['special_size_kedy_geox'],
    },
    {
      name: 'falls back to the category’s table',
      blocks: [null, text('<p>b</p>'), text('<p>c</p>'), null],
      slug: 'size_kedy',
      dependsOn: ['special_size_kedy_geox', 'size_kedy'],
    },
    {
      name: 'falls back to the brand’s table for the folder',
      blocks: [null, null, text('<p>c</p>'), text('<p>d</p>')],
      slug: 'special_size_obuv_geox',
      dependsOn: ['special_size_kedy_geox', 'size_kedy', 'special_size_obuv_geox'],
    },
    {
      name: 'falls back to the folder’s table last',
      blocks: [null, null, null, text('<p>d</p>')],
      slug: 'size_obuv',
      dependsOn: slugs,
    },
    {
      name: 'skips a JSON block (a size table is HTML)',
      blocks: [json({ a: 1 }), text('<p>b</p>'), null, null],
      slug: 'size_kedy',
      dependsOn: ['special_size_kedy_geox', 'size_kedy'],
    },
    {
      name: 'skips a block that is empty once sanitised',
      blocks: [text('<script>alert(1)</script>  '), null, null, text('<p>d</p>')],
      slug: 'size_obuv',
      dependsOn: slugs,
    },
    {
      name: 'has no table when no block exists, and depends on every slug',
      blocks: [null, null, null, null],
      slug: null,
      dependsOn: slugs,
    },
  ])('$name', ({ blocks, slug, dependsOn }) => {
    const choice = chooseSizeTable(slugs, blocks, sanitizeCmsHtml);
    expect(choice.slug).toBe(slug);
    expect(choice.dependsOn).toEqual(dependsOn);
    expect(choice.html === null).toBe(slug === null);
  });

  it('returns the sanitised HTML', () => {
    const choice = chooseSizeTable(
      ['size_obuv'],
      [text('<table><tr><td onclick="x()">25</td></tr></table><script>x()</script>')],
      sanitizeCmsHtml,
    );
    expect(choice.html).toContain('<td>25</td>');
    expect(choice.html).not.toContain('onclick');
    expect(choice.html).not.toContain('<script');
  });
});
