import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@podo/contracts';
import { sharedCacheable, type Auth, type Operation, type OperationArgs } from '@podo/contracts/operations';
import type { ServiceCtx } from '../deps';
import { JsonAnswer } from './json-answer';
import { audited, type AuditNote } from './audit';
export { serviceCtx, withDb, type ServiceCtx } from '../deps';
import { optionalViewer, requireAdmin, requireBuyer, requireUser, type AdminActor, type UserRow, type Viewer } from '../modules/session';

/** Who calls, by the operation's auth. */
export type ViewerOf<A extends Auth> = A extends 'user' | 'buyer'
  ? UserRow
  : A extends 'optional'
    ? Viewer
    : A extends 'admin'
      ? AdminActor
      : null;

/** A handler's context: the service context plus the caller, the client address and the raw request and reply. */
export interface Ctx<A extends Auth = Auth> extends ServiceCtx {
  viewer: ViewerOf<A>;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * Of an audited staff call (the operation's `audit`): what the handler adds to its row. The handler then runs in
   * the row's transaction: `db` is that transaction.
   */
  audit: AuditNote;
}

/**
 * A handler answers the success body, the body's JSON bytes already made (the catalogue's answer cache), its JSON
 * text (JsonAnswer), or the reply it sent itself (files, other statuses).
 */
type Answer<O extends Operation> = O['response'] extends z.ZodType
  ? z.input<O['response']> | Buffer | JsonAnswer | FastifyReply
  : FastifyReply;
export type Handler<O extends Operation> = (ctx: Ctx<O['auth']>, input: OperationArgs<O>) => Promise<Answer<O>>;

const AUTH_ERRORS: Record<Auth, readonly ErrorCode[]> = {
  public: [],
  optional: [],
  user: ['UNAUTHORIZED', 'TOKEN_INVALID', 'ACCOUNT_WITHDRAWN'],
  buyer: ['UNAUTHORIZED', 'TOKEN_INVALID', 'ACCOUNT_WITHDRAWN', 'NOT_APPROVED'],
  admin: [
    'UNAUTHORIZED',
    'TOKEN_INVALID',
    'ADMIN_ONLY',
    'PERMISSION_DENIED',
    'SECOND_FACTOR_REQUIRED',
    'SECOND_FACTOR_SETUP_REQUIRED',
    'STAFF_SESSION_EXPIRED',
    'STAFF_DISABLED',
  ],
};

/** Every error code an operation may answer: its own, its auth's, validation, the rate limit and database faults. */
export function errorCodesOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>([...AUTH_ERRORS[op.auth], ...op.errors]);
  if (op.params || op.query || op.body || op.multipart) codes.add('VALIDATION_FAILED');
  if (op.body) codes.add('INVALID_JSON');
  if (op.path !== '/health') codes.add('TOO_MANY_REQUESTS');
  codes.add('SERVICE_UNAVAILABLE');
  return [...codes];
}

/** OpenAPI responses: the success schema, and per error status ZApiError with the codes it stands for. */
function responses(op: Operation): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  const success = 'file' in op.response ? z.any().meta({ description: op.response.file }) : op.response;
  out[op.status ?? 200] = success;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(op)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    out[status] ??= z.object({ message: z.string(), code: z.enum(codes) }).meta({ description: codes.join(', ') });
  }
  return out;
}

async function resolveViewer(op: Operation, req: FastifyRequest): Promise<unknown> {
  const readOnly = op.readOnly === true;
  switch (op.auth) {
    case 'public':
      return null;
    case 'optional':
      return optionalViewer(req);
    case 'user':
      return requireUser(req, readOnly);
    case 'buyer':
      return requireBuyer(req, readOnly);
    case 'admin':
      return requireAdmin(req, op.permission);
  }
}

/**
 * Registers the Fastify route of an operation: its method and path, the schemas that validate the input, the auth
 * guard, the success status and the OpenAPI entry. The handler gets one context and the parsed input and answers
 * the success body (or sends the reply itself: files, headers).
 */
export function route<O extends Operation>(app: FastifyInstance, op: O, handler: Handler<O>, options: RouteShorthandOptions = {}): void {
  const { deps } = app;
  // A staff operation without a permission would be open to every role; a permission elsewhere would be ignored.
  if ((op.auth === 'admin') !== (op.permission !== undefined)) {
    throw new Error(`${op.method} ${op.path}: a permission goes with auth 'admin', and only there (contracts/staff.ts)`);
  }
  // Every staff change and every view of personal data leaves an audit row (decision 024).
  if (op.auth === 'admin' && !op.audit && (op.method !== 'GET' || op.permission === 'buyers:pii')) {
    throw new Error(`${op.method} ${op.path}: a staff change or a view of personal data declares its audit row`);
  }
  if (op.audit && op.auth !== 'admin') throw new Error(`${op.method} ${op.path}: only staff calls are audited`);
  // The caller is known before the input is validated: a call without the right token learns nothing of its input.
  const viewers = new WeakMap<FastifyRequest, unknown>();
  const preValidation =
    op.auth === 'public'
      ? undefined
      : async (req: FastifyRequest) => {
          viewers.set(req, await resolveViewer(op, req));
        };
  const fastifyPath = op.path;
  const checkAnswers = deps.config.env !== 'production';
  const optionalBearer = op.auth === 'optional';
  // The route's own preValidation hooks (the answer cache's) run first: a cached answer needs no viewer.
  const hooks = [...(options.preValidation ? [options.preValidation].flat() : []), ...(preValidation ? [preValidation] : [])];
  app.route({
    ...options,
    config: { ...(options.config as object | undefined), sharedCache: sharedCacheable(op) },
    ...(hooks.length ? { preValidation: hooks as RouteShorthandOptions['preValidation'] } : {}),
    method: op.method,
    url: fastifyPath,
    schema: {
      tags: [...op.tags],
      summary: op.summary,
      ...(op.description || op.permission
        ? { description: [op.description, op.permission && `Staff permission: \`${op.permission}\`.`].filter(Boolean).join('\n\n') }
        : {}),
      ...(op.auth === 'public' ? {} : { security: optionalBearer ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      ...(op.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: responses(op),
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx: Ctx = {
        config: deps.config,
        db: deps.db.db,
        dbHandle: deps.db,
        tokens: deps.tokens,
        notifier: deps.notifier,
        storage: deps.storage,
        jobs: deps.jobs,
        lang: req.lang,
        log: req.log,
        viewer: (op.auth === 'public' ? null : viewers.get(req)) as never,
        ip: req.ip,
        req,
        reply,
        audit: {},
      };
      const input = { params: req.params ?? {}, query: req.query ?? {}, body: req.body } as OperationArgs<O>;
      const declaration = op.audit;
      const answer = declaration
        ? await audited(
            deps.db.db,
            { declaration, actor: ctx.viewer as AdminActor, ip: req.ip, params: input.params, query: input.query },
            (tx, note) => handler({ ...ctx, db: tx, audit: note } as Ctx<O['auth']>, input),
          )
        : await handler(ctx as Ctx<O['auth']>, input);
      if (answer === reply) return reply;
      if (op.status && op.status !== 200) reply.status(op.status);
      if (answer instanceof JsonAnswer) return jsonBytes(answer, op, reply, checkAnswers);
      return answer;
    },
  });
}

/**
 * The bytes of an answer written as JSON text. Outside production it is checked against the operation's schema
 * first, as the serializer checks the answers it writes (app.ts).
 */
function jsonBytes(answer: JsonAnswer, op: Operation, reply: FastifyReply, check: boolean): Buffer {
  if (check && 'safeParse' in op.response) {
    const result = (op.response as z.ZodType).safeParse(JSON.parse(answer.text));
    if (!result.success) throw new Error(`${op.method} ${op.path}: answer does not match its schema: ${result.error.message}`);
  }
  void reply.type('application/json; charset=utf-8');
  return Buffer.from(answer.text);
}
