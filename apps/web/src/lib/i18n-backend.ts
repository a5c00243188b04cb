import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

// How the app gets a namespace's texts (decision 172): a copy kept in localStorage for a while
// (SPEC 9 "translation cache expiry 60"), tagged with the build, else the file from the server.
// One small module in place of i18next's chained, HTTP and localStorage backends (decision 720):
// the same behaviour in a fraction of the bytes every first screen downloads.

export interface LocaleBackendOptions {
  /** `{{lng}}` and `{{ns}}` are replaced, e.g. '/locales/{{lng}}/{{ns}}.json'. */
  loadPath: string;
  /** Where copies are kept (localStorage in the browser); null where there is none. */
  store: Storage | null;
  /** Key prefix of the copies: `<prefix><lng>-<ns>`. */
  prefix: string;
  /** The build's id: a copy from another build is never read. */
  version: string;
  /** How long a copy is read before the file is asked for again. */
  expiryMs: number;
}

interface KeptCopy {
  stamp: number;
  version: string;
  texts: ResourceKey;
}

function readCopy(store: Storage | null, key: string): KeptCopy | null {
  try {
    const kept: unknown = JSON.parse(store?.getItem(key) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { stamp, version, texts } = kept as Record<string, unknown>;
    if (typeof stamp !== 'number' || typeof version !== 'string') return null;
    if (typeof texts !== 'object' || texts === null) return null;
    return { stamp, version, texts: texts as ResourceKey };
  } catch {
    // Storage blocked, or a value that is not ours: read as no copy.
    return null;
  }
}

function keepCopy(store: Storage | null, key: string, copy: KeptCopy): void {
  try {
    store?.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or blocked: the texts still show, they are just fetched again next time.
  }
}

/** An i18next backend reading kept copies first, then the locale files over HTTP. */
export function createLocaleBackend(options: LocaleBackendOptions): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {
      // Options come through the factory, not through i18next's init.
    },
    read(language: string, namespace: string, callback: ReadCallback) {
      const key = `${options.prefix}${language}-${namespace}`;
      const kept = readCopy(options.store, key);
      if (kept && kept.version === options.version && kept.stamp + options.expiryMs > Date.now()) {
        callback(null, kept.texts);
        return;
      }
      const url = options.loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
      // The address names the build (src/lib/locale-files.ts): the HTTP cache, or the page's preload
      // of the same address, never holds another release's texts.
      fetch(url).then(
        async (response) => {
          // As i18next's HTTP backend: a server error is worth retrying, a missing file is not.
          if (!response.ok) {
            callback(
              `failed loading ${url}; status code: ${response.status}`,
              response.status >= 500,
            );
            return;
          }
          let texts: ResourceKey;
          try {
            texts = (await response.json()) as ResourceKey;
          } catch {
            callback(`failed parsing ${url} to json`, false);
            return;
          }
          keepCopy(options.store, key, { stamp: Date.now(), version: options.version, texts });
          callback(null, texts);
        },
        // No answer (offline, a dropped connection): i18next retries a few times.
        (error: unknown) => {
          callback(`failed loading ${url}: ${String(error)}`, true);
        },
      );
    },
  };
}
