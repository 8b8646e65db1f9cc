/**
 * Where the shop's layout turns from a phone's (and a tablet's) to a desktop's: the catalogue menu
 * becomes a bar and the filters a column from this width (CatalogMenu.astro, CatalogView.astro).
 * The first screen's CSS inlined into a page is a narrow screen's (issue 27): a desktop loads the
 * stylesheets render-blocking, as every page did before, on connections where one round trip more
 * costs little, and nothing of the desktop layout has to fit the phone's first flight.
 */
export const WIDE_SCREEN_PX = 1024;

/** The media query of the stylesheet links: blocking from WIDE_SCREEN_PX up, not below. */
export const WIDE_SCREEN_MEDIA = `(min-width: ${WIDE_SCREEN_PX}px)`;

/**
 * Whether a media query list applies only from WIDE_SCREEN_PX up: each of its queries has a lower
 * bound on the width at or above it (`min-width: 1024px`, `width >= 1366px`, `1024px <= width`).
 * Anything it cannot read counts as applying to a narrow screen too, and is kept.
 */
export function onlyWideScreens(params: string): boolean {
  return params.split(',').every((query) => {
    const bounds = [
      ...query.matchAll(/min-width\s*:\s*(\d+(?:\.\d+)?)px/g),
      ...query.matchAll(/width\s*>=?\s*(\d+(?:\.\d+)?)px/g),
      ...query.matchAll(/(\d+(?:\.\d+)?)px\s*<=?\s*width/g),
    ].map((match) => Number(match[1]));
    return !/\bnot\b/.test(query) && bounds.some((bound) => bound >= WIDE_SCREEN_PX);
  });
}
