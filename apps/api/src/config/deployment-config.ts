import { z } from 'zod';
import type { Config } from './config.ts';
import { ConfigError, optionalFlag, optionalString } from './env-values.ts';

// --- Where this server is reached, and whether it may run the demo (docs/decisions/504-505). ---
export const DEPLOYMENT_ENV = {
  /** The origin browsers reach this server at; absolute URLs it hands out are built on it. */
  PUBLIC_ORIGIN: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine(
        (value) => new URL(value).origin === value.replace(/\/$/, ''),
        'Expected an origin such as https://asistencia.example (no path, query or credentials)',
      )
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  /** The demo on purpose: required with NODE_ENV=production for any demo setting. */
  DEMO_MODE: optionalFlag,
};

/** Demo value of the public app key (ARCHITECTURE decision 9: the key is public, it names the app). */
export const DEMO_APP_KEY = 'auxilio-demo-public-app-key';

/**
 * Demo value of the operator key (decision 600): what OPERATOR_API_KEY is when unset in demo mode.
 * Unlike the app key it is a secret, so a real deployment sets its own or has no operator API.
 */
export const DEMO_OPERATOR_API_KEY = 'auxilio-demo-operator-key-not-secret';

/** What the deployment rule reads from the parsed configuration. */
export type DeploymentSettings = Pick<
  Config,
  | 'nodeEnv'
  | 'demoMode'
  | 'publicOrigin'
  | 'appKey'
  | 'operatorApiKey'
  | 'seedDemo'
  | 'driverSimulator'
  | 'identity'
  | 'payments'
>;

/** Demo settings in use, each as the variable that turns it off and what it does. */
function demoSettingsInUse(settings: DeploymentSettings): { variable: string; effect: string }[] {
  const inUse: { variable: string; effect: string }[] = [];
  if (settings.appKey === DEMO_APP_KEY) {
    inUse.push({ variable: 'APP_KEY', effect: 'is the public demo key' });
  }
  if (settings.operatorApiKey === DEMO_OPERATOR_API_KEY) {
    inUse.push({ variable: 'OPERATOR_API_KEY', effect: 'is the demo operator key' });
  }
  if (settings.identity.issuer === undefined) {
    inUse.push({
      variable: 'OIDC_ISSUER',
      effect: 'is unset (the bundled identity provider signs in its demo members)',
    });
  }
  if (settings.seedDemo) {
    inUse.push({ variable: 'SEED_DEMO', effect: 'is on (demo accounts, contracts and drivers)' });
  }
  if (settings.driverSimulator) {
    inUse.push({ variable: 'DRIVER_SIMULATOR', effect: 'is on (simulated drivers take services)' });
  }
  if (settings.payments.card.provider === 'sandbox') {
    inUse.push({ variable: 'PAYMENT_PROVIDER', effect: 'is sandbox (test card numbers pay)' });
  }
  if (settings.payments.mobile.provider === 'sandbox') {
    inUse.push({
      variable: 'MOBILE_PAYMENT_PROVIDER',
      effect: 'is sandbox (mobile payments complete without money)',
    });
  }
  return inUse;
}

/** DEMO_MODE as it applies: as given, else on everywhere but in production. */
export function demoModeOf(flag: boolean | undefined, nodeEnv: Config['nodeEnv']): boolean {
  return flag ?? nodeEnv !== 'production';
}

/**
 * Decision 505: without DEMO_MODE (the default with NODE_ENV=production) no demo setting is
 * accepted, and production needs PUBLIC_ORIGIN (decision 504). Throws one ConfigError whose message
 * is a single line naming every variable to change.
 */
export function checkDeploymentSettings(settings: DeploymentSettings): void {
  const problems: string[] = [];
  const demo = demoSettingsInUse(settings);
  if (!settings.demoMode && demo.length > 0) {
    const reason = settings.nodeEnv === 'production' ? 'NODE_ENV=production' : 'DEMO_MODE=false';
    const list = demo.map(({ variable, effect }) => `${variable} ${effect}`).join(', ');
    problems.push(
      `${reason} runs no demo, but ${list}: configure them for production, or set ` +
        'DEMO_MODE=true to run a demo on purpose',
    );
  }
  if (settings.nodeEnv === 'production' && settings.publicOrigin === undefined) {
    problems.push('PUBLIC_ORIGIN is required with NODE_ENV=production');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
}

/** The one warning line of a production server that runs as a demo; undefined otherwise. */
export function demoModeWarning(settings: DeploymentSettings): string | undefined {
  if (settings.nodeEnv !== 'production' || !settings.demoMode) return undefined;
  const demo = demoSettingsInUse(settings).map(({ variable }) => variable);
  const using = demo.length > 0 ? ` (demo settings: ${demo.join(', ')})` : '';
  return `DEMO_MODE=true: this production server runs as a demo${using}; never for real customers`;
}
