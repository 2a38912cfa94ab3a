/** Parses a Cookie header (server) or document.cookie (browser). */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || name in out) continue;
    const raw = part.slice(i + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export interface CookieOptions {
  maxAge?: number;
  path?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  httpOnly?: boolean;
}

export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  let s = `${name}=${encodeURIComponent(value)}; Path=${o.path ?? '/'}; SameSite=${o.sameSite ?? 'Lax'}`;
  if (o.maxAge !== undefined) s += `; Max-Age=${Math.floor(o.maxAge)}`;
  if (o.secure) s += '; Secure';
  if (o.httpOnly) s += '; HttpOnly';
  return s;
}

/** Browser-only: sets a cookie readable by later requests. */
export function setBrowserCookie(name: string, value: string, o: CookieOptions = {}) {
  document.cookie = serializeCookie(name, value, { secure: location.protocol === 'https:', ...o });
}

export const clearCookie = (name: string, secure = false) => serializeCookie(name, '', { maxAge: 0, secure });

/** The exp claim of a JWT (seconds), without verifying it: the API does the verifying. */
export function tokenExp(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** A token is usable when it parses and its exp claim is in the future. */
export const tokenUsable = (token: string | undefined, now = Date.now()): token is string => {
  if (!token) return false;
  const exp = tokenExp(token);
  return exp !== undefined && exp * 1000 > now;
};

export const LANG_COOKIE = 'lang';
export const RECENT_SEARCH_COOKIE = 'recent-searches';
/** Short-lived flag the leave action sets, so only the member who just left sees the thanks page. */
export const LEFT_COOKIE = 'left-account';
