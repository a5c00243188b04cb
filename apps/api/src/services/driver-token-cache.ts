import type { Repositories } from '../repositories/index.ts';
import { AppError } from '../lib/errors.ts';
import { missingDriverToken, unknownDriverToken } from './driver-app.ts';
import type { SignedDriver } from './position-intake.ts';
import { bearerTokenOf, hashServiceToken } from './service-tokens.ts';

// Every driver on a trip posts a position every few seconds, and each post would read the driver
// by token before its batch (docs/decisions/792). The drivers whose tokens were accepted lately
// are kept here, by token hash, for the position intake alone: it checks the token again under the
// lock of the driver's row, in the batch that writes the position, so a token signed out or
// replaced is still refused at once, on every API process. A refused token is forgotten here.

/** How long a token is trusted without reading the database, before its batch checks it. */
const KEEP_MS = 10 * 60_000;
/** Tokens kept at most (a fleet's signed-in drivers, with room for their new sign-ins). */
const MAX_TOKENS = 20_000;

export interface DriverTokenCache {
  /**
   * Runs `write` as the driver the bearer token opens: known from an earlier request, or read from
   * the database by token hash (401 when the token is missing or unknown). Only for writes that
   * check the token again under the lock of the driver's row (the position intake).
   */
  withDriver<T>(
    authorization: string | undefined,
    write: (driver: SignedDriver) => Promise<T>,
  ): Promise<T>;
}

export function createDriverTokenCache(
  repos: Pick<Repositories, 'drivers'>,
  { keepMs = KEEP_MS, maxTokens = MAX_TOKENS } = {},
): DriverTokenCache {
  /** Driver id and expiry by token hash, oldest first (a Map keeps insertion order). */
  const known = new Map<string, { driverId: string; until: number }>();

  const remember = (tokenHash: string, driverId: string, now: number): void => {
    for (const [hash, entry] of known) {
      if (entry.until > now && known.size < maxTokens) break;
      known.delete(hash);
    }
    known.set(tokenHash, { driverId, until: now + keepMs });
  };

  const driverOf = async (
    authorization: string | undefined,
  ): Promise<{ id: string; tokenHash: string }> => {
    const token = bearerTokenOf(authorization);
    if (token === undefined) throw missingDriverToken();
    const tokenHash = hashServiceToken(token);
    const now = Date.now();
    const entry = known.get(tokenHash);
    if (entry && entry.until > now) return { id: entry.driverId, tokenHash };
    known.delete(tokenHash);
    const driver = await repos.drivers.findByTokenHash(tokenHash);
    if (!driver) throw unknownDriverToken();
    remember(tokenHash, driver.id, now);
    return { id: driver.id, tokenHash };
  };

  return {
    async withDriver(authorization, write) {
      const driver = await driverOf(authorization);
      try {
        return await write(driver);
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
          known.delete(driver.tokenHash);
        }
        throw error;
      }
    },
  };
}
