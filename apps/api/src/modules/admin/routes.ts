import type { FastifyInstance } from 'fastify';
import { adminOps as ops } from '@podo/contracts/operations';
import { apiMessages } from '@podo/i18n/resources';
import { businessProfiles, outboxMessages, productVintages, users } from '@podo/db';
import { stateBefore } from '../../lib/audit';
import { route } from '../../lib/operation-route';
import { listOutbox, retryOutbox } from '../../lib/outbox';
import { sendUpload } from '../../lib/uploads';
import { certificateOf } from '../account';
import { listBuyers } from './buyers';
import { pendingChangesOf } from '../session';
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
  route(app, ops.adminBuyers, async (ctx, { query }) => listBuyers(ctx.db, query));
  route(app, ops.adminMember, async (ctx, { params }) => ({ data: await getMember(ctx.db, params.id) }));
  route(app, ops.adminMemberCertificate, async (ctx, { params }) =>
    sendUpload(ctx.reply, ctx.storage, await certificateOf(ctx.db, params.id)),
  );
  const memberState = { status: users.status, rejectReason: users.rejectReason };
  route(app, ops.adminApprove, async (ctx, { params }) => {
    ctx.audit.before = await stateBefore(ctx.db, users, users.id, params.id, memberState);
    const data = await approveMember(ctx, params.id, ctx.viewer.userId);
    ctx.audit.after = { status: data.status };
    return { message: messages(ctx).MEMBER_APPROVED, data };
  });
  route(app, ops.adminReject, async (ctx, { params, body }) => {
    ctx.audit.before = await stateBefore(ctx.db, users, users.id, params.id, memberState);
    const data = await rejectMember(ctx, params.id, body.reason, ctx.viewer.userId);
    ctx.audit.after = { status: data.status, rejectReason: body.reason };
    return { message: messages(ctx).MEMBER_REJECTED, data };
  });
  route(app, ops.adminBusinessChanges, async (ctx, { query }) => listBusinessChanges(ctx.db, query));
  const pendingOf = async (ctx: { db: Parameters<typeof stateBefore>[0] }, id: number) => {
    const p = await stateBefore(ctx.db, businessProfiles, businessProfiles.userId, id, { pendingChanges: businessProfiles.pendingChanges });
    return p && pendingChangesOf(p);
  };
  route(app, ops.adminApproveChanges, async (ctx, { params }) => {
    const fields = Object.keys((await pendingOf(ctx, params.id)) ?? {});
    const pick = (b: unknown) => Object.fromEntries(fields.map((k) => [k, (b as Record<string, unknown> | null)?.[k] ?? null]));
    ctx.audit.before = { business: pick((await getMember(ctx.db, params.id)).business) };
    const data = await approveBusinessChanges(ctx, params.id);
    ctx.audit.after = { business: pick(data.business) };
    return { message: messages(ctx).CHANGES_APPROVED, data };
  });
  route(app, ops.adminRejectChanges, async (ctx, { params, body }) => {
    ctx.audit.before = { pendingChanges: await pendingOf(ctx, params.id) };
    const data = await rejectBusinessChanges(ctx, params.id, body.reason);
    ctx.audit.after = { pendingChanges: null, rejectReason: body.reason };
    return { message: messages(ctx).CHANGES_REJECTED, data };
  });
  route(app, ops.adminVintagePrice, async (ctx, { params, body }) => {
    const prices = { retailPrice: productVintages.retailPrice, tradePrice: productVintages.tradePrice };
    ctx.audit.before = await stateBefore(ctx.db, productVintages, productVintages.id, params.id, prices);
    return { data: await setVintagePrice(ctx.db, params.id, body) };
  });
  route(app, ops.adminVintageStock, async (ctx, { params, body }) => {
    ctx.audit.before = await stateBefore(ctx.db, productVintages, productVintages.id, params.id, { stock: productVintages.stock });
    return setVintageStock(ctx, params.id, body.stock);
  });
  route(app, ops.adminOutbox, async (ctx, { query }) => listOutbox(ctx.db, { statuses: query.status, size: query.size }));
  route(app, ops.adminOutboxRetry, async (ctx, { params }) => {
    const state = { status: outboxMessages.status, attempts: outboxMessages.attempts, purpose: outboxMessages.purpose };
    ctx.audit.before = await stateBefore(ctx.db, outboxMessages, outboxMessages.id, params.id, state);
    const data = await retryOutbox(ctx, params.id);
    ctx.audit.after = { status: data.status, attempts: data.attempts, purpose: data.purpose };
    return { data };
  });
}
