import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssets, serveAsset } from '../../src/server/launcher/staticAssets.ts';
import {
  combinedStylesheetPath,
  MOST_FILES,
  stylesheetsOfCombined,
} from '../../src/server/styles/combinedStylesheet.ts';

describe('the combined stylesheet’s URL', () => {
  const hrefs = ['/_astro/global.5cQlnX1D.css', '/_astro/Base-Layout.Dz_jnx.css'];
  const hrefOf = (hash: string) => hrefs.find((href) => href.endsWith(`.${hash}.css`));

  it('names the build files by their hashes in order, and reads back the same', () => {
    const path = combinedStylesheetPath(hrefs);
    expect(path).toBe('/_astro/css/5cQlnX1D+Dz_jnx.css');
    expect(stylesheetsOfCombined(path ?? '', hrefOf)).toEqual(hrefs);
    expect(stylesheetsOfCombined('/_astro/css/Dz_jnx+5cQlnX1D.css', hrefOf)).toEqual([...hrefs].reverse());
  });

  it('is no URL for anything but build stylesheets, and reads no foreign path', () => {
    expect(combinedStylesheetPath([])).toBeNull();
    expect(combinedStylesheetPath(['/_astro/a.1.css', '/other/b.2.css'])).toBeNull();
    // A file without a hash cannot be named by one.
    expect(combinedStylesheetPath(['/_astro/a.css'])).toBeNull();
    expect(combinedStylesheetPath(Array.from({ length: MOST_FILES + 1 }, (_, i) => `/_astro/f.${i}.css`))).toBeNull();
    for (const path of [
      '/_astro/css/../../etc/passwd.css',
      '/_astro/css/a/b.css',
      '/_astro/css/a+.css',
      '/_astro/a.css',
      '/_astro/css/a.js',
      '/_astro/css/5cQlnX1D+unknown.css',
    ]) {
      expect(stylesheetsOfCombined(path, hrefOf), path).toBeNull();
    }
  });
});

describe('serving a combined stylesheet', () => {
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    const client = mkdtempSync(join(tmpdir(), 'combined-css-'));
    mkdirSync(join(client, '_astro'));
    for (const [name, css] of [
      ['a.1', '.a{color:red}'],
      ['b.2', '.b{color:blue}'],
    ] as const) {
      const file = join(client, '_astro', `${name}.css`);
      writeFileSync(file, css);
      // The build writes no copies of a file under 1 KB: the second has none.
      if (name === 'b.2') continue;
      writeFileSync(`${file}.br`, brotliCompressSync(css));
      writeFileSync(`${file}.gz`, gzipSync(css));
    }
    const assets = loadAssets(client);
    server = http.createServer((req, res) => {
      if (!serveAsset(assets, req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the files concatenated in the URL’s order, compressed and immutable', async () => {
    const response = await fetch(`${origin}/_astro/css/2+1.css`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/css');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('.b{color:blue}.a{color:red}');
    const raw = await new Promise<Buffer>((resolve) => {
      http.get(`${origin}/_astro/css/2+1.css`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
    expect(brotliDecompressSync(raw).toString()).toBe('.b{color:blue}.a{color:red}');
  });

  it('is not found when it names a file the build does not have', async () => {
    expect((await fetch(`${origin}/_astro/css/1+3.css`)).status).toBe(404);
  });
});
