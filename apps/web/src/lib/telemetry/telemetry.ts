import type { TelemetryRuntimeConfig } from '@auxilio/domain';
import type { TelemetryContext } from './telemetry-context.ts';
import type { TelemetryOptions, TelemetryRuntime } from './telemetry-runtime.ts';

// SPEC 7 "Other calls": tag manager, customer analytics, guide tool and error reporting. This is
// the only telemetry module in the first-load bundle, and it is tiny: when the runtime config turns
// none of them on, nothing else is ever loaded; otherwise it imports telemetry-runtime.ts, which
// imports the configured adapters (decision 631).

export type { TelemetryContext } from './telemetry-context.ts';
export type { TelemetryOptions } from './telemetry-runtime.ts';

let runtime: Promise<TelemetryRuntime> | null = null;
let lastContext: TelemetryContext | null = null;

function ignore(): void {
  // A runtime that failed to load was logged once, where it failed.
}

/** Starts the configured services once per page; with none configured, does nothing at all. */
export function startTelemetry(config: TelemetryRuntimeConfig, options: TelemetryOptions): void {
  if (runtime || !Object.values(config).some((service) => service !== null)) return;
  runtime = import('./telemetry-runtime.ts').then((m) => m.startTelemetryRuntime(config, options));
  runtime.then(
    (started) => {
      if (lastContext) started.setContext(lastContext);
    },
    (error: unknown) => {
      console.warn('[telemetry] could not start', error);
    },
  );
}

/** Tells analytics, the tag manager and the guide tool about the visit (decision 633). */
export function setTelemetryContext(context: TelemetryContext): void {
  lastContext = context;
  runtime?.then((started) => {
    started.setContext(context);
  }, ignore);
}

/** Sends an error the app caught (a screen that failed) to error reporting, when it is on. */
export function reportError(error: unknown): void {
  runtime?.then((started) => {
    started.report(error);
  }, ignore);
}

/** Forgets what was started (tests only: a page load starts telemetry once). */
export function resetTelemetryForTests(): void {
  runtime = null;
  lastContext = null;
}
