/**
 * Search engines show about 60–70 characters of a `<title>` (html-validate's `long-title` rule
 * draws the line at 70). The page's own name matters more than the shop's suffix, so the suffix
 * goes first, then the name is cut at a word boundary with an ellipsis.
 */
export const TITLE_MAX = 70;

export function documentTitle(name: string, suffix: string, max = TITLE_MAX): string {
  const full = `${name} — ${suffix}`;
  if (full.length <= max) return full;
  if (name.length <= max) return name;
  const cut = name.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // A very long first word is cut inside it rather than leaving a title of a few characters.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '')}…`;
}
