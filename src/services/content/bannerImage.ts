/**
 * Generated pictures for the demo CMS: sliders, banners, post covers. A soft gradient card with
 * playful shapes, a title and a subtitle. Deterministic (same row, same bytes), a few KB, crisp at
 * any size, and served by the content service itself (no external image host).
 */

export const BANNER_KINDS = {
  slide: { width: 1920, height: 600 },
  'slide-mobile': { width: 750, height: 750 },
  banner: { width: 800, height: 400 },
  category: { width: 400, height: 400 },
  brand: { width: 320, height: 160 },
  partner: { width: 480, height: 480 },
  'nav-desktop': { width: 360, height: 480 },
  'nav-mobile': { width: 750, height: 280 },
  post: { width: 1200, height: 630 },
  promo: { width: 1200, height: 480 },
  catalogue: { width: 1600, height: 320 },
} as const satisfies Record<string, { width: number; height: number }>;
export type BannerKind = keyof typeof BANNER_KINDS;

export function isBannerKind(value: string): value is BannerKind {
  return Object.hasOwn(BANNER_KINDS, value);
}

/** [gradient from, gradient to, shapes, text]. */
const PALETTES: readonly (readonly [string, string, string, string])[] = [
  ['#ffe5ec', '#ffc2d1', '#ff8fab', '#5a1a32'],
  ['#e0f2fe', '#bae6fd', '#38bdf8', '#0c3a5b'],
  ['#fef9c3', '#fde68a', '#f59e0b', '#5b3a06'],
  ['#dcfce7', '#bbf7d0', '#34d399', '#0f4a33'],
  ['#ede9fe', '#ddd6fe', '#a78bfa', '#3b1d6e'],
  ['#ffedd5', '#fed7aa', '#fb923c', '#6b2d0b'],
  ['#e0e7ff', '#c7d2fe', '#818cf8', '#22276b'],
  ['#fce7f3', '#fbcfe8', '#f472b6', '#6b1444'],
  ['#ccfbf1', '#99f6e4', '#2dd4bf', '#0b4a44'],
  ['#f1f5f9', '#e2e8f0', '#94a3b8', '#1e293b'],
];
export const PALETTE_COUNT = PALETTES.length;

const IMAGE_ROUTE = '/svc/content/public/images/';
const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/** Site-root-relative link of a generated picture (what slides and posts carry). */
export function bannerLink(name: string): string {
  return `${IMAGE_ROUTE}${name}.svg`;
}

/** The stored name from a requested file name, or null when it cannot be one of ours. */
export function parseBannerFile(file: string): string | null {
  if (file.length > 124) return null;
  return FILE.exec(file)?.[1] ?? null;
}

export interface BannerSpec {
  name: string;
  kind: BannerKind;
  title: string;
  subtitle: string;
  palette: number;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** FNV-1a of the name: places the shapes, so two banners of one palette still differ. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Greedy word wrap to at most `maxLines` lines of about `perLine` characters; the last line gets an ellipsis if cut. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine || current === '') {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1] ?? '';
      lines[maxLines - 1] = `${last.replace(/[.,;:!?]?$/, '')}…`;
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The SVG document of one generated picture. */
export function renderBannerSvg(spec: BannerSpec): string {
  const { width, height } = BANNER_KINDS[spec.kind];
  const [from, to, shape, ink] = PALETTES[Math.abs(spec.palette) % PALETTES.length] ?? PALETTES[0] ?? [];
  let seed = hash(spec.name);
  const next = (): number => {
    seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return seed / 4294967296;
  };
  const small = Math.min(width, height);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = Math.round(width * (0.45 + next() * 0.6));
    const y = Math.round(height * next());
    const r = Math.round(small * (0.05 + next() * 0.22));
    const opacity = (0.18 + next() * 0.35).toFixed(2);
    if (i % 3 === 2) {
      shapes.push(
        `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" rx="${Math.round(r / 3)}" ` +
          `transform="rotate(${Math.round(next() * 90)} ${x} ${y})" fill="${shape}" fill-opacity="${opacity}"/>`,
      );
    } else {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${shape}" fill-opacity="${opacity}"/>`);
    }
  }
  const landscape = width / height >= 1.6;
  const titleSize = Math.round(landscape ? Math.min(height * 0.16, width * 0.055) : small * 0.1);
  const subtitleSize = Math.round(titleSize * 0.5);
  const pad = Math.round(small * 0.08);
  const textWidth = landscape ? width * 0.55 : width - 2 * pad;
  const perLine = Math.max(8, Math.floor(textWidth / (titleSize * 0.56)));
  const titleLines = wrap(spec.title, perLine, landscape && height < 500 ? 2 : 3);
  const subtitleLines = spec.subtitle
    ? wrap(spec.subtitle, Math.max(10, Math.floor(textWidth / (subtitleSize * 0.52))), 2)
    : [];
  const blockHeight = titleLines.length * titleSize * 1.15 + subtitleLines.length * subtitleSize * 1.3;
  let y = Math.round(landscape ? (height - blockHeight) / 2 + titleSize : height - pad - blockHeight + titleSize);
  const text: string[] = [];
  for (const line of titleLines) {
    text.push(
      `<text x="${pad}" y="${y}" font-size="${titleSize}" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`,
    );
    y += Math.round(titleSize * 1.15);
  }
  y += Math.round(subtitleSize * 0.3);
  for (const line of subtitleLines) {
    text.push(
      `<text x="${pad}" y="${y}" font-size="${subtitleSize}" fill="${ink}" fill-opacity=".8">${escapeXml(line)}</text>`,
    );
    y += Math.round(subtitleSize * 1.3);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(spec.title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}` +
    `<g font-family="Nunito, 'Segoe UI', Roboto, Arial, sans-serif">${text.join('')}</g></svg>`
  );
}
