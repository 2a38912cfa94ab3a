import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import inject from 'light-my-request';
import type { ServerBuild } from 'react-router';
import { AppError } from '@podo/api/lib/errors';
import type { ApiFetch } from '../../web/app/lib/api';

/**
 * Calls the API inside this process: no socket, same validation, errors and rate limits. As app.inject, but straight
 * into the router: app.inject refuses once the server is closing, which failed the pages still rendering when SIGTERM
 * came (the server finishes the requests in flight, and their loaders still call the API).
 */
export function inProcessFetch(app: FastifyInstance, remoteAddress: string): ApiFetch {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const res = await inject(app.routing, {
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      // JSON from the typed client, or the bytes of a multipart upload an action forwards.
      payload: typeof init.body === 'string' ? init.body : init.body instanceof Uint8Array ? Buffer.from(init.body) : undefined,
      remoteAddress,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) v.forEach((x) => out.append(k, String(x)));
      else if (v !== undefined) out.set(k, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 4, as the compression plugin uses for the API: about 2 ms for a 150 KB page, within 10 % of quality 6.
const BROTLI_PAGE = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

/** The best encoding a client accepts for a page: br, then gzip (q=0 refuses one); null for none. */
export function pageEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host || 'localhost'}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * The built client files (hashed assets immutable, the rest for an hour, pre-compressed br/gzip beside them). A
 * missing asset or favicon is a quick localized 404 through the API's error handling (with the security headers
 * every answer carries), not a server-rendered page.
 */
export async function serveStatic(scope: FastifyInstance, clientDir: string) {
  await scope.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    cacheControl: false, // set below: immutable for hashed assets
    setHeaders(res, file) {
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const missing = async () => {
    throw new AppError('NOT_FOUND');
  };
  // Files that exist were registered above, one route each; these catch the rest of their names.
  scope.get('/assets/*', { schema: { hide: true } }, missing);
  if (!existsSync(path.join(clientDir, 'favicon.ico'))) scope.get('/favicon.ico', { schema: { hide: true } }, missing);
}

export interface WebOptions {
  /** apps/web/build: client/ (static) and server/index.js (SSR). */
  buildDir: string;
}

/** Serves hashed static assets (immutable, pre-compressed) and every other path through React Router SSR. */
export async function attachWeb(app: FastifyInstance, { buildDir }: WebOptions) {
  const serverEntry = path.join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`Web build not found at ${serverEntry}: run npm run build`);
  // React picks its build from NODE_ENV when first loaded (hence the import of react-router here, not at the top).
  // `npm start` leaves NODE_ENV unset while the configuration defaults to production, which rendered every page
  // with React's development build (checks and warnings, about 1.5 times slower).
  if (app.deps.config.env === 'production') process.env.NODE_ENV ??= 'production';
  const { createRequestHandler } = await import('react-router');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, app.deps.config.env === 'development' ? 'development' : 'production');
  const { config } = app.deps;

  await app.register(async (web) => {
    await serveStatic(web, path.join(buildDir, 'client'));

    // React Router reads the raw body itself (form posts to actions).
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, _payload, done) => done(null));

    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (req, reply) => {
        const request = toWebRequest(req, reply);
        const response = await handle(request, {
          apiFetch: inProcessFetch(app, req.ip),
          site: config.site,
          widgets: config.widgets,
          cspNonce: reply.raw.cspNonce ?? '',
          // Secure when this request came over https, and always when the public address is https.
          secureCookies: req.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https:')),
          publicUrl: config.publicUrl,
          cache: app.deps.cache,
        });
        reply.status(response.status);
        for (const [k, v] of response.headers) {
          if (k === 'set-cookie') continue;
          reply.header(k, v);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
        if (!response.body || req.method === 'HEAD') return reply.send();
        // Pages come whole from entry.server.tsx: one buffer, compressed in one call on libuv's thread pool (the
        // compression plugin would push a page this size through a zlib stream). Other answers (files) stream.
        if (response.headers.get('content-type')?.startsWith('text/html')) {
          const page = Buffer.from(await response.arrayBuffer());
          const encoding = page.length >= 1024 ? pageEncoding(req.headers['accept-encoding']) : null;
          if (!encoding) return reply.send(page);
          reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
          return reply.send(await (encoding === 'br' ? brotli(page, BROTLI_PAGE) : gzip(page, { level: 6 })));
        }
        return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
      },
    });
  });
}
