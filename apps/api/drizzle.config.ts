import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (run in apps/api) writes a new SQL migration into ./drizzle from the
// schema; the migrations are committed and run at start by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
