import type { FastifyInstance } from 'fastify';

/** /common/payments: handlers arrive with the road journey (issue 3). */
export default async function routes(_app: FastifyInstance): Promise<void> {}
