import type { FastifyInstance } from 'fastify';

/** Stub: filled in by the accounts issue. */
export async function recoveryRoutes(_app: FastifyInstance) {}
