import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_UPLOAD_TYPES, IMAGE_UPLOAD_TYPES, UPLOAD_MAX_BYTES } from '@podo/contracts';
import { filesOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import {
  assertMemberUploadAllowed,
  assertUploadAllowed,
  FILE_PURPOSE,
  IMAGE_PURPOSE,
  publicUpload,
  receiveUpload,
  sendUpload,
  storeUpload,
  uploadAnswer,
} from '../../lib/uploads';

/**
 * Spec §7: images and files for the site's content (POST /files/images, POST /files) and their public download. The
 * bytes go to the configured file storage (lib/storage.ts); certificates never come out here.
 */
export async function filesRoutes(app: FastifyInstance) {
  // Multipart only in this scope; the rest of the API accepts JSON only.
  await app.register(multipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES } });

  route(app, ops.uploadImage, async (ctx) => {
    await assertMemberUploadAllowed(ctx.db, ctx.viewer.id);
    const file = await receiveUpload(ctx.req, { types: IMAGE_UPLOAD_TYPES, maxBytes: UPLOAD_MAX_BYTES, fallbackName: 'image' });
    const row = await storeUpload(ctx.db, ctx.storage, { purpose: IMAGE_PURPOSE, ...file, ip: ctx.ip, ownerUserId: ctx.viewer.id });
    return { data: uploadAnswer(row) };
  });

  route(app, ops.uploadFile, async (ctx) => {
    const userId = ctx.viewer.userId ?? undefined;
    if (userId === undefined) await assertUploadAllowed(ctx.db, ctx.ip);
    else await assertMemberUploadAllowed(ctx.db, userId);
    const file = await receiveUpload(ctx.req, { types: FILE_UPLOAD_TYPES, maxBytes: UPLOAD_MAX_BYTES, fallbackName: 'file' });
    const row = await storeUpload(ctx.db, ctx.storage, { purpose: FILE_PURPOSE, ...file, ip: ctx.ip, ownerUserId: userId });
    return { data: uploadAnswer(row) };
  });

  route(app, ops.fileDownload, async (ctx, { query }) =>
    sendUpload(ctx.reply, ctx.storage, await publicUpload(ctx.db, query.id), { name: query.filename || undefined, fallbackName: 'file' }),
  );
}
