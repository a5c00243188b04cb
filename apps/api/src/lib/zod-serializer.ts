import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Response serializer that checks the body with `schema.parse`, not `schema.encode` (the provider's
 * default). Domain schemas hold one-way transforms (the `towCollission` alias of SPEC 1) that zod
 * cannot encode, and our handlers already return the canonical output shape, which parses to itself.
 * See docs/decisions/162.
 */
export const parseSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new ResponseSerializationError(method, url, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
