import { useState } from 'react';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { beginSignInAttempt } from './sign-in-attempt.ts';

export interface SignInRedirectOptions {
  /** The route the identity provider returns to. */
  callbackPath: string;
  /** The sessionStorage key the attempt waits under until that route reads it. */
  attemptKey: string;
  /** Leaves the app for the identity provider (tests pass their own). */
  navigate?: ((url: string) => void) | undefined;
}

function leaveApp(url: string): void {
  window.location.assign(url);
}

/**
 * A sign-in button's action: stores a new attempt in this tab, then leaves for the identity
 * provider's /authorize. `leaving` turns true at the first press, so the button can wait disabled.
 */
export function useSignInRedirect({
  callbackPath,
  attemptKey,
  navigate = leaveApp,
}: SignInRedirectOptions): { leaving: boolean; start: () => Promise<void> } {
  const config = useRuntimeConfig();
  const [leaving, setLeaving] = useState(false);
  const start = async () => {
    setLeaving(true);
    navigate(
      await beginSignInAttempt({
        signIn: config.signIn,
        origin: window.location.origin,
        callbackPath,
        storage: window.sessionStorage,
        key: attemptKey,
      }),
    );
  };
  return { leaving, start };
}
