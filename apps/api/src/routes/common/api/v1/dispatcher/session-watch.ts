import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../../../../repositories/index.ts';
import { hashServiceToken } from '../../../../../services/service-tokens.ts';

// A console stream lives only as long as the session that opened it (docs/decisions/762): a
// sign-out, an expired session or a disabled dispatcher ends it within seconds, as it ends the
// board stream (board-stream.ts checks on its drivers' re-read).

/** How often an open stream checks its session: one indexed lookup. */
export const SESSION_CHECK_MS = 3_000;

/**
 * Ends the open stream `raw` once the session of `token` is gone. A check that fails (the
 * database briefly away) keeps the stream; the next check decides.
 */
export function endWhenSignedOut(
  raw: ServerResponse,
  repos: Pick<Repositories, 'dispatchers'>,
  token: string,
  log: FastifyBaseLogger,
  everyMs: number = SESSION_CHECK_MS,
): void {
  if (raw.writableEnded || raw.destroyed) return;
  const tokenHash = hashServiceToken(token);
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    repos.dispatchers
      .findBySessionHash(tokenHash, new Date())
      .then((dispatcher) => {
        if (!dispatcher && !raw.writableEnded) raw.end();
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'Stream session check failed: checked again later');
      })
      .finally(() => {
        checking = false;
      });
  }, everyMs);
  timer.unref();
  raw.on('close', () => {
    clearInterval(timer);
  });
}
