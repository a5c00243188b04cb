import type { TelemetryContext } from './telemetry-context.ts';
import { loadScript } from './telemetry-script.ts';

// SPEC 7 "a tag manager": Google Tag Manager's container, started as its snippet does (a dataLayer
// with the gtm.js event, then gtm.js). The visit's context is pushed as one event the container's
// tags can read (decision 633: no personal data).

type DataLayer = Record<string, unknown>[];

declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

export const TAG_MANAGER_SCRIPT = 'https://www.googletagmanager.com/gtm.js';

export interface TagManager {
  setContext(context: TelemetryContext): void;
}

export function startTagManager(containerId: string, win: Window = window): TagManager {
  const dataLayer = (win.dataLayer ??= []);
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  loadScript(`${TAG_MANAGER_SCRIPT}?id=${encodeURIComponent(containerId)}`, win.document).catch(
    (error: unknown) => {
      console.warn('[telemetry] tag manager', error);
    },
  );
  return {
    setContext: (context) => {
      dataLayer.push({ event: 'auxilio.context', ...context });
    },
  };
}
