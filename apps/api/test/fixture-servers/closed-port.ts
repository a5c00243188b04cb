import { createServer, type AddressInfo } from 'node:net';

/** A loopback port where nothing listens (connection refused), for the unreachable-provider cases. */
export async function closedLocalPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    probe.close(() => {
      resolve();
    }),
  );
  return port;
}
