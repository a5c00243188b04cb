import type { FastifyInstance } from 'fastify';

/**
 * The origin of every URL the server hands out (signed storage URLs, geotext and texted links;
 * decision 504): PUBLIC_ORIGIN, else this server's own loopback origin on the port it listens on
 * (development and tests; production requires PUBLIC_ORIGIN). Never the request's Host or
 * X-Forwarded-Host: anyone can write those, and the URLs are where customers send their photos and
 * open their links.
 */
export function publicOriginOf(app: FastifyInstance): string {
  const { publicOrigin, port } = app.config;
  if (publicOrigin) return publicOrigin;
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return `http://localhost:${String(listening)}`;
}
