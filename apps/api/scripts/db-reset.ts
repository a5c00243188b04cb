import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { resetDatabase } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/index.ts';

// `npm run db:reset`: start over. Drops everything in the database the server would use
// (DATABASE_URL, else the PGlite directory, apps/api/.data/pglite by default), migrates and seeds.
// `--data-dir <dir>` picks another PGlite directory (ignored when DATABASE_URL is set).

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  strict: true,
});

if (values.help) {
  console.log('Usage: npm run db:reset [-- --data-dir <pglite directory>]');
  process.exit(0);
}

const config = loadConfig();
const dataDir = values['data-dir'] ? resolve(values['data-dir']) : config.pgliteDir;
const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir });
try {
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${dataDir}`;
  console.log(`Resetting ${where} ...`);
  const started = performance.now();
  await resetDatabase(handle);
  const summary = await seedDemoData(handle);
  console.log(`Migrated and seeded in ${Math.round(performance.now() - started)} ms:`);
  console.table(summary);
} finally {
  await handle.close();
}
