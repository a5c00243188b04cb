import type { FastifyInstance } from 'fastify';
import appConfigRoutes from './app-config/index.ts';
import autodispatchRoutes from './autodispatch/index.ts';
import brandsRoutes from './brands/index.ts';
import commonRoutes from './common/index.ts';
import healthRoutes from './health/index.ts';
import manifestRoutes from './manifest/index.ts';
import mapRoutes from './map/index.ts';
import storageRoutes from './storage/index.ts';
import oidcRoutes from './oidc/index.ts';
import readyRoutes from './ready/index.ts';
import webRoutes from './web/index.ts';

// Route folders mirror URLs (CONVENTIONS "The API in plugin layers"); each folder's index.ts is
// registered under its path here, so the URL of a handler is its folder path.

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(readyRoutes, { prefix: '/ready' });
  await app.register(appConfigRoutes);
  await app.register(manifestRoutes);
  await app.register(brandsRoutes, { prefix: '/brands' });
  await app.register(commonRoutes, { prefix: '/common' });
  await app.register(autodispatchRoutes, { prefix: '/autodispatch' });
  await app.register(storageRoutes, { prefix: '/storage' });
  await app.register(mapRoutes, { prefix: '/map' });
  // The bundled identity provider, unless OIDC_ISSUER names another (docs/decisions/460).
  if (app.identity.embedded) await app.register(oidcRoutes, { prefix: '/oidc' });
  // Last: the catch-all for the PWA's files and client-side routes.
  await app.register(webRoutes);
}
