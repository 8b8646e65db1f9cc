/** Shared pieces of structured data (schema.org JSON-LD) and breadcrumbs. */

/** One step of a breadcrumb trail: a title and its site-relative link. */
export interface Crumb {
  title: string;
  href: string;
}

/** A page's trail: its ancestors as links, then the page itself (not a link). */
export interface Breadcrumbs {
  crumbs: Crumb[];
  current: string;
}

export const SCHEMA_CONTEXT = 'https://schema.org';

/** `path` made absolute against `origin` (already absolute URLs stay as they are). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** The whole trail of a page as links: its ancestors, then the page itself at `url`. */
export function trailWithPage(trail: Breadcrumbs, url: string): Crumb[] {
  return [...trail.crumbs, { title: trail.current, href: url }];
}

/** A `BreadcrumbList` of `items` (main page → … → the page itself). */
export function breadcrumbJsonLd(origin: string, items: readonly Crumb[]): object {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: absoluteUrl(origin, crumb.href),
    })),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so it can never close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
