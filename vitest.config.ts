import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace package that has tests; each project keeps its own config.
// `npm test` (scripts/test.mjs) runs the unit projects first and e2e last, after the build.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/brands',
      'packages/geo',
      'apps/api',
      'apps/web',
      'scripts',
      'e2e',
    ],
  },
});
