import type { FastifyInstance } from 'fastify';
import { contentOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { currentDocument, documentTypes, documentVersions, getDocument } from './service';

/** Spec §7 "Documents": terms and privacy policy, every version. */
export async function documentsRoutes(app: FastifyInstance) {
  route(app, ops.documentTypes, async (ctx) => ({ data: documentTypes(ctx.lang) }));
  route(app, ops.currentDocument, async (ctx, { params }) => ({ data: await currentDocument(ctx, params.type) }));
  route(app, ops.documentVersions, async (ctx, { params }) => ({ data: await documentVersions(ctx, params.type) }));
  route(app, ops.document, async (ctx, { params }) => ({ data: await getDocument(ctx, params.id) }));
}
