import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorCode, type TApiError } from '@podo/contracts';
import { AbandonedError } from '@podo/db';
import { noteDatabaseFault } from '../modules/health/service';
import { AppError, databaseFault, RequestValidationError } from './errors';
import { errorMessage, validationMessage } from '@podo/contracts/messages';

/** Retry-After of a 503 for a database fault: a lost connection is replaced at once, a lock or a restart takes seconds. */
export const DB_RETRY_AFTER_SECONDS = 2;

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
};

function send(reply: FastifyReply, status: number, body: TApiError) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** One place maps every error to a status and a localized `{ message, code }`; 5xx never show internals. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError | AbandonedError, req: FastifyRequest, reply) => {
    const lang = req.lang ?? 'ko-KR';
    if (error instanceof AbandonedError) {
      // The client left before its statement ran (packages/db): nobody reads this answer, and nothing failed.
      req.log.debug('client gone before its statement ran');
      return send(reply, 499, { code: 'BAD_REQUEST', message: errorMessage(lang, 'BAD_REQUEST') });
    }
    if (error instanceof AppError) {
      if (error.statusCode === 429) {
        const { seconds, minutes } = error.params;
        const wait = Number(seconds) || Number(minutes) * 60;
        if (wait > 0) reply.header('retry-after', String(Math.ceil(wait)));
      }
      return send(reply, error.statusCode, { code: error.code, message: errorMessage(lang, error.code, error.params) });
    }
    if (error instanceof RequestValidationError) {
      return send(reply, 400, {
        code: 'VALIDATION_FAILED',
        message: validationMessage(lang, error.issues, error.validationContext, error.route),
      });
    }
    const fault = databaseFault(error);
    if (fault) {
      // Never a 500 or a hang: the database is unavailable for now (docs/architecture.md, "Faults and timeouts").
      if (fault === 'timeout') noteDatabaseFault(req.server.deps.db);
      const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
      const cause = e.cause && typeof e.cause === 'object' ? e.cause : e;
      req.log.warn({ err: { code: cause.code, message: cause.message }, fault }, 'database unavailable');
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return send(reply, 503, { code: 'SERVICE_UNAVAILABLE', message: errorMessage(lang, 'SERVICE_UNAVAILABLE') });
    }
    const fe = error as FastifyError;
    const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
    if (mapped) return send(reply, ERROR_STATUS[mapped], { code: mapped, message: errorMessage(lang, mapped) });
    if (error instanceof SyntaxError && fe.statusCode === 400) {
      return send(reply, 400, { code: 'INVALID_JSON', message: errorMessage(lang, 'INVALID_JSON') });
    }
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { code: 'TOO_MANY_REQUESTS', message: errorMessage(lang, 'TOO_MANY_REQUESTS', { seconds: 60 }) });
    }
    if (status >= 400 && status < 500) {
      req.log.info({ err: { code: fe.code, message: fe.message } }, 'client error');
      const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 405 ? 'METHOD_NOT_ALLOWED' : 'BAD_REQUEST';
      return send(reply, status, { code, message: errorMessage(lang, code) });
    }
    req.log.error({ err: error }, 'unhandled error');
    const code: ErrorCode = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL';
    return send(reply, status >= 500 && status < 600 ? status : 500, { code, message: errorMessage(lang, code) });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = req.lang ?? 'ko-KR';
    return send(reply, 404, { code: 'ROUTE_NOT_FOUND', message: errorMessage(lang, 'ROUTE_NOT_FOUND') });
  });
}
