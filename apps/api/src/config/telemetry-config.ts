import type { TelemetryRuntimeConfig } from '@auxilio/domain';
import { z } from 'zod';
import { emptyAsUnset, optionalString, type EnvValues } from './env-values.ts';

// --- Telemetry of the PWA (SPEC 7 "Other calls": tag manager, customer analytics, guide tool,
// error reporting; docs/decisions/631). Every one is off unless its variable is set; the server
// hands the settings to the PWA in the runtime config and lets their origins through the CSP. ---

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A DSN in Sentry's format: `https://PUBLIC_KEY@host[/path]/PROJECT_ID` (http on loopback only). */
function isErrorReportingDsn(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const schemeOk =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  return schemeOk && url.username !== '' && url.password === '' && /\/\d+$/.test(url.pathname);
}

export const TELEMETRY_ENV = {
  /** Where the PWA's error reports go (a Sentry DSN); unset: no error reporting. */
  ERROR_REPORTING_DSN: optionalString.pipe(
    z.string().refine(isErrorReportingDsn, 'Expected a DSN like https://key@host/123').optional(),
  ),
  /** The environment name on each report; unset: NODE_ENV. */
  ERROR_REPORTING_ENVIRONMENT: emptyAsUnset(z.string().max(64).optional()),
  /** Google Tag Manager container id (GTM-XXXX); unset: no tag manager. */
  TAG_MANAGER_CONTAINER_ID: optionalString.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'Expected a container id like GTM-AB12CD')
      .optional(),
  ),
  /** Write key of the Segment-compatible customer analytics source; unset: no analytics. */
  ANALYTICS_WRITE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[\w-]+$/, 'Expected letters, digits, - and _')
      .optional(),
  ),
  /** API key of the Pendo guide tool; unset: no guide tool. */
  GUIDE_API_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[\w-]+$/, 'Expected letters, digits, - and _')
      .optional(),
  ),
};

/** What the runtime config hands the PWA (decision 631). */
export type TelemetryConfig = TelemetryRuntimeConfig;

export function telemetryConfig(
  e: EnvValues<typeof TELEMETRY_ENV>,
  nodeEnv: string,
): TelemetryConfig {
  return {
    errorReporting: e.ERROR_REPORTING_DSN
      ? { dsn: e.ERROR_REPORTING_DSN, environment: e.ERROR_REPORTING_ENVIRONMENT ?? nodeEnv }
      : null,
    tagManager: e.TAG_MANAGER_CONTAINER_ID ? { containerId: e.TAG_MANAGER_CONTAINER_ID } : null,
    analytics: e.ANALYTICS_WRITE_KEY ? { writeKey: e.ANALYTICS_WRITE_KEY } : null,
    guide: e.GUIDE_API_KEY ? { apiKey: e.GUIDE_API_KEY } : null,
  };
}
