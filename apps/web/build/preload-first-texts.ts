import type { Plugin } from 'vite';
import type { Language } from '@auxilio/domain';
import { localeFileUrl, PRELOADED_NAMESPACES } from '../src/lib/locale-files.ts';

// The texts every first screen needs start downloading with the page, beside the scripts, instead
// of after the scripts have run: on a weak signal that is one round trip less before the first
// paint (docs/decisions/720). Written in the default language; the server swaps the language of a
// page opened with another `lang` (apps/api/src/services/web-shell.ts).

/** SPEC 1 "The default language is Spanish (es)" (the config loader cannot read the domain's source). */
const BUILD_LANGUAGE: Language = 'es';

export function preloadFirstTexts(buildId: string): Plugin {
  return {
    name: 'auxilio-preload-first-texts',
    apply: 'build',
    transformIndexHtml: () =>
      PRELOADED_NAMESPACES.map((namespace) => ({
        tag: 'link',
        // `crossorigin` makes the preload the same request as the app's fetch() (CORS mode,
        // same-origin credentials), so the browser hands it over instead of asking twice.
        attrs: {
          rel: 'preload',
          as: 'fetch',
          crossorigin: '',
          href: localeFileUrl(BUILD_LANGUAGE, namespace, buildId),
        },
        injectTo: 'head',
      })),
  };
}
