import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// Decision 600: the operator's credential is one server-side secret (OPERATOR_API_KEY) sent as
// `Authorization: Bearer <key>`. Unlike the public app key it is compared in constant time, and a
// server without one (production without the variable) refuses every operator call.

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** An onRequest hook: 401 unless the request carries the operator key. */
export function operatorKeyCheck(expected: string | undefined) {
  const expectedDigest = expected === undefined ? undefined : digest(expected);
  return (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' ? /^Bearer (.+)$/i.exec(header)?.[1] : undefined;
    if (given === undefined) {
      return Promise.reject(new AppError('UNAUTHORIZED', 'Missing operator bearer key'));
    }
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (!expectedDigest || !timingSafeEqual(digest(given), expectedDigest)) {
      return Promise.reject(new AppError('UNAUTHORIZED', 'Unknown operator key'));
    }
    return Promise.resolve();
  };
}
