import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import type { TestApp } from '../helpers.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

// A second API process on the test's PostgreSQL that reaches it through a TCP proxy: the test takes
// the database away from this one app (`proxy.cut()`) while the shared server stays up.

export interface ProxiedApp {
  /** Built, not yet ready or listening: the test does either. */
  app: FastifyInstance;
  proxy: TcpProxy;
  /** Closes the app, its database connections and the proxy. */
  close(): Promise<void>;
}

/** The app with `t`'s config, its database URL pointing at a proxy in front of `t`'s PostgreSQL. */
export async function startProxiedApp(t: TestApp): Promise<ProxiedApp> {
  const url = new URL(t.config.databaseUrl ?? '');
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const db = await openDatabase({ url: url.toString() });
  const app = await buildApp({
    config: { ...t.config, databaseUrl: url.toString() },
    db,
    logger: false,
  });
  return {
    app,
    proxy,
    close: async () => {
      await app.close();
      await db.close();
      await proxy.close();
    },
  };
}
