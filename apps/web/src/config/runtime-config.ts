import { RuntimeConfigSchema, type RuntimeConfig } from '@auxilio/domain';
import { localStorageOrNone } from '../lib/local-storage.ts';

// ARCHITECTURE decision 5: one build serves every brand; what differs per brand and per deployment
// comes from the server at run time, parsed once here (CONVENTIONS "State and data").

export type { RuntimeConfig };

/** Id of the `<script type="application/json">` the server injects into index.html. */
export const APP_CONFIG_SCRIPT_ID = 'app-config';

/** The brand and account a page asks for: the query first, then what the session remembers. */
export interface ConfigRequest {
  brand: string | null;
  account: string | null;
}

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/**
 * The config the server injected into the page, parsed; `null` when there is none.
 * Throws RuntimeConfigError when the script exists but does not match RuntimeConfigSchema.
 */
export function readInjectedConfig(doc: Document = document): RuntimeConfig | null {
  const script = doc.getElementById(APP_CONFIG_SCRIPT_ID);
  const text = script?.textContent.trim();
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RuntimeConfigError('The injected app config is not JSON');
  }
  return parseRuntimeConfig(json);
}

/** Parses a runtime config body; throws RuntimeConfigError naming the first field that failed. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const result = RuntimeConfigSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new RuntimeConfigError(`Invalid app config at '${field}': ${issue?.message ?? 'unknown'}`);
}

/** `/app-config.json?brand=&account=` with only the parameters that have a value. */
export function buildConfigUrl(request: ConfigRequest): string {
  const params = new URLSearchParams();
  if (request.brand) params.set('brand', request.brand);
  if (request.account) params.set('account', request.account);
  const query = params.toString();
  return query ? `/app-config.json?${query}` : '/app-config.json';
}

/**
 * Whether an injected config answers this request. The server sees only the URL, so after a reload
 * without query it injects the host's default brand while the session may remember another one.
 */
export function injectedConfigMatches(config: RuntimeConfig, request: ConfigRequest): boolean {
  if (request.account) return config.accountId === request.account;
  if (request.brand) return config.brand.slug === request.brand;
  return true;
}

/** localStorage key of the last config that loaded: an installed app must open offline too. */
export const LAST_CONFIG_STORAGE_KEY = 'auxilio:app-config';

export interface LoadRuntimeConfigOptions {
  request: ConfigRequest;
  doc?: Document;
  fetchFn?: typeof fetch;
  /** Where the last good config is kept (null: nowhere). */
  storage?: Storage | null;
}

/**
 * The runtime config: the injected one when it answers the request, else fetched from the server;
 * when the server cannot be reached (offline), the last config that loaded for the same request.
 * Throws RuntimeConfigError when none works (the caller shows an error screen with retry).
 */
export async function loadRuntimeConfig({
  request,
  doc = document,
  fetchFn = fetch,
  storage = localStorageOrNone(),
}: LoadRuntimeConfigOptions): Promise<RuntimeConfig> {
  const injected = readInjectedConfigSafely(doc);
  if (injected && injectedConfigMatches(injected, request)) {
    remember(storage, injected);
    return injected;
  }

  let response: Response;
  try {
    response = await fetchFn(buildConfigUrl(request), { headers: { accept: 'application/json' } });
  } catch (error) {
    // Offline (e.g. an installed app opened from the service worker): the screens show the
    // no-connection screen, which needs the brand to draw the header.
    const last = readLastConfig(storage);
    if (last && injectedConfigMatches(last, request)) return last;
    throw new RuntimeConfigError(`Could not reach the server: ${String(error)}`);
  }
  if (!response.ok) {
    // A brand or account the server does not know: fall back to the injected default if any.
    if (injected) return injected;
    throw new RuntimeConfigError(`The server answered ${response.status} for the app config`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RuntimeConfigError('The app config response is not JSON');
  }
  const config = parseRuntimeConfig(json);
  remember(storage, config);
  return config;
}

function readInjectedConfigSafely(doc: Document): RuntimeConfig | null {
  try {
    return readInjectedConfig(doc);
  } catch (error) {
    console.error(error);
    return null;
  }
}

function remember(storage: Storage | null, config: RuntimeConfig): void {
  try {
    storage?.setItem(LAST_CONFIG_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // A full or blocked storage only costs the offline start.
  }
}

function readLastConfig(storage: Storage | null): RuntimeConfig | null {
  const text = storage?.getItem(LAST_CONFIG_STORAGE_KEY);
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}
