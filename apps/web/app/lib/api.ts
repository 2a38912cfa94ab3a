import type {
  TCountryList,
  TLanguageList,
  TLoginBody,
  TLoginResult,
  TMe,
  TSignupBody,
  CertMode,
  SocialProvider,
  BusinessType,
} from '@podo/contracts';
import type { Language } from '@podo/i18n';
import { data } from 'react-router';

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

export interface TokenData {
  accessToken: string;
  expiresAt: string;
}
/** Success answers that only carry news: a localized message, sometimes data. */
export interface MessageResult<T = undefined> {
  message: string;
  data: T;
}
export interface CodeSent {
  expiresAt: string;
  resendAfterSeconds: number;
}
export interface FoundAccount {
  email: string;
  createdAt: string;
}
export interface OAuthProviderInfo {
  provider: SocialProvider;
  popup: { width: number; height: number };
}
export interface OAuthStart {
  authorizeUrl: string;
  state: string;
  popup: { width: number; height: number };
}
export interface BusinessInput {
  companyName: string;
  businessNumber: string;
  representative: string;
  businessType: BusinessType;
  taxEmail: string;
}
/** The current password, or for a member without one a re-authentication proof (POST /auth/{provider}/reauth). */
export interface IdentityProof {
  password?: string;
  reauthToken?: string;
}
export interface ChangeUserBody extends IdentityProof {
  fullName?: string;
  birthday?: string;
  agreeMarketing?: boolean;
  business?: Partial<BusinessInput>;
  certificateFileId?: string;
}
export interface OAuthCodeBody {
  code: string;
  state: string;
  redirectUri: string;
}

/** Reads a providers answer whatever its envelope: [{provider, popup}] or {providers: […]} under data. */
function providerList(raw: unknown): OAuthProviderInfo[] {
  const d = (raw as { data?: unknown })?.data ?? raw;
  const list = Array.isArray(d) ? d : ((d as { providers?: unknown })?.providers ?? []);
  if (!Array.isArray(list)) return [];
  return list
    .map((p): OAuthProviderInfo | null => {
      if (typeof p === 'string') return { provider: p as SocialProvider, popup: { width: 580, height: 600 } };
      const o = p as { provider?: string; id?: string; name?: string; popup?: { width: number; height: number }; enabled?: boolean };
      const provider = (o.provider ?? o.id ?? o.name) as SocialProvider | undefined;
      if (!provider || o.enabled === false) return null;
      return { provider, popup: o.popup ?? { width: 580, height: 600 } };
    })
    .filter((p): p is OAuthProviderInfo => p !== null);
}

/**
 * The transport of every API client: a call to /api/v1 with the language, the bearer token and a JSON body;
 * a non-2xx answer throws an ApiError carrying the server's localized message.
 */
export function apiTransport({ fetch, lang, token }: ApiClientOptions) {
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': lang };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ApiError(0, (e as Error).message);
    }
    if (!res.ok) {
      const error = await errorOf(res);
      // A page render refused for speed (rate limit) or because the database is unavailable (503: a lost
      // connection, a time limit) is the error page with that status, its Retry-After and the API's localized
      // message, whichever loader asked: never a 500. A browser-side caller keeps the ApiError for its own message.
      if ((res.status === 429 || res.status === 503) && method === 'GET' && typeof document === 'undefined') {
        const retryAfter = res.headers.get('retry-after');
        throw data(error.message, { status: res.status, headers: retryAfter ? { 'Retry-After': retryAfter } : undefined });
      }
      throw error;
    }
    return res;
  }
  /** The JSON of a successful answer (undefined for an empty or non-JSON body). */
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await send(method, path, body);
    const text = await res.text();
    try {
      return (text ? JSON.parse(text) : undefined) as T;
    } catch {
      return undefined as T;
    }
  }
  return { send, call };
}

/** The typed client of /api/v1 used by loaders and actions (in-process) and by the browser for public calls. */
export function createApiClient(options: ApiClientOptions) {
  const { send, call } = apiTransport(options);
  const msg = <T = undefined>(method: string, path: string, body?: unknown) =>
    call<{ message?: string; data?: T }>(method, path, body).then((r) => ({ message: r?.message ?? '', data: r?.data as T }));

  return {
    me: () => call<{ data: TMe }>('GET', '/me').then((r) => r.data),
    login: (body: TLoginBody) => call<TLoginResult>('POST', '/login', body).then((r) => r.data),
    languages: () => call<TLanguageList>('GET', '/setting/language').then((r) => r.data),
    countries: () => call<TCountryList>('GET', '/countries').then((r) => r.data),

    // sign-up and codes (public)
    validEmail: (email: string) => msg<{ available: boolean }>('POST', '/valid-email', { email }),
    validMobile: (mobile: string) => msg<{ available: boolean }>('POST', '/valid-mobile', { mobile }),
    sendCode: (body: { mode: CertMode; mobile?: string; email?: string }) => msg<CodeSent>('POST', '/cert', body),
    confirmCode: (body: { mode: CertMode; mobile?: string; email?: string; code: string }) => msg('POST', '/cert/confirm', body),
    signup: (body: TSignupBody) => call<{ data: TokenData }>('POST', '/signup', body).then((r) => r.data),

    // recovery (public)
    findAccount: (body: { fullname: string; mobile: string }) => msg<CodeSent | undefined>('POST', '/find/account/mobile', body),
    findAccountConfirm: (body: { fullname: string; mobile: string; code: string }) =>
      msg<{ accounts: FoundAccount[] }>('POST', '/find/account/mobile/confirm', body),
    findPasswordEmail: (body: { email: string; fullname: string }) => msg('POST', '/find/password/email', body),
    findPasswordMobile: (body: { email: string; mobile: string; fullname: string }) =>
      msg<CodeSent | undefined>('POST', '/find/password/mobile', body),
    findPasswordMobileConfirm: (body: { email: string; mobile: string; code: string; password?: string }) =>
      msg('POST', '/find/password/mobile/confirm', body),
    resetPasswordEmail: (body: { email: string; code: string; password: string }) => msg('POST', '/reset/password/email', body),
    resetPasswordMobile: (body: { email: string; mobile: string; code: string; password: string }) =>
      msg('POST', '/reset/password/mobile', body),

    // my account (token)
    matchPassword: (body: { email: string; password: string }) => msg('POST', '/me/match-password', body),
    changePassword: (body: { email: string; password: string; newPassword: string }) => msg<TokenData>('PUT', '/me/change-password', body),
    snoozePasswordCampaign: () => msg('POST', '/me/password-campaign/snooze', {}),
    changeMobile: (body: { mode: 'CERT_MOBILE'; mobile: string; code: string } & IdentityProof) => msg('PUT', '/change-mobile', body),
    changeUser: (body: ChangeUserBody) => msg<TMe>('PUT', '/change-user', body),
    changeSns: (body: { snsType: SocialProvider } & IdentityProof & OAuthCodeBody) => msg('PUT', '/change-sns', body),
    /** A fresh social login of the logged-in member: a single-use proof for account changes (members without a password). */
    reauth: (provider: SocialProvider, body: OAuthCodeBody) =>
      msg<{ reauthToken: string; expiresAt: string }>('POST', `/auth/${provider}/reauth`, body),
    unlinkSns: (provider: SocialProvider) => msg('DELETE', `/me/sns/${provider}`),
    leave: (body: { password: string; leaveTerms: true; leaveReason: string }) => msg('POST', '/leave-user', body),
    /** The raw answer (a file), for the download route to pass on. */
    certificate: () => send('GET', '/me/certificate'),

    // social login
    oauthProviders: () => call<unknown>('GET', '/auth/providers').then(providerList),
    oauthStart: (provider: SocialProvider, redirectUri: string, purpose: 'login' | 'reauth' = 'login') =>
      call<{ data: OAuthStart }>(
        'GET',
        `/auth/${provider}/start?redirectUri=${encodeURIComponent(redirectUri)}${purpose === 'reauth' ? '&purpose=reauth' : ''}`,
      ).then((r) => r.data),
    oauthLogin: (provider: SocialProvider, body: OAuthCodeBody) =>
      call<{ data: TokenData }>('POST', `/auth/${provider}`, body).then((r) => r.data),
    /** The Kakao code flow of the spec: answers access_token (a 7-day token). */
    kakaoOAuth: (body: OAuthCodeBody) =>
      call<{ access_token: string; expires_at: string }>('POST', '/oauth', body).then((r): TokenData => ({
        accessToken: r.access_token,
        expiresAt: r.expires_at,
      })),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

async function errorOf(res: Response): Promise<ApiError> {
  let json: unknown;
  try {
    const text = await res.text();
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const err = (json ?? {}) as { message?: string; code?: string };
  return new ApiError(res.status, typeof err.message === 'string' ? err.message : '', err.code);
}

/** Browser-side client for the public calls (the token cookie is HttpOnly: authenticated calls go through actions). */
export function browserApi(lang: Language): ApiClient {
  return createApiClient({ fetch: (url, init) => window.fetch(url, { ...init, credentials: 'same-origin' }), lang });
}

/** The plain shape an action answers with, so the page can show the message where it belongs. */
export type ActionResult<T = unknown> =
  | { ok: true; message: string; data?: T; at: number }
  | { ok: false; error: { status: number; message: string; code?: string }; at: number };

/** An ApiError rebuilt from an action's error answer (for useAlert().showError). */
export const apiErrorOf = (e: { status: number; message: string; code?: string }) => new ApiError(e.status, e.message, e.code);
