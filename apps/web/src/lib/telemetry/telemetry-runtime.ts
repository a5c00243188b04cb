import type { Session, TelemetryRuntimeConfig } from '@auxilio/domain';
import type { TelemetryContext } from './telemetry-context.ts';

// The telemetry that a deployment turned on (decision 631), loaded by telemetry.ts only then: each
// service's adapter (and its vendor's script or SDK) is imported only when the runtime config
// configures it. SPEC 8 "Guide tool script fails to load ...: Logged only", and so is any other.

interface ContextAdapter {
  setContext(context: TelemetryContext): void;
}
interface ErrorAdapter {
  report(error: unknown): void;
}

export interface TelemetryOptions {
  /** The session now: its personal values are replaced wherever they show up in an error report. */
  session: () => Session;
  /**
   * Resolves when the page's address no longer carries credentials or personal data: the services
   * that read the address themselves (tag manager, analytics, guide tool) start only then.
   */
  whenUrlIsClean?: () => Promise<void>;
}

export interface TelemetryRuntime {
  /** Tells analytics, the tag manager and the guide tool about the visit, when it changed. */
  setContext(context: TelemetryContext): void;
  /** Sends an error the app caught to error reporting, when it is on. */
  report(error: unknown): void;
}

function ignore(): void {
  // Already logged when the adapter failed to start.
}

function logged<T>(name: string, adapter: Promise<T>): Promise<T> {
  adapter.catch((error: unknown) => {
    console.warn(`[telemetry] ${name} could not start`, error);
  });
  return adapter;
}

export function startTelemetryRuntime(
  config: TelemetryRuntimeConfig,
  options: TelemetryOptions,
): TelemetryRuntime {
  const { errorReporting, tagManager, analytics, guide } = config;
  const errorAdapter: Promise<ErrorAdapter> | null = errorReporting
    ? logged(
        'error reporting',
        import('./telemetry-error-reporting.ts').then((m) =>
          m.startErrorReporting({ ...errorReporting, session: options.session }),
        ),
      )
    : null;
  const contextAdapters: Promise<ContextAdapter>[] = [];
  const urlIsClean =
    tagManager || analytics || guide
      ? (options.whenUrlIsClean?.() ?? Promise.resolve())
      : Promise.resolve();
  if (tagManager) {
    contextAdapters.push(
      logged(
        'tag manager',
        urlIsClean
          .then(() => import('./telemetry-tag-manager.ts'))
          .then((m) => m.startTagManager(tagManager.containerId)),
      ),
    );
  }
  if (analytics) {
    contextAdapters.push(
      logged(
        'analytics',
        urlIsClean
          .then(() => import('./telemetry-analytics.ts'))
          .then((m) => m.startAnalytics(analytics.writeKey)),
      ),
    );
  }
  if (guide) {
    contextAdapters.push(
      logged(
        'guide tool',
        urlIsClean
          .then(() => import('./telemetry-guide.ts'))
          .then((m) => m.startGuide(guide.apiKey)),
      ),
    );
  }

  let lastContext: TelemetryContext | null = null;
  return {
    setContext: (context) => {
      const same =
        lastContext !== null &&
        lastContext.accountId === context.accountId &&
        lastContext.brand === context.brand &&
        lastContext.branch === context.branch &&
        lastContext.hasContract === context.hasContract;
      if (same) return;
      lastContext = context;
      for (const adapter of contextAdapters) {
        adapter.then((running) => {
          running.setContext(context);
        }, ignore);
      }
    },
    report: (error) => {
      errorAdapter?.then((reporter) => {
        reporter.report(error);
      }, ignore);
    },
  };
}
