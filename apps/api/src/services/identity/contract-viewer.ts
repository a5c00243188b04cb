import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContractViewer } from '../contracts.ts';
import { memberOf } from './member-session.ts';

/**
 * Who a contract lookup is for (decision 417): the signed-in member whose session the request's
 * `Authorization: Bearer` carries, else the public app key.
 */
export function contractViewerOf(
  app: FastifyInstance,
): (request: FastifyRequest) => Promise<ContractViewer> {
  return async (request) => ({
    memberId: await memberOf(app.serverKeys.memberSession, request.headers.authorization),
  });
}
