import { processHub, type Cache } from '@podo/cache';
import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import { fontFile } from '../pdf';

/*
 * Raster drawings of our SVG art, made by resvg (Rust, prebuilt per platform in its npm package) on libuv's thread
 * pool, never on the event loop:
 * - PNG share cards for og:image (KakaoTalk, Facebook and X do not show SVG), drawn with Noto Sans KR, the font of
 *   the PDFs, so no system fonts are needed. resvg reads the two 4.6 MB font files on every drawing (about 300 ms).
 * - WebP list thumbnails of the bottle art, whose label text comes as glyph outlines (outline.ts): no fonts are read,
 *   and a drawing takes a few milliseconds. sharp (libvips, prebuilt in its npm package) encodes them on its own
 *   threads. A browser builds a whole document for every SVG picture on its main thread (6-20 ms each on a phone);
 *   a WebP is decoded off it.
 * The newest drawings are kept in memory, and one drawing serves all who ask for the same picture at once.
 */

/**
 * The newest drawings: 64 share cards (about 100 KB each) and 1,024 thumbnails (about 5 KB), least recently used
 * first out. Their keys name the SVG drawn (its hash), so no write ever makes one stale: the process's hub.
 */
const cards = processHub().cache<Buffer>('media:cards', { ttlMs: Infinity, max: 64, lru: true });
const thumbs = processHub().cache<Buffer>('media:thumbs', { ttlMs: Infinity, max: 1024, lru: true });

const keep = (cache: Cache<Buffer>, key: string, draw: () => Promise<Buffer>): Promise<Buffer> => Promise.resolve(cache.fetch(key, draw));

let fonts: string[] | undefined;

/** A share card as PNG (`etag` names the SVG). */
export function svgToPng(svg: string, etag: string): Promise<Buffer> {
  fonts ??= [fontFile('kr', 'regular'), fontFile('kr', 'bold')];
  const options = { font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: 'Noto Sans KR', serifFamily: 'Noto Sans KR' } };
  return keep(cards, etag, () => renderAsync(svg, options).then((r) => r.asPng()));
}

/** A picture without text elements (`svg` makes it) as WebP, `width` pixels wide. */
export function svgToWebp(svg: () => string, etag: string, width: number): Promise<Buffer> {
  return keep(thumbs, `${width} ${etag}`, async () => {
    const image = await renderAsync(svg(), { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } });
    return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
      .webp({ quality: 80 })
      .toBuffer();
  });
}
