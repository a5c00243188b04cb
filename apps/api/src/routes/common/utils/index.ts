import { z } from 'zod';
import {
  AddNoteRequestSchema,
  AddNoteResponseSchema,
  ApiErrorSchema,
  SituationSpecificationRequestSchema,
  SituationSpecificationResponseSchema,
  VehicleMakesParamsSchema,
  VehicleMakesResponseSchema,
  VehicleModelsParamsSchema,
  VehicleModelsResponseSchema,
  ZonesParamsSchema,
  ZonesQuerySchema,
  ZonesResponseSchema,
} from '@auxilio/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { APP_KEY_ERROR_RESPONSES, APP_KEY_SECURITY } from '../../../lib/route-schemas.ts';
import { addNote, specifySituation } from '../../../services/utils-notes.ts';
import { makesOf, modelsOf } from '../../../services/vehicle-catalog.ts';
import { zonesOf } from '../../../services/zones.ts';

const SERVICE_ERRORS = {
  403: ApiErrorSchema.with(z.describe('The bearer token does not open that service')),
  409: ApiErrorSchema.with(z.describe('The service was voided or cancelled')),
} as const;

/** /common/utils: SPEC 7 getMake, getModel, zones, addNote and situation-specification. */
const utilsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/getMake/:country',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Vehicle makes sold in a country (SPEC 7 getMake/{x}: x is the country)',
        description:
          'x is the branch short code PR, PA, CR, CO or MX, any case (decision 400). The catalog ' +
          'is data, per country where it differs.',
        security: APP_KEY_SECURITY,
        params: VehicleMakesParamsSchema,
        response: { 200: VehicleMakesResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => ({ data: makesOf(request.params.country) }),
  );

  app.get(
    '/getModel/:country/:make',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Models of a make sold in a country (SPEC 7 getModel/{x}/{y}: country, make)',
        description:
          'The make matches without regard to case or accents; a make the country does not have ' +
          'is a 404 (decision 400).',
        security: APP_KEY_SECURITY,
        params: VehicleModelsParamsSchema,
        response: { 200: VehicleModelsResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    (request) => ({ data: modelsOf(request.params.country, request.params.make) }),
  );

  app.get(
    '/zones/:countryCode',
    {
      schema: {
        tags: ['catalog'],
        summary: "A country's service zones (SPEC 7 zones/{country code}?populate=false)",
        description:
          'Zones are first-order divisions: PR municipios, CR/PA provinces, CO departments, MX ' +
          'states (decision 401). populate=true adds each zone’s towns, largest first.',
        security: APP_KEY_SECURITY,
        params: ZonesParamsSchema,
        querystring: ZonesQuerySchema,
        response: { 200: ZonesResponseSchema, ...APP_KEY_ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await zonesOf(request.params.countryCode, request.query.populate),
    }),
  );

  app.post(
    '/addNote',
    {
      schema: {
        tags: ['tracking'],
        summary: "A note for the service's driver (SPEC 2 'Instructions for driver')",
        description:
          'Needs `Authorization: Bearer <token>` of the service. Stored once per service and text ' +
          '(a retry answers the stored note) and published on the service event stream as a ' +
          '`note` event (decision 402).',
        security: APP_KEY_SECURITY,
        body: AddNoteRequestSchema,
        response: { 200: AddNoteResponseSchema, ...APP_KEY_ERROR_RESPONSES, ...SERVICE_ERRORS },
      },
    },
    (request) => addNote(app.repositories, request.headers.authorization, request.body),
  );

  app.patch(
    '/situation-specification',
    {
      schema: {
        tags: ['tracking'],
        summary: 'What the customer documented: a comment or not, and how many photos',
        description:
          'Needs `Authorization: Bearer <token>` of the service. Replaces the stored ' +
          'specification (decision 402).',
        security: APP_KEY_SECURITY,
        body: SituationSpecificationRequestSchema,
        response: {
          200: SituationSpecificationResponseSchema,
          ...APP_KEY_ERROR_RESPONSES,
          ...SERVICE_ERRORS,
        },
      },
    },
    (request) => specifySituation(app.repositories, request.headers.authorization, request.body),
  );
  done();
};

export default utilsRoutes;
