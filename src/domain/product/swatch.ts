/**
 * Colour swatches are drawn as SVG fills, not `style` attributes: the Content-Security-Policy has no
 * 'unsafe-inline' for styles. A `cssBackground` is either one colour or a `linear-gradient(...)`;
 * this turns it into the colour stops an SVG gradient needs. Anything unrecognised gives no stops.
 */
export interface SwatchStop {
  color: string;
  /** 0..100 */
  offset: number;
}

const COLOR = /#[0-9a-f]{3,8}\b|rgba?\([\d\s.,%]+\)/gi;

export function swatchStops(css: string | null | undefined): SwatchStop[] {
  if (!css) return [];
  const parts = [...css.matchAll(new RegExp(`(${COLOR.source})\\s*(\\d{1,3}(?:\\.\\d+)?%)?`, 'gi'))];
  if (parts.length === 0) return [];
  return parts.map((match, index) => {
    const explicit = match[2] ? Number.parseFloat(match[2]) : null;
    const spread = parts.length === 1 ? 0 : (index / (parts.length - 1)) * 100;
    return { color: match[1] ?? '', offset: Math.min(100, explicit ?? spread) };
  });
}
