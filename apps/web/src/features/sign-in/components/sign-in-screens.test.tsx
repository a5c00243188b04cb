import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { codeChallengeS256 } from '@auxilio/domain';
import type { SignInAttempt } from '../../../lib/oidc/sign-in-attempt.ts';
import { currentSession, renderFlow } from '../../../test/flow-test-kit.tsx';
import { SIGN_IN_ATTEMPT_KEY } from '../utils/sign-in-attempt.ts';
import { SignInCallbackScreen } from './sign-in-callback-screen.tsx';
import { SignInStartScreen } from './sign-in-start-screen.tsx';

// SPEC 7 authorize redirect and token exchange, SPEC 5 "Sign-in callback needs a code, a state equal
// to the stored state and no error", SPEC 8 "Sign-in failure: Alert 'Hubo un error en la
// autenticación'". Only the network answer is stood in; the fetch records every call.

const ATTEMPT: SignInAttempt = {
  state: 'a'.repeat(56),
  verifier: 'b'.repeat(56),
  redirectUri: 'http://localhost:3000/mmm-openid/callback',
};

function storeAttempt(attempt: SignInAttempt = ATTEMPT) {
  sessionStorage.setItem(SIGN_IN_ATTEMPT_KEY, JSON.stringify(attempt));
}

function recordFetch(status = 200, body: unknown = {}) {
  const calls: { url: string; method: string | undefined; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const sent = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method: init?.method, body: sent });
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('sign-in start', () => {
  it('stores state and verifier, then goes to /authorize with every SPEC 7 parameter', async () => {
    const navigate = vi.fn<(url: string) => void>();
    const { user } = await renderFlow(
      <SignInStartScreen callbackPath="/mmm-openid/callback" navigate={navigate} />,
      { path: '/mmm-openid/login' },
    );
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await vi.waitFor(() => {
      expect(navigate).toHaveBeenCalledOnce();
    });
    const url = new URL(navigate.mock.calls[0]?.[0] ?? '');
    const stored = JSON.parse(sessionStorage.getItem(SIGN_IN_ATTEMPT_KEY) ?? '{}') as SignInAttempt;
    expect(url.origin + url.pathname).toBe(`${window.location.origin}/oidc/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'auxilio-pwa',
      state: stored.state,
      scope: 'openid profile',
      redirect_uri: `${window.location.origin}/mmm-openid/callback`,
      code_challenge: await codeChallengeS256(stored.verifier),
      code_challenge_method: 'S256',
    });
    // SPEC 9 "state and verifier are each 28 random bytes as hex".
    expect(stored.state).toMatch(/^[0-9a-f]{56}$/);
    expect(stored.verifier).toMatch(/^[0-9a-f]{56}$/);
  });
});

describe('sign-in callback', () => {
  it('a state other than the stored one shows the error and never calls the token endpoint', async () => {
    storeAttempt();
    const calls = recordFetch();
    await renderFlow(<SignInCallbackScreen startPath="/mmm-openid/login" />, {
      path: `/mmm-openid/callback?code=the-code&state=${'c'.repeat(56)}`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Hubo un error en la autenticación');
    expect(alert).toHaveTextContent('La respuesta no corresponde a este inicio de sesión.');
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute(
      'href',
      '/mmm-openid/login',
    );
    expect(calls).toEqual([]);
    expect(sessionStorage.getItem(SIGN_IN_ATTEMPT_KEY)).toBeNull();
  });

  it('a callback without a stored attempt (another tab) is refused the same way', async () => {
    const calls = recordFetch();
    await renderFlow(<SignInCallbackScreen startPath="/sign-in" />, {
      path: `/sign-in/callback?code=the-code&state=${ATTEMPT.state}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un error en la autenticación');
    expect(calls).toEqual([]);
  });

  it.each([
    ['access_denied', 'Se canceló el inicio de sesión.'],
    ['server_error', 'El proveedor de identidad no pudo completar el inicio de sesión.'],
  ])(
    'an error parameter (%s) shows its translated message, even with a good state',
    async (error, text) => {
      storeAttempt();
      const calls = recordFetch();
      await renderFlow(<SignInCallbackScreen startPath="/mmm-openid/login" />, {
        path: `/mmm-openid/callback?error=${error}&state=${ATTEMPT.state}`,
      });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Hubo un error en la autenticación');
      expect(alert).toHaveTextContent(text);
      expect(calls).toEqual([]);
    },
  );

  it('in English the error is translated', async () => {
    storeAttempt();
    recordFetch();
    await renderFlow(<SignInCallbackScreen startPath="/mmm-openid/login" />, {
      path: `/mmm-openid/callback?error=access_denied&state=${ATTEMPT.state}`,
      lng: 'en',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in was cancelled.');
  });

  it('a good callback exchanges the code once and keeps the member in the session', async () => {
    storeAttempt();
    const memberSession = {
      token: 'member-session-token-1',
      expiresAt: '2099-01-01T00:00:00.000Z',
    };
    const calls = recordFetch(200, {
      userInfo: { firstname: 'Héctor', lastname: 'Acevedo Cruz', cardnumber: '436516243' },
      memberSession,
    });
    await renderFlow(<SignInCallbackScreen startPath="/mmm-openid/login" />, {
      path: `/mmm-openid/callback?code=the-code&state=${ATTEMPT.state}`,
    });
    expect(
      await screen.findByRole('heading', { name: 'Bienvenido, Héctor Acevedo Cruz' }),
    ).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/common/api/mmm-openid/token');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({
      grant_type: 'authorization_code',
      client_id: 'auxilio-pwa',
      redirect_uri: ATTEMPT.redirectUri,
      code_verifier: ATTEMPT.verifier,
      code: 'the-code',
    });
    // Decision 120: the card number is the member id and the contract-search identifier.
    expect(currentSession().userExternalParams).toMatchObject({
      fullName: 'Héctor Acevedo Cruz',
      memberId: '436516243',
      identifier: '436516243',
    });
    // Decision 417: the member's session opens their own contract at the contract search.
    expect(currentSession().memberSession).toEqual(memberSession);
    expect(screen.getByRole('link', { name: 'Solicitar asistencia' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it('a refused code (400) shows the sign-in error', async () => {
    storeAttempt();
    recordFetch(400, { code: 'BAD_REQUEST', message: 'used', field: 'body.code' });
    await renderFlow(<SignInCallbackScreen startPath="/mmm-openid/login" />, {
      path: `/mmm-openid/callback?code=used-code&state=${ATTEMPT.state}`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos validar su inicio de sesión.');
  });
});
