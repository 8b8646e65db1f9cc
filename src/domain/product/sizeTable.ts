/**
 * The size table of a product page: the first content block of the fallback chain (accounts spec
 * §7; slugs from sizeTableSlugs in src/api/schemas/content.ts) that holds a usable table.
 */

export interface SizeBlock {
  formatName: string;
  contentFormatted: string;
}

export interface SizeTableChoice {
  /** Slug of the block shown, null when none is usable. */
  slug: string | null;
  /** The block's HTML, sanitised by `sanitize`; null when none is usable. */
  html: string | null;
  /**
   * Slugs the answer depends on: every slug up to and including the one shown (all of them when
   * none is): a block created or changed at any of them changes the page.
   */
  dependsOn: string[];
}

/**
 * Picks the first usable block: `blocks[i]` is the answer for `slugs[i]` (null = none). A block is
 * usable when it is a text block whose sanitised HTML is not empty.
 */
export function chooseSizeTable(
  slugs: readonly string[],
  blocks: readonly (SizeBlock | null)[],
  sanitize: (html: string) => string,
): SizeTableChoice {
  for (const [index, slug] of slugs.entries()) {
    const block = blocks[index];
    if (!block || block.formatName !== 'text') continue;
    const html = sanitize(block.contentFormatted).trim();
    if (html !== '') return { slug, html, dependsOn: slugs.slice(0, index + 1) };
  }
  return { slug: null, html: null, dependsOn: [...slugs] };
}
