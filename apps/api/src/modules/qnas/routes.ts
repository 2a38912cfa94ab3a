import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_UPLOAD_TYPES, UPLOAD_MAX_BYTES } from '@podo/contracts';
import { adminOps, contentOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { qnas } from '@podo/db';
import { stateBefore } from '../../lib/audit';
import { route } from '../../lib/operation-route';
import { assertMemberUploadAllowed, receiveUpload, sendUpload, storeUpload } from '../../lib/uploads';
import { answerQna, createQna, deleteQna, getQna, listQnas, QNA_FILE_PURPOSE, qnaCategories, qnaFileOf, qnaTypes } from './service';

/** Spec §7 "Q&A": members' 1:1 inquiries with attachments, and the back office's answers. */
export async function qnasRoutes(app: FastifyInstance) {
  // Multipart only in this scope (the attachment upload); the same limits as the certificate's.
  await app.register(multipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES } });
  const isAdmin = (user: { role: string }) => user.role === 'ADMIN';

  route(app, ops.qnaCategoryTypes, async (ctx) => ({ data: qnaTypes(ctx.lang) }));
  route(app, ops.qnaCategories, async (ctx, { query }) => ({ data: await qnaCategories(ctx, query.type) }));
  route(app, ops.qnaList, async (ctx, { query }) => listQnas(ctx, query, ctx.viewer.id));
  route(app, ops.qna, async (ctx, { params }) => ({
    data: await getQna(ctx, params.id, isAdmin(ctx.viewer) ? null : ctx.viewer.id),
  }));
  route(app, ops.createQna, async (ctx, { body }) => ({
    message: apiMessages[ctx.lang].messages.QNA_RECEIVED,
    data: { id: await createQna(ctx, ctx.viewer, body) },
  }));
  route(app, ops.deleteQna, async (ctx, { params }) => {
    await deleteQna(ctx, params.id, ctx.viewer.id);
    return { message: apiMessages[ctx.lang].messages.QNA_DELETED, data: { id: params.id } };
  });
  route(app, ops.qnaFileUpload, async (ctx) => {
    await assertMemberUploadAllowed(ctx.db, ctx.viewer.id);
    const file = await receiveUpload(ctx.req, { types: FILE_UPLOAD_TYPES, maxBytes: UPLOAD_MAX_BYTES });
    // The upload is the member's from the start: only they can attach it.
    const row = await storeUpload(ctx.db, ctx.storage, { purpose: QNA_FILE_PURPOSE, ...file, ip: ctx.ip, ownerUserId: ctx.viewer.id });
    return { data: { id: row.id, name: row.originalName, size: row.size, mime: row.mime } };
  });
  route(app, ops.qnaFile, async (ctx, { params }) =>
    sendUpload(ctx.reply, ctx.storage, await qnaFileOf(ctx, params.id, params.fileId, isAdmin(ctx.viewer) ? null : ctx.viewer.id)),
  );

  route(app, adminOps.adminQnas, async (ctx, { query }) => listQnas(ctx, query, null));
  route(app, adminOps.adminAnswerQna, async (ctx, { params, body }) => {
    const before = await stateBefore(ctx.db, qnas, qnas.id, params.id, { answer: qnas.answer, userId: qnas.userId });
    ctx.audit.before = before && { answer: before.answer };
    ctx.audit.whose = before?.userId ?? null;
    const data = await answerQna(ctx, params.id, body.answer, ctx.viewer.userId);
    ctx.audit.after = { answer: data.answer };
    return { data };
  });
}
