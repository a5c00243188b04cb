import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * The API's origin as the caller reached it, normalized (`http://localhost:80` is
 * `http://localhost`): signed URLs of the local store point back here.
 */
export function originOf(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw new AppError('BAD_REQUEST', 'The Host header is not a host name', 'headers.host');
  }
}
