/**
 * The product gallery for a chosen colour (spec §3 Product: images, videos, rotateImages; "main
 * media type is image, video or rotateImages; images are filtered by chosen colour and ordered").
 */

export interface GalleryImage {
  link: string;
  alt: string;
  title: string;
  order: number;
  /** Colour slugs the picture shows; empty = every colour. */
  colorList: readonly string[];
}

export interface GalleryFrame extends GalleryImage {
  hash: string;
}

export interface GalleryVideo {
  link: string;
  title: string;
}

export interface GalleryMedia {
  images: readonly GalleryImage[];
  videos: readonly GalleryVideo[];
  rotateImages: readonly GalleryFrame[];
}

export type MainMediaType = 'image' | 'video' | 'rotateImages';

export type GalleryItem =
  | { type: 'image'; image: GalleryImage }
  | { type: 'video'; video: GalleryVideo }
  /** One 360° viewer: the chosen colour's frames in turning order. */
  | { type: 'rotateImages'; frames: GalleryFrame[] };

export interface Gallery {
  /** The main item first, then the rest in the order images, videos, 360°. */
  items: GalleryItem[];
  /** The kind of media that leads the gallery; null when the product has none at all. */
  main: MainMediaType | null;
  /** The pictures shown (after the fallback below), in order: for structured data and the like. */
  images: GalleryImage[];
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** True when a picture belongs to `color`: it lists that colour, or no colour at all. */
export function showsColor(media: { colorList: readonly string[] }, color: string): boolean {
  return media.colorList.length === 0 || media.colorList.includes(color);
}

/**
 * The ordered media of the product page for `color`. Pictures of that colour (and colourless ones)
 * by `order`; when the colour has none, every picture by `order` (better some view of the product
 * than none). Videos follow in the service's order, then the colour's 360° frames as one item; a
 * colour without frames has no 360° item (another colour's turn would show the wrong goods).
 * The main type is the pictures when there are any, else the 360° view, else the videos; the
 * main item leads the list.
 */
export function productGallery(media: GalleryMedia, color: string): Gallery {
  const ofColor = media.images.filter((image) => showsColor(image, color));
  const images = (ofColor.length > 0 ? ofColor : media.images).toSorted(byOrder);
  const frames = media.rotateImages.filter((frame) => showsColor(frame, color)).toSorted(byOrder);

  const imageItems: GalleryItem[] = images.map((image) => ({ type: 'image', image }));
  const videoItems: GalleryItem[] = media.videos.map((video) => ({ type: 'video', video }));
  const rotateItems: GalleryItem[] = frames.length > 0 ? [{ type: 'rotateImages', frames }] : [];

  const main: MainMediaType | null =
    images.length > 0 ? 'image' : frames.length > 0 ? 'rotateImages' : media.videos.length > 0 ? 'video' : null;
  const items =
    main === 'rotateImages' ? [...rotateItems, ...videoItems] : [...imageItems, ...videoItems, ...rotateItems];
  return { items, main, images };
}
