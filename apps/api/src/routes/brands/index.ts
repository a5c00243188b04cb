import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  BRAND_ASSETS,
  brandAssetFile,
  getBrand,
  serviceCentersOf,
  type BrandAsset,
} from '@auxilio/brands';
import { ServiceCenterListSchema } from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { ERROR_RESPONSES, NOT_MODIFIED } from '../../lib/route-schemas.ts';

/** Asset URLs are not content-hashed, so cache for a week and revalidate with the ETag. */
const ASSET_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

interface LoadedAsset {
  /** SVG text. */
  body: string;
  etag: string;
}

const ParamsSchema = z.object({
  slug: z.string().max(100).describe('Brand slug'),
  asset: z.string().max(100).describe('logo.svg, icon.svg or favicon.svg'),
});

function assetName(file: string): BrandAsset | undefined {
  return BRAND_ASSETS.find((asset) => `${asset}.svg` === file);
}

/**
 * GET /brands/:slug/:asset: a catalog brand's logo, icon or favicon (SVG). GET
 * /brands/:slug/centers.json: the brand's service centres (SPEC 2 "/corporate/centers", decision
 * 621). Public: catalog data, no personal data.
 */
const brandsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // The catalog is fixed for the life of the process: read each file once.
  const cache = new Map<string, LoadedAsset>();

  app.get(
    '/:slug/centers.json',
    {
      schema: {
        tags: ['web'],
        summary: "A brand's service centres",
        params: z.object({ slug: z.string().max(100).describe('Brand slug') }),
        response: { 200: ServiceCenterListSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const brand = getBrand(slug);
      if (!brand || brand.slug !== slug) throw notFound('Brand', slug);
      // Catalog data changes with a deploy only; a day old list is fine on a weak signal.
      reply.header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400');
      return { centers: [...serviceCentersOf(brand)] };
    },
  );

  app.get(
    '/:slug/:asset',
    {
      schema: {
        tags: ['web'],
        summary: "A brand's logo, icon or favicon",
        params: ParamsSchema,
        response: {
          200: {
            description: 'The SVG file',
            content: { 'image/svg+xml': { schema: z.string() } },
          },
          304: NOT_MODIFIED,
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { slug, asset: file } = request.params;
      const brand = getBrand(slug);
      const asset = assetName(file);
      if (!brand || brand.slug !== slug || !asset) throw notFound('Brand asset', `${slug}/${file}`);
      const key = `${brand.slug}/${asset}`;
      let loaded = cache.get(key);
      if (!loaded) {
        const body = await readFile(brandAssetFile(brand, asset), 'utf8');
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        loaded = { body, etag };
        cache.set(key, loaded);
      }
      reply
        .header('cache-control', ASSET_CACHE_CONTROL)
        .header('etag', loaded.etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly must not run script.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === loaded.etag) return reply.code(304).send(null);
      return reply.type('image/svg+xml').send(loaded.body);
    },
  );
  done();
};

export default brandsRoutes;
