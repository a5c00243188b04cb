import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { seedDemoData } from '../../db/seed/index.ts';

// ARCHITECTURE decision 2: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set;
// migrations run at start, then the idempotent demo seed when SEED_DEMO.

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  /** Use this open database as is; the caller migrated it and closes it. */
  db?: DatabaseHandle | undefined;
}

async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  if (options.db) {
    app.decorate('database', options.db);
    return;
  }
  const { config } = app;
  const handle = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          onConnectionError: (error) => {
            app.log.warn({ err: error }, 'database connection lost; the pool replaces it');
          },
        }
      : { dataDir: config.pgliteDir },
  );
  app.decorate('database', handle);
  app.addHook('onClose', async () => {
    await handle.close();
  });
  const where =
    handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
  app.log.info(`database: ${where}`);
  await migrateDatabase(handle);
  if (config.seedDemo) {
    const summary = await seedDemoData(handle);
    app.log.info({ seed: summary }, 'demo data seeded');
  }
}

export default fp(databasePlugin, { name: 'database' });
