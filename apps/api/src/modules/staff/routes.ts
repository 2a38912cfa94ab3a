import type { FastifyInstance } from 'fastify';
import { staffOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { enableSecondFactor, giveSecondFactor, requireSession, staffSessionOf, startSecondFactorSetup } from '../session';
import { createStaff, listStaff, resetStaffSecondFactor, setStaffDisabled, setStaffRole, staffMember } from './service';

/** Staff sign-in's second factor, and the staff accounts (decision 025). */
export async function staffRoutes(app: FastifyInstance) {
  const jtiOf = async (ctx: { req: Parameters<typeof requireSession>[0] }) => (await requireSession(ctx.req)).token.jti;

  route(app, ops.staffSession, async (ctx) => ({ data: await staffSessionOf(ctx.db, ctx.viewer, await jtiOf(ctx)) }));
  route(app, ops.staffSecondFactor, async (ctx, { body }) => ({
    data: await giveSecondFactor(ctx, ctx.viewer, await jtiOf(ctx), body.code),
  }));
  route(app, ops.staffSecondFactorSetup, async (ctx) => ({ data: await startSecondFactorSetup(ctx, ctx.viewer, await jtiOf(ctx)) }));
  route(app, ops.staffSecondFactorEnable, async (ctx, { body }) => ({
    data: await enableSecondFactor(ctx, ctx.viewer, await jtiOf(ctx), body.code),
  }));

  route(app, ops.adminStaff, async (ctx) => ({ data: await listStaff(ctx.db) }));
  route(app, ops.adminCreateStaff, async (ctx, { body }) => {
    const created = await createStaff(ctx.db, body, ctx.viewer.userId);
    ctx.audit.subjectId = created.data.id;
    ctx.audit.after = created.data;
    return created;
  });
  const before = async (ctx: { db: Parameters<typeof staffMember>[0]; audit: { before?: unknown } }, id: number) => {
    ctx.audit.before = await staffMember(ctx.db, id);
  };
  route(app, ops.adminDisableStaff, async (ctx, { params }) => {
    await before(ctx, params.id);
    return { data: await setStaffDisabled(ctx.db, ctx.viewer.userId, params.id, true) };
  });
  route(app, ops.adminEnableStaff, async (ctx, { params }) => {
    await before(ctx, params.id);
    return { data: await setStaffDisabled(ctx.db, ctx.viewer.userId, params.id, false) };
  });
  route(app, ops.adminResetStaffSecondFactor, async (ctx, { params }) => {
    await before(ctx, params.id);
    return { data: await resetStaffSecondFactor(ctx.db, ctx.viewer.userId, params.id) };
  });
  route(app, ops.adminStaffRole, async (ctx, { params, body }) => {
    await before(ctx, params.id);
    return { data: await setStaffRole(ctx.db, ctx.viewer.userId, params.id, body.role) };
  });
}
