import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './lib/errors';
import { redisWithLocalFallback } from './lib/rate-limit-store';
import { cacheHeaders } from './lib/cache-headers';
import { settingsRoutes } from './modules/settings/routes';
import { countriesRoutes } from './modules/countries/routes';
import { healthRoutes } from './modules/health/routes';
import { sessionRoutes } from './modules/session/routes';
import { accountRoutes } from './modules/account/routes';
import { certificationRoutes } from './modules/certification/routes';
import { recoveryRoutes } from './modules/recovery/routes';
import { oauthRoutes } from './modules/oauth/routes';
import { adminRoutes } from './modules/admin/routes';
import { auditRoutes } from './modules/audit/routes';
import { staffRoutes } from './modules/staff/routes';
import { winesRoutes } from './modules/wines/routes';
import { wineriesRoutes } from './modules/wineries/routes';
import { mediaRoutes } from './modules/media/routes';
import { pdfRoutes } from './modules/pdf/routes';
import { commerceRoutes } from './modules/commerce/routes';
import { documentsRoutes } from './modules/documents/routes';
import { postsRoutes } from './modules/posts/routes';
import { magazinesRoutes } from './modules/magazines/routes';
import { qnasRoutes } from './modules/qnas/routes';
import { contactRoutes } from './modules/contact/routes';
import { storesRoutes } from './modules/stores/routes';
import { kakaoMapRoutes } from './modules/kakao-map/routes';
import { filesRoutes } from './modules/files/routes';

/** Everything under /api/v1. Rate limiting covers this context only (not pages or static assets). */
export async function apiRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    // A Redis that hangs must not hold requests: half a second, then this process counts (redisWithLocalFallback).
    redis = new Redis(config.redisUrl, { connectTimeout: 2000, commandTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => undefined);
    // The first requests count in Redis when it answers within the connect timeout; otherwise in this process.
    await new Promise<void>((resolve) => {
      const done = () => (clearTimeout(timer), resolve());
      const timer = setTimeout(done, 2_000);
      redis!.once('ready', done);
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    ...(redis ? { store: redisWithLocalFallback(redis, `${config.site.slug}-rl-`, app.log) } : {}),
    skipOnError: false,
    allowList: (req) => req.url.startsWith('/api/v1/health'),
    errorResponseBuilder: (_req, ctx) => new AppError('TOO_MANY_REQUESTS', { seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  });

  cacheHeaders(app);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(countriesRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(certificationRoutes);
  await app.register(recoveryRoutes);
  await app.register(oauthRoutes);
  await app.register(adminRoutes);
  await app.register(auditRoutes);
  await app.register(staffRoutes);
  await app.register(winesRoutes);
  await app.register(wineriesRoutes);
  await app.register(mediaRoutes);
  await app.register(pdfRoutes);
  await app.register(commerceRoutes);
  await app.register(documentsRoutes);
  await app.register(postsRoutes);
  await app.register(magazinesRoutes);
  await app.register(qnasRoutes);
  await app.register(contactRoutes);
  await app.register(storesRoutes);
  await app.register(kakaoMapRoutes);
  await app.register(filesRoutes);

  // Unknown paths below /api/v1 answer JSON, never the web app's HTML 404.
  app.all('/*', { schema: { hide: true } }, async () => {
    throw new AppError('ROUTE_NOT_FOUND');
  });
}
