import { expect } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';

/**
 * Awaits a maps provider call that must fail as our 503 UNAVAILABLE (decision 420), and checks that
 * its message carries none of `secrets` (API keys).
 */
export async function expectUnavailable(
  call: Promise<unknown>,
  secrets: readonly string[] = [],
): Promise<AppError> {
  const error = await call.then(
    () => {
      throw new Error('expected a provider failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'UNAVAILABLE', statusCode: 503 });
  for (const secret of secrets) expect((error as AppError).message).not.toContain(secret);
  return error as AppError;
}
