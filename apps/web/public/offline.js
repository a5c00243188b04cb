/* global window, document */
// The no-connection page (offline.html; SPEC 2 "No-connection screen: ... with a retry that reloads
// only if online"; docs/decisions/176). Plain JavaScript: served and precached as is.
// The texts are the app's (public/locales/{es,en}/errors.json, `offline`); a test keeps them equal.

const TEXTS = {
  es: {
    pageTitle: 'Sin conexión',
    title: '¡Ups! No tiene conexión a internet. ¿Desea intentarlo de nuevo?',
    retry: 'Reintentar',
    stillOffline: 'Todavía no hay conexión. Inténtelo de nuevo en unos segundos.',
  },
  en: {
    pageTitle: 'No connection',
    title: 'Oops, you have no internet connection, do you want to try again?',
    retry: 'Try again',
    stillOffline: 'Still no connection. Try again in a few seconds.',
  },
};

/** `es` or `en` when `tag` (a BCP 47 language tag) is one of them, else undefined. */
function supported(tag) {
  const language = typeof tag === 'string' ? tag.toLowerCase().split('-')[0] : undefined;
  return language === 'es' || language === 'en' ? language : undefined;
}

/** The language the app's session remembers from a `lang` link (apps/web session store). */
function sessionLanguage() {
  try {
    const stored = JSON.parse(localStorage.getItem('auxilio:session') || 'null');
    return supported(
      stored && stored.state && stored.state.session && stored.state.session.language,
    );
  } catch {
    return undefined;
  }
}

/**
 * SPEC 1: Spanish by default, the `lang` query changes it. Then the language the session keeps,
 * then the first of Spanish and English among the browser's preferred languages.
 */
function chooseLanguage() {
  const fromQuery = supported(new URLSearchParams(window.location.search).get('lang'));
  if (fromQuery) return fromQuery;
  const fromSession = sessionLanguage();
  if (fromSession) return fromSession;
  const preferred =
    navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const language = supported(tag);
    if (language) return language;
  }
  return 'es';
}

const language = chooseLanguage();
const texts = TEXTS[language];
document.documentElement.lang = language;
document.title = texts.pageTitle;
for (const element of document.querySelectorAll('[data-text]')) {
  element.textContent = texts[element.getAttribute('data-text')];
}

const status = document.getElementById('no-connection-status');
document.getElementById('no-connection-retry').addEventListener('click', () => {
  if (navigator.onLine) window.location.reload();
  else status.textContent = texts.stillOffline;
});
