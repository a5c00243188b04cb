import { describe, expect, it } from 'vitest';
import type { SignInAttempt } from './sign-in-attempt.ts';
import { checkSignInCallback } from './sign-in-callback.ts';

// SPEC 5 "Sign-in callback needs a code, a state equal to the stored state and no error"; an `error`
// parameter (RFC 6749 4.1.2.1) names why the identity provider sent the browser back.

const ATTEMPT: SignInAttempt = {
  state: 'a'.repeat(56),
  verifier: 'b'.repeat(56),
  redirectUri: 'http://localhost:3000/mmm-openid/callback',
};

const query = (text: string) => new URLSearchParams(text);

describe('checkSignInCallback', () => {
  it('accepts a code with the stored state, keeping the attempt for the exchange', () => {
    expect(checkSignInCallback(query(`code=the-code&state=${ATTEMPT.state}`), ATTEMPT)).toEqual({
      kind: 'accepted',
      code: 'the-code',
      attempt: ATTEMPT,
    });
  });

  it.each([
    ['access_denied', 'cancelled'],
    ['server_error', 'provider'],
    ['login_required', 'provider'],
  ])('an error parameter (%s) is %s, even with a code and a good state', (error, reason) => {
    expect(
      checkSignInCallback(query(`error=${error}&code=the-code&state=${ATTEMPT.state}`), ATTEMPT),
    ).toEqual({ kind: 'failed', reason });
  });

  it.each([
    ['another state', `code=the-code&state=${'c'.repeat(56)}`, ATTEMPT],
    ['no state', 'code=the-code', ATTEMPT],
    ['no code', `state=${ATTEMPT.state}`, ATTEMPT],
    ['an empty code', `code=&state=${ATTEMPT.state}`, ATTEMPT],
    ['no stored attempt (another tab)', `code=the-code&state=${ATTEMPT.state}`, null],
  ])('refuses %s as not this sign-in', (_case, text, attempt) => {
    expect(checkSignInCallback(query(text), attempt)).toEqual({ kind: 'failed', reason: 'state' });
  });
});
