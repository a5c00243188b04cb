import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

// A TCP proxy between the API and PostgreSQL, so a test can take "the database" away from one API
// process without touching the shared server: `cut()` drops every connection and refuses new ones
// (the port is closed, as when PostgreSQL is down), `restore()` listens on the same port again.

export interface TcpProxy {
  /** The port the proxy listens on (stable across cut/restore). */
  port: number;
  /** Drops every open connection and stops accepting new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  /** Connections accepted since the start (to see that the client reconnected). */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((client) => {
    accepted += 1;
    const upstream = connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = async () => {
    const closed = new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    cut: stop,
    restore: () => listen(port),
    accepted: () => accepted,
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
