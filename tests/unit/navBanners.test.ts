import { describe, expect, it } from 'vitest';
import { bannersByFolder } from '../../src/domain/content/navBanners.ts';

const banner = (value: string, type: string, n: number) => ({
  title: `alt ${n}`,
  value,
  description: `/img/${n}.png`,
  type,
  link: `/link-${n}`,
});

describe('menu banners by folder', () => {
  it('puts each banner under the folder named by its value, as link, image and alt', () => {
    const byFolder = bannersByFolder([banner('odezhda', '1', 1)], [banner('odezhda', '2', 2), banner('obuv', '0', 3)]);
    expect(byFolder.get('odezhda')).toEqual({
      desktop: { link: '/link-1', image: '/img/1.png', alt: 'alt 1' },
      mobile: { link: '/link-2', image: '/img/2.png', alt: 'alt 2' },
    });
    expect(byFolder.get('obuv')).toEqual({
      desktop: null,
      mobile: { link: '/link-3', image: '/img/3.png', alt: 'alt 3' },
    });
  });

  it('keeps the first banner of a kind for a folder (the CMS order)', () => {
    const byFolder = bannersByFolder([banner('igrushki', '1', 1), banner('igrushki', '1', 2)], []);
    expect(byFolder.get('igrushki')?.desktop?.image).toBe('/img/1.png');
  });

  it('drops a link that may not go into href and a banner whose picture may not be loaded', () => {
    const byFolder = bannersByFolder(
      [{ ...banner('odezhda', '1', 1), link: 'javascript:alert(1)' }],
      [{ ...banner('obuv', '2', 2), description: 'data:image/svg+xml,<svg/>' }],
    );
    expect(byFolder.get('odezhda')?.desktop).toEqual({ link: null, image: '/img/1.png', alt: 'alt 1' });
    expect(byFolder.has('obuv')).toBe(false);
  });

  it('has nothing for folders without banners', () => {
    expect(bannersByFolder([], []).size).toBe(0);
  });
});
