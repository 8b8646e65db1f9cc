import type { NavBanner } from '../../api/schemas/content.ts';

/** A menu banner as the catalogue menu shows it (spec: slug, link, image, alt). */
export interface MenuBanner {
  link: string;
  image: string;
  alt: string;
}

export interface FolderBanners {
  desktop: MenuBanner | null;
  mobile: MenuBanner | null;
}

const toBanner = (banner: NavBanner): MenuBanner => ({
  link: banner.link,
  image: banner.description,
  alt: banner.title,
});

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
  return byFolder;
}
