import './lib/zod-without-eval.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '@fontsource-variable/inter';
import './styles/global.css';
// The screens the server paints before the scripts arrive (docs/decisions/770) are styled by the
// page's own stylesheets: home and tracking join the first screen's styles here.
import './features/home/components/home-screen.css';
import './features/tracking/components/tracking.css';
import { App } from './app/app.tsx';
import { brandDocument, readEntryQuery, settleSession, startLanguage } from './app/boot.ts';
import { ConfigErrorScreen } from './app/config-error-screen.tsx';
import { routeOfPath } from './app/routes/route-table.tsx';
import { loadScreen } from './app/routes/screen-code.ts';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import { prefetchShellReads } from './api/shell-reads.ts';
import { createApiClient } from './lib/api-client.ts';
import { createI18n } from './lib/i18n.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { createQueryClient } from './lib/query-client.ts';
import { untilUrlIsClean } from './lib/telemetry/clean-url.ts';
import { startTelemetry } from './lib/telemetry/telemetry.ts';
import { keepTrackingCookie } from './lib/tracking-cookie.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { readStoredSession, useSessionStore } from './stores/session-store.ts';

const container = document.getElementById('root') ?? missingRoot();
/** The page came with its first screen painted by the server (docs/decisions/770). */
const serverPainted = container.innerHTML.includes('<!--first-paint-->');

// SPEC 9 install banner: the browser's install offer comes once, early; kept for /corporate/home.
listenForInstallPrompt(window);

// The screen the page opens on: its code and its texts download now, beside the app's own texts,
// rather than once the app has rendered (a round trip each on a weak signal).
const firstScreen = routeOfPath(window.location.pathname);

// Start-up runs as a few short tasks rather than one long one after the modules' evaluation: on a
// slow phone the painted screen then answers a scroll or a tap between them. The screen's code is
// asked for first (it needs only the address), then the stored session is read (its check against
// the session's schema is a task's worth of work), then the texts are set up, then the config is
// read. A screen that fails to load is shown as such by its route (its error boundary).
const codeTask = yieldToMain();
const firstScreenCode = codeTask.then(() =>
  firstScreen ? loadScreen(firstScreen).catch(() => undefined) : undefined,
);
const sessionTask = codeTask.then(yieldToMain).then(() => {
  readStoredSession();
  const params = readEntryQuery(window.location.search, useSessionStore);
  keepTrackingCookie(useSessionStore);
  const language = startLanguage(useSessionStore);
  document.documentElement.lang = language;
  return { params, language };
});
const textsTask = sessionTask.then(async (started) => {
  await yieldToMain();
  return started;
});
const i18nReady = textsTask
  .then(({ language }) => createI18n({ lng: language, namespaces: firstScreen?.namespaces }))
  .then((i18n) => {
    i18n.on('languageChanged', (lng) => {
      document.documentElement.lang = lng;
    });
    return i18n;
  });

function missingRoot(): never {
  throw new Error('index.html needs <div id="root">');
}

/** The React root, made when the first render comes (its set-up is a task's worth of work). */
let root: Root | undefined;
function appRoot(): Root {
  root ??= createRoot(container);
  return root;
}

/** Server data of this page load (ARCHITECTURE "Front end"). */
const queryClient = createQueryClient();

/** The runtime config for the session's brand and account (usually inlined: no round trip). */
function loadConfig() {
  const { session } = useSessionStore.getState();
  return loadRuntimeConfig({ request: { brand: session.brand, account: session.accountId } });
}

// Translations and config load side by side: on a weak signal, two round trips in a row hurt.
async function start(configLoad: ReturnType<typeof loadConfig>): Promise<void> {
  // Awaited below; this keeps a failure that comes before i18n is ready from counting as unhandled.
  configLoad.catch(() => undefined);
  const i18n = await i18nReady;
  try {
    const config = await configLoad;
    // Texts and config often arrive together (the page preloads the texts): the brand's styles,
    // then the first render, each in a task of its own rather than one after their arrival.
    await yieldToMain();
    brandDocument(config);
    // SPEC 7 tag manager, analytics, guide tool, error reporting: only those configured (decision 631).
    startTelemetry(config.telemetry, {
      session: () => useSessionStore.getState().session,
      whenUrlIsClean: () => untilUrlIsClean(),
    });
    const { params } = await sessionTask;
    settleSession(useSessionStore, config, params);
    // Without a `lang` choice, the deployment's default language applies (decision 172).
    const configured = startLanguage(useSessionStore, config);
    if (configured !== i18n.language) await i18n.changeLanguage(configured);
    // Where the server painted the screen, its code first: the first render then draws the screen,
    // not a loading line over it (docs/decisions/752). Elsewhere the frame and its loading line
    // show at once, as the code arrives.
    if (serverPainted) await firstScreenCode;
    await yieldToMain();
    // The first render as a transition: React yields to the browser every few milliseconds instead
    // of holding a slow phone's main thread until the whole first screen is built, so a tap or a
    // scroll during start-up is answered.
    startTransition(() => {
      appRoot().render(
        <StrictMode>
          <App config={config} i18n={i18n} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error('[boot] app config unavailable', error);
    appRoot().render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <ConfigErrorScreen onRetry={() => void start(loadConfig())} />
        </I18nextProvider>
      </StrictMode>,
    );
  }
}

// The config is read in a task of its own, once the screen's code and texts are asked for.
const firstConfigLoad = textsTask.then(yieldToMain).then(loadConfig);
// The first screen's server reads and the frame's own (the account and its integrations) go out as
// soon as the API's address is known, beside the screen's texts, not once it has rendered.
firstConfigLoad.then(
  (config) => {
    const { session } = useSessionStore.getState();
    prefetchShellReads(queryClient, config, session.accountId ?? config.accountId);
    firstScreen?.prefetch?.({
      queryClient,
      api: createApiClient({ baseUrl: config.api.common, appKey: config.appKey }),
      session,
    });
  },
  () => undefined,
);
void start(firstConfigLoad);
