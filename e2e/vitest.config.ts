import { defineProject } from 'vitest/config';

// End-to-end specs: real Chromium (playwright-core) against the built PWA served by the real API on
// a fresh embedded database. Run after `npm run build` (scripts/test.mjs does).
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
