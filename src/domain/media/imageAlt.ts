import type { Locale } from '../../api/schemas/common.ts';

/**
 * A product picture's alt text in the page's language (issue 29, "one language per page"). The
 * search service writes its pictures' alt texts in Russian (the product's Russian title, with the
 * colour) and carries no Ukrainian one; on a Ukrainian page the product's Ukrainian title says
 * what the picture shows instead (the colour is on the page next to it). On a Russian page the
 * service's own text stands, the title where it gave none.
 */
export function imageAlt(serviceAlt: string, localizedTitle: string, locale: Locale): string {
  return locale === 'ru' && serviceAlt.trim() !== '' ? serviceAlt : localizedTitle;
}
