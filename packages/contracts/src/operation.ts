import type { z } from 'zod';
import type { ErrorCode } from './errors';
import type { Permission } from './staff';

/**
 * Who may call an operation:
 * - `public`: anyone; a token is not read.
 * - `optional`: anyone; a valid token makes the caller a member (wish flags, trade prices), a bad one is ignored.
 * - `user`: a logged-in member (UNAUTHORIZED without a token, TOKEN_INVALID for a bad one).
 * - `buyer`: an approved trade buyer or an admin (NOT_APPROVED otherwise).
 * - `admin`: a member of staff whose role has the operation's `permission` (ADMIN_ONLY for anyone else,
 *   PERMISSION_DENIED for staff without it), or the admin CLI from this machine (every permission).
 */
export type Auth = 'public' | 'optional' | 'user' | 'buyer' | 'admin';

/** What an audit row is about (`audit_log.subject_type`). */
export const AUDIT_SUBJECTS = ['member', 'order', 'vintage', 'coupon', 'inquiry', 'message', 'staff', 'audit', 'bank-statement'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/**
 * The audit row a staff operation leaves (decision 024): the route helper writes it in the transaction of the call,
 * with who, when and from where. Every staff change declares one, and so does every view or export of a member's
 * personal data.
 */
export interface AuditDeclaration {
  /** What was done, `subject.verb`: `member.approve`, `order.status`, … */
  action: string;
  /** `change`: with the state before and after; `view` / `export`: someone saw whose personal data. */
  kind: 'change' | 'view' | 'export';
  /** What the row is about; its id is the path parameter (`:id`, `:oid`) unless the handler names it. */
  subject: AuditSubject;
}
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of /api/v1: everything the server registers, the OpenAPI document lists and the typed client needs.
 * Paths are relative to /api/v1 and name parameters as `:name`.
 */
export interface Operation {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  auth: Auth;
  /** With `auth: 'admin'`, and only then: what the staff member's role must allow (./staff.ts). */
  permission?: Permission;
  /** With `auth: 'admin'`: the audit row the call writes; required of every change and every view of personal data. */
  audit?: AuditDeclaration;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the handler reads the body itself. */
  multipart?: boolean;
  /** Status of success (200 unless given). */
  status?: 200 | 201;
  /** The success answer: a zod schema, or `{ file: media types }` for a PDF, a picture or an upload (the client gets the raw Response). */
  response: z.ZodType | { file: string };
  /**
   * A call that changes nothing although it is not a GET (a quote sent as POST for its body): its member check is
   * the one reads get, kept a few seconds (decision 012).
   */
  readOnly?: boolean;
  /** Error codes this call answers besides those of its auth and of validation (each with its one status). */
  errors: readonly ErrorCode[];
}

/** The catalogue and content: tags of the calls whose anonymous answers are the same for every visitor. */
const SHARED_TAGS = new Set(['wines', 'wineries', 'documents', 'events', 'faqs', 'magazines', 'posts', 'qnas', 'company', 'settings']);

/**
 * Whether shared caches (a CDN) may keep the anonymous answers of an operation: a JSON GET of the catalogue or the
 * content that needs no token. An answer to a caller with a token is private all the same (lib/cache-headers.ts).
 */
export function sharedCacheable(op: Operation): boolean {
  return (
    op.method === 'GET' &&
    (op.auth === 'public' || op.auth === 'optional') &&
    'safeParse' in op.response &&
    op.tags.some((t) => SHARED_TAGS.has(t))
  );
}

/** Declares an operation; the literal types are kept, so the server and the client see its exact schemas. */
export const defineOperation = <const O extends Operation>(op: O): O => op;

type Schema<S> = S extends z.ZodType ? S : never;
type Part<O, K extends 'params' | 'query' | 'body'> = O extends { [P in K]: infer S } ? (S extends z.ZodType ? S : never) : never;

/** What a caller sends: path params, query and body as the schemas accept them (before defaults and transforms). */
export type OperationInput<O extends Operation> = ([Part<O, 'params'>] extends [never] ? unknown : { params: z.input<Part<O, 'params'>> }) &
  ([Part<O, 'query'>] extends [never] ? unknown : { query?: z.input<Part<O, 'query'>> }) &
  ([Part<O, 'body'>] extends [never] ? unknown : { body: z.input<Part<O, 'body'>> });

/** What the handler receives: the parsed (validated, defaulted) values. */
export type OperationArgs<O extends Operation> = {
  params: [Part<O, 'params'>] extends [never] ? Record<string, never> : z.output<Part<O, 'params'>>;
  query: [Part<O, 'query'>] extends [never] ? Record<string, never> : z.output<Part<O, 'query'>>;
  body: [Part<O, 'body'>] extends [never] ? undefined : z.output<Part<O, 'body'>>;
};

/** The success answer as the client reads it; a file answer is the raw Response. */
export type OperationOutput<O extends Operation> = O['response'] extends z.ZodType ? z.output<Schema<O['response']>> : Response;

/** Does a caller have to pass an input object? (Not when the call has no params and no body.) */
export type InputRequired<O extends Operation> = [Part<O, 'params'>] extends [never]
  ? [Part<O, 'body'>] extends [never]
    ? false
    : true
  : true;

/** `/wines/products/:id/wish` with {id: 7} → `/wines/products/7/wish` (values URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** `a=1&ids=1,2`: arrays joined by commas (the API's list format), empty values left out. */
export function toQueryString(q: Record<string, QueryValue> | object | undefined): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Record<string, QueryValue>)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) p.set(k, v.join(','));
    } else p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}
