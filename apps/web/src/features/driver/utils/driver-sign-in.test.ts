import { afterEach, describe, expect, it } from 'vitest';
import { codeExchangeOutcome } from '../../../lib/oidc/use-code-exchange-callback.ts';
import { DRIVER_SIGN_IN_ATTEMPT_KEY } from './driver-sign-in.ts';

// The driver's callback (docs/decisions/761): checked as SPEC 5 asks against the driver's own
// attempt, then the body of POST /driver-app/session.

const ATTEMPT = {
  state: 'a'.repeat(56),
  verifier: 'b'.repeat(56),
  redirectUri: 'http://localhost:3000/driver/callback',
};

afterEach(() => {
  sessionStorage.clear();
});

describe('the driver callback outcome', () => {
  it('a good callback becomes the session request with the stored verifier and redirect URI', () => {
    sessionStorage.setItem(DRIVER_SIGN_IN_ATTEMPT_KEY, JSON.stringify(ATTEMPT));
    expect(
      codeExchangeOutcome(
        new URLSearchParams(`code=the-code&state=${ATTEMPT.state}`),
        sessionStorage,
        DRIVER_SIGN_IN_ATTEMPT_KEY,
      ),
    ).toEqual({
      kind: 'exchange',
      body: { code: 'the-code', codeVerifier: ATTEMPT.verifier, redirectUri: ATTEMPT.redirectUri },
    });
  });

  it('a member’s attempt never answers the driver’s callback', () => {
    sessionStorage.setItem('auxilio:sign-in', JSON.stringify(ATTEMPT));
    expect(
      codeExchangeOutcome(
        new URLSearchParams(`code=the-code&state=${ATTEMPT.state}`),
        sessionStorage,
        DRIVER_SIGN_IN_ATTEMPT_KEY,
      ),
    ).toEqual({ kind: 'failed', reason: 'state' });
  });

  it('a cancelled sign-in says so', () => {
    sessionStorage.setItem(DRIVER_SIGN_IN_ATTEMPT_KEY, JSON.stringify(ATTEMPT));
    expect(
      codeExchangeOutcome(
        new URLSearchParams(`error=access_denied&state=${ATTEMPT.state}`),
        sessionStorage,
        DRIVER_SIGN_IN_ATTEMPT_KEY,
      ),
    ).toEqual({ kind: 'failed', reason: 'cancelled' });
  });
});
