import { telemetryPageUrl, type TelemetryContext } from './telemetry-context.ts';
import { loadScript } from './telemetry-script.ts';

// SPEC 7 "customer analytics ... initialised with contract and account data": a Segment-compatible
// analytics.js source. Its snippet's queue is built here (calls made before the script arrives are
// replayed by it); the visit is a `group` call for the account (decision 633). Every call names the
// page without its query, which analytics.js would otherwise send (entry links carry personal data).

type Call = [string, ...unknown[]];
interface AnalyticsQueue extends Array<Call> {
  group?: (...args: unknown[]) => void;
  page?: (...args: unknown[]) => void;
  _writeKey?: string;
}

declare global {
  interface Window {
    analytics?: AnalyticsQueue;
  }
}

export const ANALYTICS_SCRIPT_BASE = 'https://cdn.segment.com/analytics.js/v1';

export interface Analytics {
  setContext(context: TelemetryContext): void;
}

/** The page as analytics may see it: path only, no query, no referrer. */
function pageContext(win: Window) {
  return {
    context: {
      page: {
        url: telemetryPageUrl(win.location),
        path: win.location.pathname,
        search: '',
        referrer: '',
      },
    },
  };
}

export function startAnalytics(writeKey: string, win: Window = window): Analytics {
  const queue: AnalyticsQueue = win.analytics ?? [];
  for (const method of ['group', 'page'] as const) {
    queue[method] ??= (...args: unknown[]) => {
      queue.push([method, ...args]);
    };
  }
  queue._writeKey = writeKey;
  win.analytics = queue;
  const key = encodeURIComponent(writeKey);
  loadScript(`${ANALYTICS_SCRIPT_BASE}/${key}/analytics.min.js`, win.document).catch(
    (error: unknown) => {
      console.warn('[telemetry] analytics', error);
    },
  );
  return {
    setContext: ({ accountId, brand, branch, hasContract }) => {
      const analytics = win.analytics ?? queue;
      if (accountId) analytics.group?.(accountId, { brand, branch, hasContract }, pageContext(win));
      else analytics.page?.(undefined, undefined, { brand }, pageContext(win));
    },
  };
}
