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
    // On CI a spec test that fails runs once more, as Playwright's own default for CI does: a real
    // browser on a busy 2-core machine can miss a moment; a test that fails twice fails CI.
    retry: process.env.CI ? 1 : 0,
    // A page is polled as long as a Playwright locator waits for it (20 s in the specs), not
    // Vitest's default 1 s: a lazy screen on a busy machine can take longer to appear.
    expect: { poll: { timeout: 20_000 } },
  },
});
