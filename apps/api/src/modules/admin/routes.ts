import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zId,
  ZAdminMember,
  ZAdminMemberList,
  ZAdminMemberQuery,
  ZAdminPageQuery,
  ZAdminRejectBody,
  ZAdminVintage,
  ZApiError,
  ZIdParam,
  ZVintagePriceBody,
} from '@podo/contracts';
import { apiMessages } from '@podo/i18n/resources';
import { certificateOf } from '../account';
import { sendUpload } from '../../lib/uploads';
import { requireAdmin } from '../session';
import {
  approveBusinessChanges,
  approveMember,
  getMember,
  listBusinessChanges,
  listMembers,
  rejectBusinessChanges,
  rejectMember,
  setVintagePrice,
  type AdminDeps,
} from './service';

const ZMemberResult = z.object({ data: ZAdminMember });
const ZMemberMessage = z.object({ message: z.string(), data: ZAdminMember });
const ZVintageResult = z.object({ data: ZAdminVintage });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const security = [{ bearer: [] }];

/**
 * Back office (role ADMIN; under /api/v1/admin). The admin CLI reaches the same routes from this machine with a
 * short-lived token of its own (see requireAdmin), and uses the same services when it opens the database itself.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db.db;
  const deps = (req: FastifyRequest): AdminDeps => ({ db, config: app.deps.config, notifier: app.deps.notifier, log: req.log });

  app.get(
    '/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members, newest first; filter by status, search e-mail, name and company',
        security,
        querystring: ZAdminMemberQuery,
        response: { 200: ZAdminMemberList, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(req);
      return listMembers(db, req.query);
    },
  );

  app.get(
    '/members/:id',
    {
      schema: { tags: ['admin'], summary: 'One member', security, params: ZIdParam, response: { 200: ZMemberResult, ...errors } },
    },
    async (req) => {
      await requireAdmin(req);
      return { data: await getMember(db, req.params.id) };
    },
  );

  app.get(
    '/members/:id/certificate',
    {
      schema: {
        tags: ['admin'],
        summary: "Download a member's business registration certificate",
        security,
        params: ZIdParam,
        produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
        response: errors,
      },
    },
    async (req, reply) => {
      await requireAdmin(req);
      return sendUpload(reply, app.deps.config.dataDir, await certificateOf(db, req.params.id));
    },
  );

  app.post(
    '/members/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve a PENDING or REJECTED application: the member becomes a BUYER (e-mailed)',
        security,
        params: ZIdParam,
        response: { 200: ZMemberMessage, 409: ZApiError, ...errors },
      },
    },
    async (req) => {
      const admin = await requireAdmin(req);
      const member = await approveMember(deps(req), req.params.id, admin.userId);
      return { message: apiMessages[req.lang].messages.MEMBER_APPROVED, data: member };
    },
  );

  app.post(
    '/members/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reject a PENDING application with a reason the member sees (e-mailed)',
        security,
        params: ZIdParam,
        body: ZAdminRejectBody,
        response: { 200: ZMemberMessage, 409: ZApiError, ...errors },
      },
    },
    async (req) => {
      const admin = await requireAdmin(req);
      const member = await rejectMember(deps(req), req.params.id, req.body.reason, admin.userId);
      return { message: apiMessages[req.lang].messages.MEMBER_REJECTED, data: member };
    },
  );

  app.get(
    '/business-changes',
    {
      schema: {
        tags: ['admin'],
        summary: "Approved buyers' business changes waiting for review, the longest waiting first",
        description: 'Each member shows the approved details in `business` and the requested ones in `business.pendingChanges`.',
        security,
        querystring: ZAdminPageQuery,
        response: { 200: ZAdminMemberList, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(req);
      return listBusinessChanges(db, req.query);
    },
  );

  app.post(
    '/members/:id/business-changes/approve',
    {
      schema: {
        tags: ['admin'],
        summary: "Approve a buyer's waiting business changes: they replace the approved details (e-mailed)",
        security,
        params: ZIdParam,
        response: { 200: ZMemberMessage, 409: ZApiError, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(req);
      const member = await approveBusinessChanges(deps(req), req.params.id);
      return { message: apiMessages[req.lang].messages.CHANGES_APPROVED, data: member };
    },
  );

  app.post(
    '/members/:id/business-changes/reject',
    {
      schema: {
        tags: ['admin'],
        summary: "Reject a buyer's waiting business changes with a reason: the approved details stay (e-mailed)",
        security,
        params: ZIdParam,
        body: ZAdminRejectBody,
        response: { 200: ZMemberMessage, 409: ZApiError, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(req);
      const member = await rejectBusinessChanges(deps(req), req.params.id, req.body.reason);
      return { message: apiMessages[req.lang].messages.CHANGES_REJECTED, data: member };
    },
  );

  app.patch(
    '/wines/vintages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a vintage's retail and/or trade price (whole KRW): every server process shows it at once",
        security,
        params: z.object({ id: zId }),
        body: ZVintagePriceBody,
        response: { 200: ZVintageResult, ...errors },
      },
    },
    async (req) => {
      await requireAdmin(req);
      return { data: await setVintagePrice(db, req.params.id, req.body) };
    },
  );
}
