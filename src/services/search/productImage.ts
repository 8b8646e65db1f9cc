/**
 * Generated product pictures: a flat illustration of the product type in the variant's colour on
 * a tinted card, with the article number. Deterministic (same name, same bytes), small (~1 KB),
 * crisp at any size.
 */

const IMAGE_ROUTE = '/svc/search/public/images/';
const FILE = /^(p[1-9]\d{0,9}-[a-z0-9]+(?:-[a-z0-9]+)*-[1-9]\d?)\.(svg|jpg)$/;

/** Link to the drawing of an image relative to the site root (rotating frames carry these). */
export function imageLink(name: string): string {
  return `${IMAGE_ROUTE}${name}.svg`;
}

/** Link to the full-size photo of a picture (products carry these in `images[].link`). */
export function photoLink(name: string): string {
  return `${IMAGE_ROUTE}${name}.jpg`;
}

/** The stored image name and the asked format from a requested file name, or null when it cannot be one of ours. */
export function parseImageFile(file: string): { name: string; format: 'svg' | 'jpg' } | null {
  const match = FILE.exec(file);
  const name = match?.[1];
  const format = match?.[2];
  if (name === undefined || (format !== 'svg' && format !== 'jpg')) return null;
  return { name, format };
}

/** The 1-based picture number at the end of an image name (`p100001-rozovyy-2` → 2). */
export function imageNumber(name: string): number {
  return Number(/-(\d+)$/.exec(name)?.[1] ?? 1);
}

/** Frames in one rotating (360°) set: a turn in 30° steps. */
export const ROTATE_FRAMES = 12;

/** Stored name of frame `frame` (from 0) of a product's rotating set in `colour` (null: every colour). */
export function rotateFrameName(productId: number, colour: string | null, frame: number): string {
  return `p${productId}-${colour ?? 'base'}-360-${frame + 1}`;
}

/** The turn, in degrees, that frame `frame` (from 0) of a rotating set shows. */
export function frameTurn(frame: number): number {
  return (frame * 360) / ROTATE_FRAMES;
}

/** Outline shapes in a 100×100 box; drawn with the colour fill and a darker stroke. */
const SHAPES: Record<string, string> = {
  tshirt: '<path d="M30 22 42 16Q50 22 58 16L70 22 82 36 72 43 68 38V82H32V38L28 43 18 36Z"/>',
  bodysuit:
    '<path d="M32 18 42 15Q50 21 58 15L68 18 78 30 70 36 66 32V64Q66 74 58 80L55 86H45L42 80Q34 74 34 64V32L30 36 22 30Z"/>',
  dress: '<path d="M40 15H60L58 32 78 84H22L42 32Z"/><path d="M42 32H58" fill="none"/>',
  trousers: '<path d="M30 16H70L74 84H56L50 40 44 84H26Z"/>',
  jacket:
    '<path d="M30 20 42 15 50 22 58 15 70 20 84 70 74 73 68 44V84H32V44L26 73 16 70Z"/><path d="M50 22V84" fill="none"/>',
  hat: '<path d="M24 62Q24 26 50 26T76 62Z"/><rect x="18" y="60" width="64" height="10" rx="4"/><circle cx="50" cy="22" r="6"/>',
  sock: '<path d="M38 14H58V56L74 66Q82 72 76 82 70 88 60 84L40 74Q36 72 38 66Z"/>',
  shoe: '<path d="M16 66Q16 48 30 48L44 50Q52 36 62 40L70 52Q84 56 86 66V74H16Z"/><path d="M16 68H86" fill="none"/>',
  bear: '<circle cx="32" cy="34" r="9"/><circle cx="68" cy="34" r="9"/><circle cx="50" cy="54" r="24"/><ellipse cx="50" cy="62" rx="9" ry="7" fill="#fff" fill-opacity=".6"/><circle cx="41" cy="50" r="2.5" fill="#333" stroke="none"/><circle cx="59" cy="50" r="2.5" fill="#333" stroke="none"/>',
  blocks:
    '<rect x="20" y="54" width="26" height="26" rx="3"/><rect x="54" y="54" width="26" height="26" rx="3"/><rect x="37" y="26" width="26" height="26" rx="3"/>',
  car: '<path d="M14 62V50Q16 44 24 44H34L42 32H66L76 44 84 46Q88 48 88 54V62Z"/><circle cx="30" cy="64" r="8" fill="#444"/><circle cx="72" cy="64" r="8" fill="#444"/>',
  ball: '<circle cx="50" cy="50" r="30"/><path d="M20 50Q50 30 80 50M50 20Q34 50 50 80" fill="none"/>',
  bottle:
    '<path d="M46 8Q50 4 54 8V14H46Z"/><path d="M42 14H58V22Q64 26 64 34V80Q64 86 58 86H42Q36 86 36 80V34Q36 26 42 22Z"/><path d="M36 46H46M36 58H46M36 70H46" fill="none"/>',
  bowl: '<path d="M16 46H84Q82 78 50 80 18 78 16 46Z"/><ellipse cx="50" cy="46" rx="34" ry="6"/>',
  chair:
    '<rect x="30" y="14" width="40" height="34" rx="6"/><rect x="26" y="46" width="48" height="10" rx="3"/><path d="M32 56 24 88M68 56 76 88M28 76H72" fill="none"/>',
  diaper: '<path d="M18 30H82L78 48Q66 52 62 76H38Q34 52 22 48Z"/>',
  tube: '<path d="M36 20H64L60 78H40Z"/><rect x="44" y="78" width="12" height="10" rx="2"/><path d="M40 34H60" fill="none"/>',
  stroller:
    '<path d="M20 32Q20 62 50 62H78V44H50V32Q34 28 20 32Z"/><path d="M78 44 86 22" fill="none"/><circle cx="32" cy="76" r="8" fill="#444"/><circle cx="70" cy="76" r="8" fill="#444"/>',
  carseat:
    '<path d="M22 46Q50 6 80 46" fill="none" stroke-width="4"/><path d="M20 44Q20 78 50 80T82 52Q82 44 74 44H62Q50 44 46 36 40 28 30 30Q20 32 20 44Z"/><rect x="24" y="80" width="56" height="7" rx="3" fill="#444"/>',
  backpack:
    '<path d="M40 24Q40 14 50 14T60 24" fill="none"/><rect x="28" y="22" width="44" height="62" rx="10"/><path d="M28 44Q50 52 72 44" fill="none"/><rect x="38" y="60" width="24" height="16" rx="3"/>',
  pencil: '<path d="M22 70 62 30 72 40 32 80 18 84Z"/><path d="M22 70 32 80" fill="none"/>',
  book: '<path d="M18 22 48 26V82L18 78Z"/><path d="M52 26 82 22V78L52 82Z"/>',
  gift: '<rect x="22" y="44" width="56" height="40" rx="2"/><rect x="18" y="34" width="64" height="12" rx="2"/><path d="M50 34V84M50 34Q40 18 34 26T50 34Q60 18 66 26T50 34" fill="none"/>',
};

const NEUTRALS = ['#8ecae6', '#ffb703', '#90be6d', '#f28482', '#b8c0ff', '#f6bd60'];

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const channels = hexToRgb(hex).map((c) => Math.round(c + (target - c) * amount));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export interface ImageSpec {
  kind: string;
  /** The swatch value: a hex colour or a CSS linear-gradient; null for colourless images. */
  css: string | null;
  /** Fallback hex for gradients and outlines. */
  code: string | null;
  article: string;
  /** 1-based picture number within the colour: varies the card's pattern and angle. */
  index: number;
  productId: number;
  /** For a rotating (360°) frame: how far, in degrees, the product is turned about its vertical axis. */
  turn?: number | undefined;
}

/** A turn about the vertical axis drawn in 2D: the shape narrows to its edge and comes back mirrored. */
function turnTransform(turn: number): string {
  const cos = Math.cos((turn * Math.PI) / 180);
  const width = Math.sign(cos || 1) * Math.max(Math.abs(cos), 0.08);
  return `translate(50 48) scale(${Math.round(width * 1000) / 1000} 1) translate(-50 -50)`;
}

/** A ground ring with a dot showing the turn, so every frame of a symmetric shape still differs. */
function turnMarker(turn: number, stroke: string): string {
  const angle = (turn * Math.PI) / 180;
  const x = Math.round((50 + 30 * Math.sin(angle)) * 10) / 10;
  const y = Math.round((86 + 3 * Math.cos(angle)) * 10) / 10;
  return (
    `<ellipse cx="50" cy="86" rx="30" ry="3" fill="none" stroke="${stroke}" stroke-opacity=".3"/>` +
    `<circle cx="${x}" cy="${y}" r="2" fill="${stroke}"/>`
  );
}

/** Renders the SVG text for one picture. */
export function renderProductSvg(spec: ImageSpec): string {
  const hexes = spec.css?.match(/#[0-9a-f]{6}/gi) ?? [];
  const base = spec.code ?? hexes[0] ?? NEUTRALS[spec.productId % NEUTRALS.length] ?? '#8ecae6';
  const isGradient = spec.css?.startsWith('linear-gradient') === true && hexes.length > 1;
  const stroke = mix(base, 0, 0.4);
  const card = base.toLowerCase() === '#ffffff' ? '#eef1f4' : mix(base, 255, 0.85);
  const defs = isGradient
    ? `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${hexes
        .map((h, i) => `<stop offset="${Math.round((i / (hexes.length - 1)) * 100)}%" stop-color="${h}"/>`)
        .join('')}</linearGradient></defs>`
    : '';
  const fill = isGradient ? 'url(#g)' : base;
  const shape = SHAPES[spec.kind] ?? SHAPES.gift ?? '';
  const angle = [0, -8, 8][(spec.index - 1) % 3] ?? 0;
  const scale = spec.index % 3 === 0 ? 1.12 : 1;
  const transform =
    spec.turn === undefined
      ? `translate(50 48) rotate(${angle}) scale(${scale}) translate(-50 -50)`
      : turnTransform(spec.turn);
  const marker = spec.turn === undefined ? '' : turnMarker(spec.turn, stroke);
  const pattern =
    spec.index % 2 === 0
      ? `<path d="M0 100 100 0M-20 60 60-20M40 120 120 40" stroke="${stroke}" stroke-opacity=".08" stroke-width="8"/>`
      : `<circle cx="82" cy="16" r="10" fill="${stroke}" fill-opacity=".08"/><circle cx="14" cy="84" r="6" fill="${stroke}" fill-opacity=".08"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="600" height="600" role="img">` +
    defs +
    `<rect width="100" height="100" rx="8" fill="${card}"/>${pattern}${marker}` +
    `<g transform="${transform}" fill="${fill}" stroke="${stroke}" stroke-width="1.6" stroke-linejoin="round" stroke-linecap="round">${shape}</g>` +
    `<text x="50" y="96" font-family="system-ui,sans-serif" font-size="5" text-anchor="middle" fill="#555">${spec.article}</text>` +
    `</svg>`
  );
}
