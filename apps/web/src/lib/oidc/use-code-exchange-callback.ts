import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiRequestError } from '../api-client.ts';
import { clearSignInAttempt, readSignInAttempt } from './sign-in-attempt.ts';
import { checkSignInCallback, type SignInCallbackFailure } from './sign-in-callback.ts';

// The callback route of a staff sign-in (a driver's or a dispatcher's): the identity provider's
// answer is checked against the attempt this tab stored, and only then is the code sent, once, to
// the app's own session endpoint, which answers with the app's token.

/** The body of a code exchange: the code, the PKCE verifier and the redirect URI it was sent to. */
export interface CodeExchangeBody {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export type CodeExchangeOutcome =
  { kind: 'exchange'; body: CodeExchangeBody } | { kind: 'failed'; reason: SignInCallbackFailure };

/** Why the callback screen shows an error: refused before the exchange, or by the exchange. */
export type CodeExchangeFailure = SignInCallbackFailure | 'exchange' | 'forbidden';

/**
 * Checks the callback against the attempt stored under `attemptKey` as SPEC 5 asks: a code, the
 * stored state, no error. Only then is there a body to exchange. Reads only (render-safe).
 */
export function codeExchangeOutcome(
  query: URLSearchParams,
  storage: Storage,
  attemptKey: string,
): CodeExchangeOutcome {
  const checked = checkSignInCallback(query, readSignInAttempt(storage, attemptKey));
  if (checked.kind === 'failed') return checked;
  const { code, attempt } = checked;
  return {
    kind: 'exchange',
    body: { code, codeVerifier: attempt.verifier, redirectUri: attempt.redirectUri },
  };
}

export interface CodeExchangeCallbackOptions<Session> {
  /** The sessionStorage key the attempt waited under; cleared once read (a code works once). */
  attemptKey: string;
  /** Sends the code to the app's session endpoint. */
  exchange: (body: CodeExchangeBody) => Promise<Session>;
  /** Keeps the session the exchange answered. */
  keep: (session: Session) => void;
  /** Where a signed-in person lands. */
  homePath: string;
}

/**
 * Runs the callback: clears the stored attempt, exchanges the code once and opens `homePath`.
 * Answers null while that is under way, or why it failed (a 403 means the person may not use the app).
 */
export function useCodeExchangeCallback<Session>({
  attemptKey,
  exchange,
  keep,
  homePath,
}: CodeExchangeCallbackOptions<Session>): CodeExchangeFailure | null {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [outcome] = useState(() =>
    codeExchangeOutcome(new URLSearchParams(search), window.sessionStorage, attemptKey),
  );
  const [failure, setFailure] = useState<CodeExchangeFailure | null>(
    outcome.kind === 'failed' ? outcome.reason : null,
  );
  const sent = useRef(false);
  useEffect(() => {
    clearSignInAttempt(window.sessionStorage, attemptKey);
  }, [attemptKey]);
  useEffect(() => {
    if (outcome.kind !== 'exchange' || sent.current) return;
    sent.current = true;
    exchange(outcome.body).then(
      (session) => {
        keep(session);
        navigate(homePath, { replace: true });
      },
      (error: unknown) => {
        setFailure(
          error instanceof ApiRequestError && error.status === 403 ? 'forbidden' : 'exchange',
        );
      },
    );
  }, [outcome, exchange, keep, homePath, navigate]);
  return failure;
}
