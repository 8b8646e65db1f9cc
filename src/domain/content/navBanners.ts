import { safeImage, safeLink } from './slides.ts';

/**
 * A slide of the nav-banners slider as the menu reads it: `value` is the folder's slug,
 * `description` the picture and `title` the picture's text.
 */
export interface NavBanner {
  title: string;
  value: string;
  description: string;
  link: string;
}

/** A menu banner as the catalogue menu shows it (spec: slug, link, image, alt). */
export interface MenuBanner {
  /** Null when the CMS link is not one that may go into `href`. */
  link: string | null;
  image: string;
  alt: string;
}

export interface FolderBanners {
  desktop: MenuBanner | null;
  mobile: MenuBanner | null;
}

/** The banner, or null when its picture cannot be loaded safely; an unsafe link is dropped (a picture without a link). */
function toBanner(banner: NavBanner): MenuBanner | null {
  const image = safeImage(banner.description);
  if (image === null) return null;
  return { link: safeLink(banner.link), image, alt: banner.title };
}

/**
 * The nav-banners slides by the folder category they belong to: a slide's `value` is the folder's
 * slug, its `description` the picture and its `title` the picture's text. The first slide of each
 * kind wins (the CMS orders them); slides for folders the menu does not show are ignored by the menu.
 */
export function bannersByFolder(
  desktop: readonly NavBanner[],
  mobile: readonly NavBanner[],
): Map<string, FolderBanners> {
  const byFolder = new Map<string, FolderBanners>();
  const slot = (slug: string): FolderBanners => {
    let entry = byFolder.get(slug);
    if (!entry) {
      entry = { desktop: null, mobile: null };
      byFolder.set(slug, entry);
    }
    return entry;
  };
  for (const banner of desktop) slot(banner.value).desktop ??= toBanner(banner);
  for (const banner of mobile) slot(banner.value).mobile ??= toBanner(banner);
  for (const [slug, entry] of byFolder) if (!entry.desktop && !entry.mobile) byFolder.delete(slug);
  return byFolder;
}
