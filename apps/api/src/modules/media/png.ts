import { renderAsync } from '@resvg/resvg-js';
import { fontFile } from '../pdf/fonts';

/*
 * PNG renderings of our SVG share cards, for og:image: KakaoTalk, Facebook and X do not show SVG. resvg (Rust,
 * prebuilt per platform in its npm package) draws them with Noto Sans KR, the font of the PDFs, so no system fonts
 * are needed. resvg reads the two 4.6 MB font files on every drawing (about 300 ms), so the drawing runs on libuv's
 * thread pool, never on the event loop; the newest cards are kept in memory, and one drawing serves all who ask for
 * the same card at once. Browsers and crawlers keep a card for a day (routes.ts).
 */

const MAX_KEPT = 64;
const kept = new Map<string, Promise<Buffer>>();
let fonts: string[] | undefined;

export function svgToPng(svg: string, etag: string): Promise<Buffer> {
  const hit = kept.get(etag);
  if (hit) {
    kept.delete(etag);
    kept.set(etag, hit);
    return hit;
  }
  fonts ??= [fontFile('kr', 'regular'), fontFile('kr', 'bold')];
  const png = renderAsync(svg, {
    font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: 'Noto Sans KR', serifFamily: 'Noto Sans KR' },
  }).then((r) => r.asPng());
  png.catch(() => kept.delete(etag));
  kept.set(etag, png);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return png;
}
