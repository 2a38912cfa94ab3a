import type { FastifyInstance } from 'fastify';
import { adminOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { route } from '../../lib/operation-route';
import { listOutbox, retryOutbox } from '../../lib/outbox';
import { sendUpload } from '../../lib/uploads';
import { certificateOf } from '../account';
import {
  approveBusinessChanges,
  approveMember,
  getMember,
  listBusinessChanges,
  listMembers,
  rejectBusinessChanges,
  rejectMember,
  setVintagePrice,
  setVintageStock,
} from './service';

/**
 * Back office (role ADMIN; under /api/v1/admin). The admin CLI reaches the same routes from this machine with a
 * short-lived token of its own (see requireAdmin), and uses the same services when it opens the database itself.
 */
export async function adminRoutes(app: FastifyInstance) {
  const messages = (ctx: { lang: keyof typeof apiMessages }) => apiMessages[ctx.lang].messages;

  route(app, ops.adminMembers, async (ctx, { query }) => listMembers(ctx.db, query));
  route(app, ops.adminMember, async (ctx, { params }) => ({ data: await getMember(ctx.db, params.id) }));
  route(app, ops.adminMemberCertificate, async (ctx, { params }) =>
    sendUpload(ctx.reply, ctx.storage, await certificateOf(ctx.db, params.id)),
  );
  route(app, ops.adminApprove, async (ctx, { params }) => ({
    message: messages(ctx).MEMBER_APPROVED,
    data: await approveMember(ctx, params.id, ctx.viewer.userId),
  }));
  route(app, ops.adminReject, async (ctx, { params, body }) => ({
    message: messages(ctx).MEMBER_REJECTED,
    data: await rejectMember(ctx, params.id, body.reason, ctx.viewer.userId),
  }));
  route(app, ops.adminBusinessChanges, async (ctx, { query }) => listBusinessChanges(ctx.db, query));
  route(app, ops.adminApproveChanges, async (ctx, { params }) => ({
    message: messages(ctx).CHANGES_APPROVED,
    data: await approveBusinessChanges(ctx, params.id),
  }));
  route(app, ops.adminRejectChanges, async (ctx, { params, body }) => ({
    message: messages(ctx).CHANGES_REJECTED,
    data: await rejectBusinessChanges(ctx, params.id, body.reason),
  }));
  route(app, ops.adminVintagePrice, async (ctx, { params, body }) => ({ data: await setVintagePrice(ctx.db, params.id, body) }));
  route(app, ops.adminVintageStock, async (ctx, { params, body }) => setVintageStock(ctx, params.id, body.stock));
  route(app, ops.adminOutbox, async (ctx, { query }) => listOutbox(ctx.db, { statuses: query.status, size: query.size }));
  route(app, ops.adminOutboxRetry, async (ctx, { params }) => ({ data: await retryOutbox(ctx, params.id) }));
}
