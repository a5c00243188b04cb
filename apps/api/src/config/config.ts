import type { NodeEnv } from './env-values.ts';
import type { IdentityConfig } from './identity-config.ts';
import type { MapTilesConfig } from './basemap-config.ts';
import type { MapsConfig } from './maps-config.ts';
import type { MessagingConfig } from './messaging-config.ts';
import type { PaymentsConfig } from './payments-config.ts';
import type { PushConfig } from './push-config.ts';
import type { SecurityConfig } from './security-config.ts';
import type { StorageConfig } from './storage-config.ts';
import type { TelemetryConfig } from './telemetry-config.ts';

// The parsed configuration as the server reads it. Built by loadConfig (env.ts) from the environment;
// the deployment checks (deployment-config.ts) read it too, so it lives apart from both.

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite data directory (DATA_DIR/pglite), or `memory://` for an in-memory database. */
  pgliteDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  appKey: string;
  /**
   * The operator's bearer key (OPERATOR_API_KEY, decision 600): geotext rooms. Unset: the demo key
   * in demo mode, else undefined and the operator API refuses every call.
   */
  operatorApiKey: string | undefined;
  /**
   * The server's own key (service tokens, member sessions; decision 476). Undefined: generated once
   * and kept in `serverSecretDir`. Every replica must share it (set SERVER_SECRET, or share DATA_DIR).
   */
  serverSecret: string | undefined;
  /** Where a generated server secret is kept (DATA_DIR); undefined with an in-memory DATA_DIR. */
  serverSecretDir: string | undefined;
  /** The built PWA (vite build output) served at `/`. */
  webDistDir: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /**
   * The origin browsers reach this server at (PUBLIC_ORIGIN, decision 504); undefined: the loopback
   * origin of the port it listens on (development and tests only; production requires it).
   */
  publicOrigin: string | undefined;
  /** The demo runs on purpose (DEMO_MODE, decision 505); off by default only in production. */
  demoMode: boolean;
  /** Rate limits, body limit, CORS and CSP inputs (docs/decisions/470-474). */
  security: SecurityConfig;
  /** A raster tile provider for the PWA's map (MAP_TILES_URL); undefined: the demo basemap. */
  mapTiles: MapTilesConfig | undefined;
  stripePublishableKey: string | undefined;
  /** Card and mobile payment providers (decisions 430-433). */
  payments: PaymentsConfig;
  /** Start the driver simulator with the server (docs/decisions/232). */
  driverSimulator: boolean;
  /** Drivers the simulator leaves alone, for a real phone to sign in as (docs/decisions/760). */
  driverSimulatorSkip: string[];
  /** Run the dispatch engine in this process (DISPATCH_ENGINE, docs/decisions/760). */
  dispatchEngine: boolean;
  /** Seconds a driver has to answer an offer (DISPATCH_OFFER_SECONDS). */
  dispatchOfferSeconds: number;
  /** Web Push status notifications (docs/decisions/450). */
  push: PushConfig;
  /** Member sign-in (docs/decisions/460). */
  identity: IdentityConfig;
  /** Address search, reverse geocoding and routing providers (docs/decisions/420). */
  maps: MapsConfig;
  /** The storage service's object store (docs/decisions/403-404). */
  storage: StorageConfig;
  /** SMS and e-mail adapters (docs/decisions/440-443). */
  messaging: MessagingConfig;
  /** Tag manager, analytics, guide tool and error reporting of the PWA (docs/decisions/631). */
  telemetry: TelemetryConfig;
}
