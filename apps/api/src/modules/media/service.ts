import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@podo/db';
import { outlineText } from './outline';
import { coverShareSvg, coverSvg, wineryShareSvg, winerySvg, wineShareSvg, wineSvg } from './svg';

export interface Picture {
  svg: string;
  etag: string;
  /** For a WebP thumbnail: the SVG to draw, with its text as outlines (made only when the drawing is not kept). */
  outlined?: () => string;
}

const MAX_ID = 2_147_483_647;
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

function picture(svg: string): Picture {
  return { svg, etag: `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"` };
}

/**
 * `17.svg` is the picture, `17.png` the 1200 x 630 share card (og:image) drawn as PNG, and `17.webp` a wine's
 * bottle picture as a 300 x 400 raster thumbnail for lists.
 */
export type PictureFormat = 'svg' | 'png' | 'webp';

/** Parses `17.svg`, `17.png` or `17.webp`; anything else (or an id beyond int4) is no picture at all. */
export function pictureFile(file: string): { id: number; format: PictureFormat } | null {
  const m = /^([1-9][0-9]{0,9})\.(svg|png|webp)$/.exec(file);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id <= MAX_ID ? { id, format: m![2] as PictureFormat } : null;
}

/** The bottle picture of a published or unpublished wine, or null when there is no such wine. */
export async function winePicture(db: Database, id: number, format: PictureFormat = 'svg'): Promise<Picture | null> {
  const [row] = rowsOf<{ kind: string; name_original: string; winery: string; area: string; grape: string | null; volume_ml: number }>(
    await db.execute(sql`
      select k.code as kind, p.name_original, w.name_original as winery, a.original_name as area, p.volume_ml,
        (select g.original_name from product_grapes pg join grape_types g on g.id = pg.grape_type_id
          where pg.product_id = p.id order by pg.percent desc nulls last, g.id limit 1) as grape
      from products p
      join wine_kinds k on k.id = p.kind_id
      join wineries w on w.id = p.winery_id
      join production_areas a on a.id = p.production_area_id
      where p.id = ${id}`),
  );
  if (!row) return null;
  const art = {
    id,
    kind: row.kind,
    nameOriginal: row.name_original,
    wineryOriginal: row.winery,
    areaOriginal: row.area,
    mainGrape: row.grape,
    volumeMl: row.volume_ml,
  };
  if (format === 'webp') {
    // Named after the SVG it is drawn from (outlines are a pure function of it and the fonts).
    const svg = wineSvg(art);
    return { svg, etag: picture(svg).etag.replace(/"$/, '-t1"'), outlined: () => wineSvg(art, outlineText) };
  }
  return picture(format === 'png' ? wineShareSvg(art) : wineSvg(art));
}

/** The landscape card of a winery, or null when there is no such winery. */
export async function wineryPicture(db: Database, id: number, format: PictureFormat = 'svg'): Promise<Picture | null> {
  if (format === 'webp') return null; // thumbnails are drawn for wines only
  const [row] = rowsOf<{ name_original: string; area: string | null; country_code: string; founded_year: number | null }>(
    await db.execute(sql`
      select w.name_original, a.original_name as area, w.country_code, w.founded_year
      from wineries w left join production_areas a on a.id = w.production_area_id
      where w.id = ${id}`),
  );
  if (!row) return null;
  const countryName = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(row.country_code.trim()) ?? row.country_code;
  const art = { id, nameOriginal: row.name_original, areaOriginal: row.area, countryName, foundedYear: row.founded_year };
  return picture(format === 'png' ? wineryShareSvg(art) : winerySvg(art));
}

/** The generated cover of a published magazine article or event (svg, or png as its share card), or null. */
export async function coverPicture(
  db: Database,
  kind: 'magazines' | 'events',
  id: number,
  format: PictureFormat = 'svg',
): Promise<Picture | null> {
  if (format === 'webp') return null;
  const table = kind === 'magazines' ? sql`magazines` : sql`events`;
  const [row] = rowsOf<{ cover: string; title: string }>(
    await db.execute(sql`select cover, title->>'ko-KR' as title from ${table} where id = ${id} and published_at <= now()`),
  );
  if (!row) return null;
  return picture(format === 'png' ? coverShareSvg(id, row.cover, row.title) : coverSvg(id, row.cover, row.title));
}
