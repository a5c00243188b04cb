import {
  browserTracingIntegration,
  captureException,
  init,
  type Breadcrumb,
} from '@sentry/browser';
import type { Session } from '@auxilio/domain';
import { personalValuesOf } from './personal-values.ts';
import { scrubEvent, scrubText } from './scrub.ts';

// SPEC 7 "an error-reporting service with 100% trace sampling": the Sentry browser SDK, which this
// module alone imports, so it is fetched only when a DSN is configured (decision 631). What is sent
// (decision 632): errors and page-load/navigation trace spans with URLs cut to their path, every
// string scrubbed of the customer's values and of e-mails, numbers and tokens; no user, cookies,
// headers, bodies or query strings; no console breadcrumbs; no trace headers on our API calls.

export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
  /** The session at the moment of sending: its personal values are scrubbed (names, plate ...). */
  session: () => Session;
}

export interface ErrorReporter {
  report(error: unknown): void;
}

/** SPEC 7: "100% trace sampling". */
export const TRACES_SAMPLE_RATE = 1.0;

/** Breadcrumbs worth keeping: where the user went, what was fetched, what was tapped. */
const KEPT_BREADCRUMBS = new Set(['navigation', 'fetch', 'xhr', 'ui.click']);

export function scrubBreadcrumb(
  breadcrumb: Breadcrumb,
  personalValues: readonly string[],
): Breadcrumb | null {
  if (!breadcrumb.category || !KEPT_BREADCRUMBS.has(breadcrumb.category)) return null;
  return scrubEvent(breadcrumb, personalValues);
}

export function startErrorReporting(settings: ErrorReportingSettings): ErrorReporter {
  const personalValues = () => personalValuesOf(settings.session());
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    // The API does not take part in traces: no sentry-trace or baggage header on its calls.
    tracePropagationTargets: [],
    integrations: [browserTracingIntegration()],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event, personalValues()),
    // Traces are streamed span by span (the SDK's default lifecycle): each span is scrubbed too.
    beforeSendSpan: (span) => scrubEvent(span, personalValues()),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb, personalValues()),
  });
  return {
    report: (error) => {
      captureException(error instanceof Error ? error : new Error(scrubText(String(error))));
    },
  };
}
