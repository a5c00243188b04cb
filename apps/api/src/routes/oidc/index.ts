import type { FastifyInstance } from 'fastify';
import interactionRoutes from './interaction.ts';
import providerRoutes from './provider.ts';

/**
 * The bundled development identity provider under /oidc (docs/decisions/460): our sign-in and consent
 * pages, then everything else (discovery, /authorize, /token, /me, /jwks) handed to oidc-provider.
 * Registered only when OIDC_ISSUER is unset. Hidden from the OpenAPI document: it stands in for an
 * external provider and is not part of SPEC 7.
 */
export default async function oidcRoutes(app: FastifyInstance): Promise<void> {
  await app.register(interactionRoutes);
  await app.register(providerRoutes);
}
