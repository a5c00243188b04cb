import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api-client.ts';

// An action's failure in the dispatcher's words: the API's stable `code` picks the text, and the
// server's `message` fills it where it says what to fix (a bad field, a service that moved on).

const KNOWN_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'NETWORK',
] as const;

export function actionErrorText(t: TFunction<'dispatcher'>, error: unknown): string {
  if (error instanceof ApiRequestError) {
    const code = KNOWN_CODES.find((known) => known === error.code);
    if (code) return t(`errors.${code}`, { message: error.message });
  }
  return t('errors.other');
}

/** True when the session is over: the console goes back to its sign-in. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
