import { useCallback, useEffect, useState } from 'react';
import type { DispatcherSession } from '@auxilio/domain';
import {
  clearDispatcherSession,
  DISPATCHER_SESSION_KEY,
  readDispatcherSession,
} from '../utils/dispatcher-token-store.ts';
import { DispatcherConsole } from './dispatcher-console.tsx';
import { DispatcherSignInPanel } from './dispatcher-sign-in-panel.tsx';

/** The longest delay a browser timer keeps (about 24.8 days); a session is far shorter. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Gate {
  session: DispatcherSession | null;
  /** A session was kept but is over: the sign-in says so. */
  expired: boolean;
}

function readGate(storage: Storage): Gate {
  const kept = storage.getItem(DISPATCHER_SESSION_KEY) !== null;
  const session = readDispatcherSession(storage);
  return { session, expired: kept && !session };
}

/** /dispatcher: the sign-in when there is no live dispatcher session, else the console. */
export function DispatcherHomeScreen() {
  const [gate, setGate] = useState<Gate>(() => readGate(window.localStorage));
  const signedOut = useCallback((expired: boolean) => {
    clearDispatcherSession(window.localStorage);
    setGate({ session: null, expired });
  }, []);
  // A shift's session ends at `expiresAt`: the console goes back to its sign-in then, rather than
  // waiting for the next call to be refused.
  const expiresAt = gate.session ? Date.parse(gate.session.expiresAt) : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(
      () => {
        signedOut(true);
      },
      Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [expiresAt, signedOut]);
  if (!gate.session) return <DispatcherSignInPanel expired={gate.expired} />;
  return <DispatcherConsole session={gate.session} onSignedOut={signedOut} />;
}
