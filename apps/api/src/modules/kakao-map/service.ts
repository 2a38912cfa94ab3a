import { processHub } from '@podo/cache';
import { ZKakaoAnswer, type TKakaoAnswer } from '@podo/contracts';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';

/** How long Kakao may take before the caller is told the map is unavailable (never a hanging request). */
export const KAKAO_TIMEOUT_MS = 3_000;
/**
 * Kakao's answers are kept this long in each server process: they do not depend on anything this site writes, so a
 * per-process copy is never wrong across processes, only up to this old.
 */
export const KAKAO_CACHE_TTL_MS = 10 * 60_000;
const answers = processHub().cache<TKakaoAnswer>('kakao-map', { ttlMs: KAKAO_CACHE_TTL_MS, max: 2_000, lru: true });

/** The Kakao Local REST endpoints behind /kakao-map (paths below KAKAO_LOCAL_URL, without `.json`). */
export type KakaoEndpoint =
  'search/category' | 'search/address' | 'search/keyword' | 'geo/coord2regioncode' | 'geo/coord2address' | 'geo/transcoord';

async function call(ctx: ServiceCtx, url: URL, key: string): Promise<TKakaoAnswer> {
  const endpoint = url.pathname;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', authorization: `KakaoAK ${key}` },
      signal: AbortSignal.timeout(KAKAO_TIMEOUT_MS),
    });
    // The body under the same time limit: a server that sends headers and then stalls is late all the same.
    text = await res.text();
  } catch (err) {
    ctx.log.warn({ err, endpoint }, 'Kakao Local did not answer');
    throw new AppError('MAP_SERVICE_UNAVAILABLE');
  }
  if (!res.ok) {
    // 401/403: a wrong or disabled key; 400: a request Kakao refused; 429/5xx: Kakao's side.
    ctx.log.warn({ endpoint, status: res.status, body: text.slice(0, 200) }, 'Kakao Local refused the call');
    throw new AppError('MAP_SERVICE_UNAVAILABLE');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = ZKakaoAnswer.safeParse(body);
  if (!parsed.success) {
    ctx.log.warn({ endpoint, body: text.slice(0, 200) }, 'Kakao Local answered no documents and meta');
    throw new AppError('MAP_SERVICE_UNAVAILABLE');
  }
  return parsed.data;
}

/**
 * One Kakao Local call with the server's REST key, from the cache when the same call was answered lately (parallel
 * identical calls share one request). Errors are not kept.
 */
export async function kakaoLocal(
  ctx: ServiceCtx,
  endpoint: KakaoEndpoint,
  params: Record<string, string | number | undefined>,
): Promise<TKakaoAnswer> {
  const { kakaoRestKey, kakaoLocalUrl } = ctx.config.address;
  if (!kakaoRestKey) throw new AppError('MAP_NOT_CONFIGURED');
  const url = new URL(`${kakaoLocalUrl}/${endpoint}.json`);
  // Sorted, so one question is one cache key whatever order the parameters came in.
  for (const [k, v] of Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  return answers.fetch(url.toString(), () => call(ctx, url, kakaoRestKey));
}
