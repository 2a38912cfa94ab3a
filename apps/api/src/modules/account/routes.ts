import type { FastifyInstance } from 'fastify';

/** Stub: filled in by the accounts issue. */
export async function accountRoutes(_app: FastifyInstance) {}
