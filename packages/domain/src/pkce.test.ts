import { describe, expect, it } from 'vitest';
import {
  base64UrlEncode,
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  createSignInState,
  isValidSignInCallback,
  randomHex,
  type SignInCallback,
} from './pkce.ts';

const RANDOM = 'SPEC 9: "Sign-in: state and verifier are each 28 random bytes as hex"';
const CHALLENGE = 'SPEC 9: "challenge is SHA-256, base64url"';

describe('random values', () => {
  it.each<[string, () => string]>([
    [RANDOM + ' (state)', createSignInState],
    [RANDOM + ' (verifier)', createCodeVerifier],
  ])('%s: 56 lower-case hex characters, new each time', (_spec, create) => {
    const first = create();
    expect(first).toMatch(/^[0-9a-f]{56}$/);
    expect(create()).not.toBe(first);
  });

  it(`${RANDOM}: randomHex gives two characters per byte`, () => {
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
    expect(randomHex(0)).toBe('');
  });
});

describe('codeChallengeS256', () => {
  it.each<[string, string, string]>([
    [
      CHALLENGE + ' (RFC 7636 appendix B example)',
      'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    ],
    // SHA-256("abc") is ba7816bf...15ad; its base64url form, without padding.
    [
      CHALLENGE + ' (FIPS 180-2 "abc" digest)',
      'abc',
      'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0',
    ],
  ])('%s', async (_spec, verifier, challenge) => {
    await expect(codeChallengeS256(verifier)).resolves.toBe(challenge);
  });

  it(`${CHALLENGE}: base64url uses - and _ and no padding`, () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
    expect(base64UrlEncode(new Uint8Array([0x61]))).toBe('YQ');
  });
});

describe('isValidSignInCallback', () => {
  const RULE =
    'SPEC 5: "Sign-in callback needs a code, a state equal to the stored state and no error."';
  it.each<[string, SignInCallback, string | null, boolean]>([
    [RULE, { code: 'c1', state: 's1' }, 's1', true],
    [RULE, { code: 'c1', state: 's1', error: null }, 's1', true],
    [RULE, { state: 's1' }, 's1', false],
    [RULE, { code: '', state: 's1' }, 's1', false],
    [RULE, { code: 'c1', state: 's2' }, 's1', false],
    [RULE, { code: 'c1' }, 's1', false],
    [RULE, { code: 'c1', state: 's1', error: 'access_denied' }, 's1', false],
    [RULE + ' (nothing stored: nothing matches)', { code: 'c1', state: '' }, '', false],
    [RULE + ' (nothing stored: nothing matches)', { code: 'c1' }, null, false],
  ])('%s: %j vs %j -> %s', (_spec, callback, stored, expected) => {
    expect(isValidSignInCallback(callback, stored)).toBe(expected);
  });
});

describe('buildAuthorizeUrl', () => {
  it('SPEC 7: redirect to /authorize "with response_type code, client_id, state, scope, redirect_uri, code_challenge and code_challenge_method S256"', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeEndpoint: 'https://idp.example/authorize',
        clientId: 'auxilio-pwa',
        state: 'ab12',
        scope: 'openid profile',
        redirectUri: 'http://localhost:3000/login/callback',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://idp.example/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'auxilio-pwa',
      state: 'ab12',
      scope: 'openid profile',
      redirect_uri: 'http://localhost:3000/login/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });
});
