import { afterEach, describe, expect, it } from 'vitest';
import { codeChallengeS256 } from '@auxilio/domain';
import {
  beginSignInAttempt,
  clearSignInAttempt,
  readSignInAttempt,
  type SignInAttempt,
} from './sign-in-attempt.ts';

// SPEC 7 authorize redirect with PKCE S256; SPEC 9 "state and verifier are each 28 random bytes as
// hex". Each sign-in keeps its attempt under its own key.

const ORIGIN = 'https://app.example';
const SIGN_IN = {
  authorizeUrl: '/oidc/authorize',
  clientId: 'auxilio-pwa',
  scope: 'openid profile',
};
const KEY = 'auxilio:test-sign-in';
const OTHER_KEY = 'auxilio:test-other-sign-in';

const ATTEMPT: SignInAttempt = {
  state: 'a'.repeat(56),
  verifier: 'b'.repeat(56),
  redirectUri: `${ORIGIN}/mmm-openid/callback`,
};

afterEach(() => {
  sessionStorage.clear();
});

describe('beginSignInAttempt', () => {
  it('stores state and verifier under its key and answers /authorize with every SPEC 7 parameter', async () => {
    const href = await beginSignInAttempt({
      signIn: SIGN_IN,
      origin: ORIGIN,
      callbackPath: '/mmm-openid/callback',
      storage: sessionStorage,
      key: KEY,
    });
    const url = new URL(href);
    const stored = readSignInAttempt(sessionStorage, KEY);
    if (!stored) throw new Error('no attempt stored');
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/oidc/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'auxilio-pwa',
      state: stored.state,
      scope: 'openid profile',
      redirect_uri: `${ORIGIN}/mmm-openid/callback`,
      code_challenge: await codeChallengeS256(stored.verifier),
      code_challenge_method: 'S256',
    });
    expect(stored.state).toMatch(/^[0-9a-f]{56}$/);
    expect(stored.verifier).toMatch(/^[0-9a-f]{56}$/);
    expect(stored.redirectUri).toBe(`${ORIGIN}/mmm-openid/callback`);
    expect(sessionStorage.getItem(OTHER_KEY)).toBeNull();
  });

  it('keeps an identity provider on another origin as configured', async () => {
    const href = await beginSignInAttempt({
      signIn: { ...SIGN_IN, authorizeUrl: 'https://idp.example/authorize' },
      origin: ORIGIN,
      callbackPath: '/driver/callback',
      storage: sessionStorage,
      key: KEY,
    });
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://idp.example/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/driver/callback`);
  });
});

describe('the stored attempt', () => {
  it('is read back from its own key only', () => {
    sessionStorage.setItem(KEY, JSON.stringify(ATTEMPT));
    expect(readSignInAttempt(sessionStorage, KEY)).toEqual(ATTEMPT);
    expect(readSignInAttempt(sessionStorage, OTHER_KEY)).toBeNull();
  });

  it.each([
    ['an empty state', { ...ATTEMPT, state: '' }],
    ['no verifier', { state: ATTEMPT.state, redirectUri: ATTEMPT.redirectUri }],
    ['not an attempt', 'tampered'],
  ])('is null with %s', (_case, stored) => {
    sessionStorage.setItem(KEY, JSON.stringify(stored));
    expect(readSignInAttempt(sessionStorage, KEY)).toBeNull();
  });

  it('is spent by clearing its key, and only its key', () => {
    sessionStorage.setItem(KEY, JSON.stringify(ATTEMPT));
    sessionStorage.setItem(OTHER_KEY, JSON.stringify(ATTEMPT));
    clearSignInAttempt(sessionStorage, KEY);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(readSignInAttempt(sessionStorage, OTHER_KEY)).toEqual(ATTEMPT);
  });
});
