import type { FastifyInstance } from 'fastify';
import { contentOps as ops } from '@podo/contracts/operations';
import { route } from '../../lib/operation-route';
import { getPost, listCategories, listFaqs, listPosts, postTypes } from './service';

/** Spec §7 "Posts" and "FAQ": the importer's notices and the frequently asked questions. */
export async function postsRoutes(app: FastifyInstance) {
  route(app, ops.postTypes, async (ctx) => ({ data: postTypes(ctx.lang) }));
  route(app, ops.postCategories, async (ctx, { query }) => ({ data: await listCategories(ctx, query.type) }));
  route(app, ops.posts, async (ctx, { query }) => listPosts(ctx, query));
  route(app, ops.post, async (ctx, { params }) => ({ data: await getPost(ctx, params.id) }));
  route(app, ops.faqCategories, async (ctx) => ({ data: await listCategories(ctx, 'FAQ') }));
  route(app, ops.faqs, async (ctx, { query }) => ({ data: await listFaqs(ctx, query) }));
}
