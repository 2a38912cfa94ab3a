import type { z } from 'zod';
import type { ZLoginResult } from '@podo/contracts';
import {
  fillPath,
  toQueryString,
  type InputRequired,
  type Operation,
  type OperationInput,
  type OperationOutput,
} from '@podo/contracts/operation';
import type { ZProviderList } from '@podo/contracts/ops/account';
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

/** A token as the API answers it (login, sign-up, social login). */
export type TokenData = z.infer<typeof ZLoginResult>['data'];
/** A social login provider and the size of its popup. */
export type OAuthProviderInfo = z.infer<typeof ZProviderList>['data'][number];

/**
 * The transport of every API client: a call to /api/v1 with the language, the bearer token and a JSON body;
 * a non-2xx answer throws an ApiError carrying the server's localized message.
 */
export function apiTransport({ fetch, lang, token }: ApiClientOptions) {
  async function send(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { ...extra, accept: 'application/json', 'accept-language': lang };
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
  async function call<T>(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<T> {
    const res = await send(method, path, body, extra);
    const text = await res.text();
    try {
      return (text ? JSON.parse(text) : undefined) as T;
    } catch {
      return undefined as T;
    }
  }
  return { send, call };
}

/** Request headers a call may add (Idempotency-Key). */
type CallHeaders = { headers?: Record<string, string> };
/** One call of an operation: the input is optional when the call has no path parameters and no body. */
export type Call<O extends Operation> =
  InputRequired<O> extends true
    ? (input: OperationInput<O> & CallHeaders) => Promise<OperationOutput<O>>
    : (input?: OperationInput<O> & CallHeaders) => Promise<OperationOutput<O>>;
/** A client of a set of operations (a module of them, other exports ignored): one function per operation. */
export type Client<Ops extends object> = {
  [K in keyof Ops as Ops[K] extends Operation ? K : never]: Ops[K] extends Operation ? Call<Ops[K]> : never;
};

const isOperation = (v: unknown): v is Operation => typeof v === 'object' && v !== null && 'method' in v && 'path' in v;

/**
 * The typed client of the given operations (packages/contracts/src/operations.ts): the same transport for
 * loaders and actions (in-process) and the browser (fetch). A file answer (PDF, picture) is the raw Response.
 */
export function createClient<Ops extends object>(ops: Ops, options: ApiClientOptions): Client<Ops> {
  const { send, call } = apiTransport(options);
  const client: Record<string, (input?: { params?: object; query?: object; body?: unknown } & CallHeaders) => Promise<unknown>> = {};
  for (const [name, op] of Object.entries(ops) as [string, unknown][]) {
    if (!isOperation(op)) continue;
    client[name] = (input) => {
      const path = fillPath(op.path, input?.params as Record<string, unknown> | undefined) + toQueryString(input?.query);
      return 'file' in op.response
        ? send(op.method, path, undefined, input?.headers)
        : call(op.method, path, op.body ? input?.body : undefined, input?.headers);
    };
  }
  return client as Client<Ops>;
}

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

/** The plain shape an action answers with, so the page can show the message where it belongs. */
export type ActionResult<T = unknown> =
  | { ok: true; message: string; data?: T; at: number }
  | { ok: false; error: { status: number; message: string; code?: string }; at: number };

/** An ApiError rebuilt from an action's error answer (for useAlert().showError). */
export const apiErrorOf = (e: { status: number; message: string; code?: string }) => new ApiError(e.status, e.message, e.code);
