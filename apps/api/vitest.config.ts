import { defineProject } from 'vitest/config';

// The same API suite runs on in-memory PGlite (default) and on PostgreSQL when DATABASE_URL is set
// (CONVENTIONS "Tests"). The test files then share one database, so they run one after another.
// (Tooling config: the only place besides src/config/env.ts that reads the environment.)
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // *.pg.test.ts need a shared PostgreSQL (two API processes on one database): excluded on PGlite
    // rather than skipped, so every run executes everything it includes.
    exclude: onPostgres ? [] : ['**/*.pg.test.ts'],
    fileParallelism: !onPostgres,
    globalSetup: ['test/support/empty-cluster.global.ts'],
    setupFiles: ['test/support/empty-cluster.setup.ts'],
    // Opening, migrating and seeding a database takes seconds, more on a busy machine.
    hookTimeout: 120_000,
    testTimeout: 30_000,
    // On CI a test that fails is run once more before it fails the build: these tests restart
    // databases, pause Redis and kill processes on a shared 2-core machine, where a moment of
    // starvation is not a defect. A test that fails twice fails CI; the report names every retry.
    retry: process.env.CI ? 1 : 0,
  },
});
