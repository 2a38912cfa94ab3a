import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { widgetOrigins, type AppConfig } from '@podo/config';
import type { DbHandle } from '@podo/db';
import type { Language } from '@podo/i18n';
import { resolveLanguage } from '@podo/i18n';
import type { z } from 'zod';
import { resolveJwtSecret, TokenService } from './lib/auth';
import { installErrorHandling } from './lib/error-handler';
import { createNotifier } from './lib/notify';
import { connectCaches } from './lib/cache';
import { createFileStorage } from './lib/storage';
import { errorMessage } from '@podo/contracts/messages';
import { ERROR_STATUS } from '@podo/contracts';
import { RequestValidationError } from './lib/errors';
import { apiRoutes } from './routes';
import { toBase64Routes } from './modules/media/to-base64';
import type { AppDeps } from './deps';
import { installMetrics } from './lib/metrics';
import { JOBS, startJobQueue } from './jobs';

const NONCE_MARK = 'NONCEMARK0000000000000';

/**
 * The headers helmet sets with these options, as [lower-case name, value, index of the nonce mark or -1]: read once
 * from a probe app, with NONCE_MARK standing for the nonce of each response.
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<[string, string, number][]> {
  const probe = Fastify({ logger: false });
  let headers: [string, string, number][] = [];
  probe.addHook('onRequest', async (_req, reply) => {
    reply.raw.cspNonce = NONCE_MARK;
  });
  await probe.register(helmet, options);
  probe.addHook('onRequest', async (_req, reply) => {
    const raw = reply.raw;
    headers = (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames().map((name) => {
      const value = String(raw.getHeader(name));
      return [name.toLowerCase(), value, value.indexOf(NONCE_MARK)];
    });
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.some(([n]) => n === 'content-security-policy')) throw new Error('security headers: no CSP');
  return headers;
}

/** Fastify's request logging as one line per request when it ends (method, URL, status, time): for people. */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = `${req.method} ${req.url} ${reply.statusCode} ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    if (error || reply.statusCode >= 500) reply.log.error({ err: error ?? undefined }, line);
    else reply.log.info(line);
  }
}

let noncePool = Buffer.alloc(0);
let nonceAt = 0;
/** 16 random bytes in base64 for a response's CSP nonce (random bytes drawn 4 KB at a time). */
/** Trusts the `n` addresses nearest to this server in the X-Forwarded-For chain (the socket's peer is the first). */
function hops(n: number): (address: string, index: number) => boolean {
  return (_address, index) => index < n;
}

function cspNonce(): string {
  if (nonceAt + 16 > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString('base64', nonceAt - 16, nonceAt);
}

export type { AppDeps } from './deps';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Language of this request: lang query, else Accept-Language, else ko-KR. */
    lang: Language;
  }
}
declare module 'node:http' {
  interface ServerResponse {
    /** Per-response nonce for inline scripts (SSR hydration data), referenced by the CSP header. */
    cspNonce?: string;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  config: AppConfig;
  db: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /**
   * `line`: one log line per request when it ends (method, URL, status, time) instead of Fastify's two structured
   * entries; for the readable terminal format.
   */
  requestLog?: 'line' | 'structured';
}

/** Builds the Fastify app with the whole API under /api/v1 (the web handler is added by the server). */
export async function buildApp({ config, db, logger, requestLog }: BuildOptions): Promise<App> {
  // Security headers (helmet's, with a per-response CSP nonce): computed once by helmet itself, then set from that
  // list on every response. @fastify/helmet would rebuild helmet's middleware and CSP string on every request.
  const widgets = widgetOrigins(config.widgets);
  const security = await securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as { cspNonce?: string }).cspNonce ?? ''}'`, ...widgets.scripts],
        frameSrc: ["'self'", ...widgets.frames],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' && config.publicUrl?.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not no-referrer: with it browsers send `Origin: null` on same-site form posts, and a form sent without
    // JavaScript fails React Router's cross-site check. same-origin still tells other sites nothing.
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  const withNonce = (value: string, at: number, nonce: string) =>
    at < 0 ? value : value.slice(0, at) + nonce + value.slice(at + NONCE_MARK.length);
  /** Gives a reply its nonce and the security headers: every answer, also those made before routing (frameworkErrors). */
  const secure = (reply: FastifyReply) => {
    const nonce = cspNonce();
    reply.raw.cspNonce = nonce;
    // Through Fastify's header object, not res.setHeader: a response whose headers all come from that object is
    // written by node:http's fast path, instead of first copying each header into the raw response's own map.
    for (const [name, value, at] of security) reply.header(name, withNonce(value, at, nonce));
  };

  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    ...(requestLog === 'line' ? { logController: new OneLineRequestLog() } : {}),
    // A hop count as proxy-addr reads one (Fastify's types leave numbers out): the nearest n addresses are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A closing server still answers the requests that reach it on open connections (they close after the answer,
    // see lifecycle.draining) instead of 503: a rolling restart shows clients no error.
    return503OnClosing: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before routing (an undecodable URL, a bad content type) get the same localized body as the rest.
    frameworkErrors: (error, req, reply) => {
      const lang = resolveLanguage({ acceptLanguage: req.headers['accept-language'] });
      const code = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      // The onRequest hooks did not run for these: the headers are set here.
      secure(reply as unknown as FastifyReply);
      void (reply as unknown as FastifyReply).status(ERROR_STATUS[code]).send({ code, message: errorMessage(lang, code) });
    },
    // Requests node:http cannot parse (a malformed request line or header, headers too large, a timeout) are
    // answered on the socket, with the security headers and a localized body like every other error.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      const served = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable && !served?.headersSent) {
        const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
        const body = JSON.stringify({ code: 'BAD_REQUEST', message: errorMessage('ko-KR', 'BAD_REQUEST') });
        const head = [
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(body)}`,
          'connection: close',
          ...security.map(([name, value, at]) => `${name}: ${withNonce(value, at, cspNonce())}`),
        ];
        socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      }
      socket.destroy(err);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Caches hear the other processes' writes before the first request (LISTEN on PostgreSQL).
  const cache = await connectCaches(db, app.log);
  app.addHook('onClose', async () => cache.close());
  const services = {
    config,
    db,
    tokens: new TokenService(
      resolveJwtSecret(config.jwtSecret, config.env === 'test' ? undefined : config.dataDir),
      config.tokenMaxTtlSeconds,
    ),
    notifier: createNotifier(config, app.log),
    storage: createFileStorage(config),
  };
  const jobs = await startJobQueue(services, app.log, JOBS, {
    role: config.jobs.role,
    pollSeconds: config.jobs.pollSeconds,
    superviseSeconds: config.jobs.superviseSeconds,
    observe: (name, outcome, seconds) => app.metrics?.jobRun(name, outcome, seconds),
  });
  // First thing when the app closes (onClose hooks run last-registered first, the database's before this one could):
  // running jobs finish while the database, the notifier and the storage are still there.
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('deps', { ...services, cache, jobs, startedAt: Date.now(), lifecycle: { draining: false } } satisfies AppDeps);
  // While draining, every answer closes its connection, so keep-alive clients open their next one elsewhere.
  app.addHook('onSend', async (_req, reply) => {
    if (app.deps.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    app.deps.notifier.close();
    app.deps.storage.close();
  });

  // zod validates every body, query and param; failures keep their issues for a localized message.
  app.setValidatorCompiler(({ schema, url }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues, url) };
  });
  // Responses are typed at compile time; plain JSON.stringify keeps the hot path fast. The UTF-8 bytes go out as they
  // are: node:http would otherwise join a (mostly two-byte, Korean) JSON string to the header block and flatten the
  // result, a second full copy of every answer in the young generation.
  // Outside production every success answer is also checked against its schema, so a handler that drifts from its
  // operation fails the tests instead of surprising a client; production skips the check for speed. Error bodies
  // all come from the one error handler.
  const checkAnswers = config.env !== 'production';
  app.setSerializerCompiler(({ schema, url, method, httpStatus }) => (data) => {
    if (checkAnswers && httpStatus?.startsWith('2')) {
      const result = (schema as z.ZodType).safeParse(data);
      if (!result.success) throw new Error(`${method} ${url}: answer does not match its schema: ${result.error.message}`);
    }
    return Buffer.from(JSON.stringify(data)) as unknown as string;
  });

  app.decorateRequest('lang', 'ko-KR');
  app.addHook('onRequest', (req, reply, done) => {
    const q = req.query as Record<string, unknown> | undefined;
    req.lang = resolveLanguage({
      query: typeof q?.lang === 'string' ? q.lang : undefined,
      acceptLanguage: req.headers['accept-language'],
    });
    secure(reply);
    done();
  });

  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  installErrorHandling(app);
  installMetrics(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${typeof config.site.brandName === 'string' ? config.site.brandName : (config.site.brandName['en-US'] ?? config.site.slug)} API`,
        version: '1',
        description:
          'Brand site and B2B ordering API. Errors are JSON `{ "message", "code" }` with the message in the `accept-language` language.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(toBase64Routes);
  return app;
}
