import type { Route } from './+types/pdf-file';
import { requestLanguage, requestToken } from '../lib/request.server';

/**
 * The PDF files behind the PDF pages: `/pdf/product/{pid}.pdf`, `/pdf/product.pdf?{list filters}`,
 * `/pdf/winery/{wid}.pdf`, `/pdf/winery.pdf?{query,countryCodes}`. The API's answer is passed on, asked with the
 * visitor's language (lang cookie included) and token (approved buyers see trade prices), which a frame pointing
 * at the API could not send: the token lives in an HttpOnly cookie.
 */
const TARGETS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^product\.pdf$/, () => '/wines/products/pdf'],
  [/^product\/([1-9]\d{0,8})\.pdf$/, (m) => `/wines/products/${m[1]}/pdf`],
  [/^winery\.pdf$/, () => '/wineries/pdf'],
  [/^winery\/([1-9]\d{0,8})\.pdf$/, (m) => `/wineries/${m[1]}/pdf`],
];
const PASSED = ['content-type', 'content-disposition', 'content-length', 'etag', 'cache-control', 'x-robots-tag'];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const splat = params['*'] ?? '';
  let path: string | undefined;
  for (const [re, to] of TARGETS) {
    const m = re.exec(splat);
    if (m) path = to(m);
  }
  if (!path) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const url = new URL(request.url);
  url.searchParams.delete('lang');
  const headers: Record<string, string> = { 'accept-language': requestLanguage(request) };
  const token = requestToken(request, context);
  if (token) headers.authorization = `Bearer ${token}`;
  const inm = request.headers.get('if-none-match');
  if (inm) headers['if-none-match'] = inm;
  const res = await context.apiFetch(`/api/v1${path}${url.search}`, { method: 'GET', headers });
  const out = new Headers({ vary: 'Cookie, Accept-Language' });
  for (const h of PASSED) {
    const v = res.headers.get(h);
    if (v) out.set(h, v);
  }
  return new Response(res.status === 304 ? null : res.body, { status: res.status, headers: out });
}
