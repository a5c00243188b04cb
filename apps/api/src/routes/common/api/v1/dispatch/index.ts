import type { FastifyInstance } from 'fastify';

/** /common/api/v1/dispatch: handlers arrive with the road journey (issue 3). */
export default async function routes(_app: FastifyInstance): Promise<void> {}
