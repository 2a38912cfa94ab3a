import type { TJusoAddress, TLocation } from '@podo/contracts';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';

/** How long the address services may take before the form is told to take the address typed in. */
const TIMEOUT_MS = 3_000;

/** Keyword errors of the road-name address API (검색어 미입력, 너무 짧음, 특수문자, 너무 많은 결과 …). */
const KEYWORD_ERRORS = new Set(['E0005', 'E0006', 'E0008', 'E0009', 'E0010', 'E0011', 'E0012', 'E0013', 'E0014', 'E0015']);

async function getJson(ctx: ServiceCtx, service: string, url: URL, headers: Record<string, string> = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    ctx.log.warn({ err, service }, 'address service did not answer');
    throw new AppError('ADDRESS_SERVICE_UNAVAILABLE');
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    ctx.log.warn({ service, status: res.status, body: text.slice(0, 200) }, 'address service refused the call');
    throw new AppError('ADDRESS_SERVICE_UNAVAILABLE');
  }
  try {
    return JSON.parse(text);
  } catch {
    ctx.log.warn({ service, body: text.slice(0, 200) }, 'address service answered no JSON');
    throw new AppError('ADDRESS_SERVICE_UNAVAILABLE');
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

interface JusoAnswer {
  results?: { common?: { errorCode?: string; errorMessage?: string; totalCount?: string }; juso?: Record<string, unknown>[] | null };
}

/** GET /juso: the road-name address API (business.juso.go.kr addrLinkApi, JSON), one page of addresses. */
export async function searchAddress(
  ctx: ServiceCtx,
  q: { keyword: string; page: number; size: number },
): Promise<{ available: boolean; items: TJusoAddress[]; page: { number: number; size: number; totalElements: number } }> {
  const { jusoKey, jusoUrl } = ctx.config.address;
  const page = { number: q.page, size: q.size, totalElements: 0 };
  if (!jusoKey) return { available: false, items: [], page };
  const url = new URL(jusoUrl);
  url.search = new URLSearchParams({
    confmKey: jusoKey,
    currentPage: String(q.page),
    countPerPage: String(q.size),
    keyword: q.keyword,
    resultType: 'json',
  }).toString();
  const answer = (await getJson(ctx, 'juso', url)) as JusoAnswer;
  const common = answer.results?.common;
  const code = common?.errorCode;
  if (code !== '0') {
    if (code && KEYWORD_ERRORS.has(code)) throw new AppError('ADDRESS_KEYWORD_INVALID');
    ctx.log.warn({ service: 'juso', code, message: common?.errorMessage }, 'address search failed');
    throw new AppError('ADDRESS_SERVICE_UNAVAILABLE');
  }
  const items = (answer.results?.juso ?? []).map((j) => ({
    roadAddress: str(j.roadAddr),
    jibunAddress: str(j.jibunAddr),
    englishAddress: str(j.engAddr),
    postalCode: str(j.zipNo),
    buildingName: str(j.bdNm),
  }));
  return { available: true, items, page: { ...page, totalElements: Number(common?.totalCount) || items.length } };
}

interface KakaoAnswer {
  documents?: { x?: string; y?: string; address_name?: string; road_address?: { address_name?: string; zone_no?: string } | null }[];
}

/** GET /location: the first match of Kakao Local's address search, as longitude and latitude. */
export async function locate(ctx: ServiceCtx, address: string): Promise<TLocation> {
  const { kakaoRestKey, kakaoLocalUrl } = ctx.config.address;
  const none = { found: false, longitude: null, latitude: null, roadAddress: null, postalCode: null };
  if (!kakaoRestKey) return { available: false, ...none };
  const url = new URL(`${kakaoLocalUrl}/search/address.json`);
  url.search = new URLSearchParams({ query: address, size: '1' }).toString();
  const answer = (await getJson(ctx, 'kakao-local', url, { authorization: `KakaoAK ${kakaoRestKey}` })) as KakaoAnswer;
  const doc = answer.documents?.[0];
  const longitude = Number(doc?.x);
  const latitude = Number(doc?.y);
  if (!doc || !Number.isFinite(longitude) || !Number.isFinite(latitude)) return { available: true, ...none };
  return {
    available: true,
    found: true,
    longitude,
    latitude,
    roadAddress: doc.road_address?.address_name ?? doc.address_name ?? null,
    postalCode: doc.road_address?.zone_no || null,
  };
}
