/**
 * Downscales RGBA pixels to `width` × `height` by area averaging: each output pixel is the mean of
 * the source pixels it covers (with fractional edges). For shrinking, which is all the image
 * service does, this is the reference filter (no aliasing, no ringing), and in plain JavaScript it
 * is a single pass over the source, faster than the WASM resizers' lanczos on this machine.
 */
export function downscale(source: ImageData, width: number, height: number): ImageData {
  const { width: sw, height: sh, data } = source;
  const out = new Uint8ClampedArray(width * height * 4);
  const sx = sw / width;
  const sy = sh / height;
  const row = new Float64Array(width * 4);
  for (let y = 0; y < height; y += 1) {
    row.fill(0);
    const top = y * sy;
    const bottom = top + sy;
    for (let yy = Math.floor(top); yy < Math.min(Math.ceil(bottom), sh); yy += 1) {
      const wy = Math.min(bottom, yy + 1) - Math.max(top, yy);
      for (let x = 0; x < width; x += 1) {
        const left = x * sx;
        const right = left + sx;
        for (let xx = Math.floor(left); xx < Math.min(Math.ceil(right), sw); xx += 1) {
          const w = wy * (Math.min(right, xx + 1) - Math.max(left, xx));
          const at = (yy * sw + xx) * 4;
          row[x * 4] = (row[x * 4] ?? 0) + (data[at] ?? 0) * w;
          row[x * 4 + 1] = (row[x * 4 + 1] ?? 0) + (data[at + 1] ?? 0) * w;
          row[x * 4 + 2] = (row[x * 4 + 2] ?? 0) + (data[at + 2] ?? 0) * w;
          row[x * 4 + 3] = (row[x * 4 + 3] ?? 0) + (data[at + 3] ?? 0) * w;
        }
      }
    }
    const area = sx * sy;
    for (let i = 0; i < width * 4; i += 1) out[y * width * 4 + i] = (row[i] ?? 0) / area;
  }
  return { data: out, width, height, colorSpace: 'srgb' };
}
