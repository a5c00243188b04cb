import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './json-schema-arbitrary.ts';

// The parts of the OpenAPI 3.1 document (app.swagger()) the fuzz reads, and the checks of a
// response against it: documented status, documented media type, body valid against the schema.

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiMedia {
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, OpenApiMedia> };
  responses: Record<string, { content?: Record<string, OpenApiMedia> }>;
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** The path template of the document, e.g. `/common/services/{id}`. */
  path: string;
  spec: OpenApiOperation;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
  );
}

// OpenAPI 3.1 schemas are JSON Schema 2020-12. Not strict: the document carries OpenAPI-only
// keywords (e.g. `example`) that are annotations, not constraints.
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Whether `value` passes `schema` (used to pick real values that fit a field). */
export function fits(schema: JsonSchema, value: unknown): boolean {
  return validatorOf(schema)(value);
}

export interface ObservedResponse {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** Media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Why `response` does not conform to what the document promises for `operation`, or undefined
 * when it conforms.
 */
export function responseProblem(
  operation: Operation,
  response: ObservedResponse,
): string | undefined {
  const documented =
    operation.spec.responses[String(response.status)] ?? operation.spec.responses.default;
  if (!documented) {
    const statuses = Object.keys(operation.spec.responses).join(', ');
    return `status ${response.status} is not documented (documented: ${statuses})`;
  }
  const content = documented.content;
  if (!content || Object.keys(content).length === 0) {
    return response.body === ''
      ? undefined
      : `status ${response.status} is documented without a body, got ${response.body.length} bytes`;
  }
  const mediaType = mediaTypeOf(response.contentType);
  const media = mediaType === undefined ? undefined : content[mediaType];
  if (!media) {
    const documentedTypes = Object.keys(content).join(', ');
    return `content-type ${String(response.contentType)} is not documented for ${response.status} (documented: ${documentedTypes})`;
  }
  if (mediaType !== 'application/json' && !mediaType?.endsWith('+json')) {
    // Files (images, octet streams): the document says only "a string", which any body is.
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `the ${response.status} body is not JSON although its content-type says so`;
  }
  if (!media.schema) return undefined;
  const validate = validatorOf(media.schema);
  if (validate(body)) return undefined;
  return `the ${response.status} body does not match its schema: ${ajv.errorsText(validate.errors)}`;
}
