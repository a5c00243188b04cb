import type { TelemetryContext } from './telemetry-context.ts';
import { loadScript } from './telemetry-script.ts';

// SPEC 7 "a guide tool initialised with contract and account data": the Pendo agent. Its snippet's
// stub queues `initialize` until the agent arrives. The visitor is anonymous (Pendo's own anonymous
// id), the account is the account id with brand and branch (decision 633); page text is never
// collected and URLs lose their query and fragment. SPEC 8: "Guide tool script fails to load:
// logged only".

interface PendoStub {
  _q: unknown[][];
  initialize?: (options: unknown) => void;
  updateOptions?: (options: unknown) => void;
}

declare global {
  interface Window {
    pendo?: PendoStub;
  }
}

export const GUIDE_SCRIPT_BASE = 'https://cdn.pendo.io/agent/static';

export interface Guide {
  setContext(context: TelemetryContext): void;
}

function options({ accountId, brand, branch, hasContract }: TelemetryContext) {
  return {
    visitor: { id: '', hasContract },
    account: { id: accountId ?? brand, brand, branch },
    excludeAllText: true,
    location: {
      transforms: [
        { attr: 'search', action: 'Clear' },
        { attr: 'hash', action: 'Clear' },
      ],
    },
  };
}

export function startGuide(apiKey: string, win: Window = window): Guide {
  const pendo: PendoStub = win.pendo ?? { _q: [] };
  for (const method of ['initialize', 'updateOptions'] as const) {
    pendo[method] ??= (...args: unknown[]) => {
      pendo._q.push([method, ...args]);
    };
  }
  win.pendo = pendo;
  loadScript(`${GUIDE_SCRIPT_BASE}/${encodeURIComponent(apiKey)}/pendo.js`, win.document).catch(
    (error: unknown) => {
      console.warn('[telemetry] guide tool', error);
    },
  );
  let initialized = false;
  return {
    setContext: (context) => {
      const agent = win.pendo ?? pendo;
      if (!initialized) agent.initialize?.(options(context));
      else agent.updateOptions?.(options(context));
      initialized = true;
    },
  };
}
