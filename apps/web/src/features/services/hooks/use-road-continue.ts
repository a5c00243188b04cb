import { useState } from 'react';
import { useLocation } from 'wouter';
import { continueOnRoadTrack } from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

/**
 * The contract search and limit check for a customer the session already knows (SPEC 4 "a known
 * name and identifier triggers contract search"), given by the route that composes the screen.
 */
export interface KnownCustomerLookup {
  /** Resolves the route to go to, or null when the brand's lookup field is not known (ask on /plate). */
  run: () => Promise<string | null>;
  pending: boolean;
  /** The last search failed (SPEC 8 "the user stays on the page with loading cleared"). */
  failed: boolean;
}

/** Continue on the road track (SPEC 4), from /services or /services/tow/questions. */
export function useRoadContinue(input: {
  lookup: KnownCustomerLookup;
  afterTowQuestions?: boolean;
}) {
  const [, navigate] = useLocation();
  const { brand } = useRuntimeConfig();
  const [callDrawerOpen, setCallDrawerOpen] = useState(false);

  const onContinue = async () => {
    const { session } = useSessionStore.getState();
    const decision = continueOnRoadTrack({
      session,
      brand,
      afterTowQuestions: input.afterTowQuestions ?? false,
    });
    switch (decision.kind) {
      case 'callDrawer':
        setCallDrawerOpen(true);
        return;
      case 'route':
        navigate(decision.to);
        return;
      case 'contractSearch':
        try {
          navigate((await input.lookup.run()) ?? '/plate');
        } catch {
          // Logged by the vehicle check (SPEC 8); the screen shows lookup.failed and stays.
        }
        return;
      case 'stay':
        return;
    }
  };

  return {
    onContinue,
    callDrawerOpen,
    closeCallDrawer: () => {
      setCallDrawerOpen(false);
    },
  };
}
