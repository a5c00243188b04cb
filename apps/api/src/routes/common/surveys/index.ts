import type { FastifyInstance } from 'fastify';

/** /common/surveys: handlers arrive with the road journey (issue 3). */
export default async function routes(_app: FastifyInstance): Promise<void> {}
