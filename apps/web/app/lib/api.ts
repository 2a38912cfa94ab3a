import type { TCountryList, TLanguageList, TLoginBody, TLoginResult, TMe } from '@podo/contracts';
import type { Language } from '@podo/i18n';

/** Any function with fetch's shape: the browser's fetch, or the server's in-process transport. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

/** An answer of the API with a non-2xx status; `message` is the server's localized text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
  get isClientError() {
    return this.status >= 400 && this.status < 500;
  }
}

export interface ApiClientOptions {
  fetch: ApiFetch;
  lang: Language;
  token?: string;
}

/** The typed client of /api/v1 used by loaders (in-process) and by the browser alike. */
export function createApiClient({ fetch, lang, token }: ApiClientOptions) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': lang };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ApiError(0, (e as Error).message);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const err = (json ?? {}) as { message?: string; code?: string };
      throw new ApiError(res.status, typeof err.message === 'string' ? err.message : '', err.code);
    }
    return json as T;
  }
  return {
    me: () => call<{ data: TMe }>('GET', '/me').then((r) => r.data),
    login: (body: TLoginBody) => call<TLoginResult>('POST', '/login', body).then((r) => r.data),
    languages: () => call<TLanguageList>('GET', '/setting/language').then((r) => r.data),
    countries: () => call<TCountryList>('GET', '/countries').then((r) => r.data),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** Browser-side client: the token comes from the access-token cookie. */
export function browserApi(lang: Language, token?: string): ApiClient {
  return createApiClient({ fetch: (url, init) => window.fetch(url, { ...init, credentials: 'same-origin' }), lang, token });
}
