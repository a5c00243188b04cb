// Decision 240: the app ships on Preact through `preact/compat`. In the build and the dev server
// every import of React, in our code and in libraries, resolves to Preact. Unit tests render with
// React (same component API); the browser specs run the Preact build.

export const PREACT_ALIASES = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
