/** Spec §5 structured data: at most 3 images (and later 3 reviews) per product, currency UAH. */
export const MAX_LD_IMAGES = 3;

export interface ProductLdInput {
  origin: string;
  name: string;
  description: string | null;
  brand: string | null;
  sku: string;
  /** Site-relative or absolute image URLs, best first. */
  images: readonly string[];
  /** Site-relative canonical URL of the product. */
  url: string;
  price: number;
  stock: number;
  isPreOrder: boolean;
  /** Breadcrumbs from the main page to the product itself. */
  crumbs: readonly { title: string; href: string }[];
}

/** JSON-LD `Product` with its `Offer`, and the page's `BreadcrumbList`. */
export function productJsonLd(input: ProductLdInput): object[] {
  const absolute = (path: string) => new URL(path, input.origin).href;
  const availability =
    input.stock > 0
      ? 'https://schema.org/InStock'
      : input.isPreOrder
        ? 'https://schema.org/PreOrder'
        : 'https://schema.org/OutOfStock';
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: input.name,
      sku: input.sku,
      image: input.images.slice(0, MAX_LD_IMAGES).map(absolute),
      ...(input.description ? { description: input.description } : {}),
      ...(input.brand ? { brand: { '@type': 'Brand', name: input.brand } } : {}),
      offers: {
        '@type': 'Offer',
        url: absolute(input.url),
        price: input.price,
        priceCurrency: 'UAH',
        availability,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.title,
        item: absolute(crumb.href),
      })),
    },
  ];
}
