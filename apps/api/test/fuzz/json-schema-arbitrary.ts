import fc from 'fast-check';

// Valid values for the request schemas of the OpenAPI document (JSON Schema 2020-12 as
// fastify-type-provider-zod writes it from the zod schemas). Only the keywords that document uses
// on the request side are understood; an unknown shape falls back to any JSON value, which the
// fuzz then simply treats as one more invalid input.

export type JsonSchema = Record<string, unknown>;

export interface ValueSource {
  /**
   * Real values (ids of seeded rows, the fuzzed service's id) worth trying for a field or parameter
   * of this name, so that generated requests reach the handlers rather than stopping at a 404.
   */
  knownValues(name: string, schema: JsonSchema): readonly unknown[];
}

/** Longest generated free string: long inputs are the invalid generator's job. */
const MAX_FREE_STRING = 40;
/** Most items generated for an array without maxItems. */
const MAX_FREE_ITEMS = 4;

const asSchema = (value: unknown): JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : {};
const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

function withinLength(schema: JsonSchema): (value: string) => boolean {
  const min = asNumber(schema.minLength) ?? 0;
  const max = asNumber(schema.maxLength) ?? Number.POSITIVE_INFINITY;
  return (value) => value.length >= min && value.length <= max;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(withinLength(schema));
  }
  const minLength = asNumber(schema.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(asNumber(schema.maxLength) ?? 64, 64));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(withinLength(schema));
    case 'uri':
      return fc.webUrl().filter(withinLength(schema));
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    default:
      // Mostly plain characters, some accented letters and emoji (two UTF-16 units each).
      return fc
        .string({
          unit: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('a', 'Z', '0', ' ', '-', '.') },
            { weight: 1, arbitrary: fc.constantFrom('ñ', 'É', 'ü', '😀', '中') },
          ),
          minLength,
          maxLength: Math.min(maxLength, Math.max(minLength, MAX_FREE_STRING)),
        })
        .filter(withinLength(schema));
  }
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = asNumber(schema.exclusiveMinimum);
  const exclusiveMax = asNumber(schema.exclusiveMaximum);
  const min = asNumber(schema.minimum) ?? exclusiveMin ?? -1e9;
  const max = asNumber(schema.maximum) ?? exclusiveMax ?? 1e9;
  const base = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return base.filter(
    (value) =>
      (exclusiveMin === undefined || value > exclusiveMin) &&
      (exclusiveMax === undefined || value < exclusiveMax),
  );
}

function objectArbitrary(schema: JsonSchema, source: ValueSource): fc.Arbitrary<unknown> {
  const properties = asSchema(schema.properties);
  const names = Object.keys(properties);
  if (names.length === 0) {
    if (schema.propertyNames || schema.additionalProperties) {
      const key = stringArbitrary({ minLength: 1, ...asSchema(schema.propertyNames) });
      const value =
        typeof schema.additionalProperties === 'object'
          ? valueArbitrary(asSchema(schema.additionalProperties), source)
          : fc.jsonValue();
      return fc.dictionary(key, value, { maxKeys: MAX_FREE_ITEMS });
    }
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 2 });
  }
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const model = Object.fromEntries(
    names.map((name) => [name, valueArbitrary(asSchema(properties[name]), source, name)]),
  );
  return fc.record(model, { requiredKeys: required.filter((name) => names.includes(name)) });
}

/** Any value that `schema` accepts, now and then a known real value for a field called `name`. */
export function valueArbitrary(
  schema: JsonSchema,
  source: ValueSource,
  name?: string,
): fc.Arbitrary<unknown> {
  const generated = generatedArbitrary(schema, source);
  const known = name === undefined ? [] : source.knownValues(name, schema);
  if (known.length === 0) return generated;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: generated },
  );
}

function generatedArbitrary(schema: JsonSchema, source: ValueSource): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  const choices: unknown = schema.enum;
  if (Array.isArray(choices) && choices.length > 0)
    return fc.constantFrom(...(choices as unknown[]));
  const alternatives: unknown = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((option) => valueArbitrary(asSchema(option), source)));
  }
  if (Array.isArray(schema.type)) {
    return fc.oneof(
      ...(schema.type as unknown[]).map((type) => valueArbitrary({ ...schema, type }, source)),
    );
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = asNumber(schema.minItems) ?? 0;
      const maxLength = asNumber(schema.maxItems) ?? Math.max(minLength, MAX_FREE_ITEMS);
      return fc.array(valueArbitrary(asSchema(schema.items), source), {
        minLength,
        maxLength: Math.min(maxLength, minLength + MAX_FREE_ITEMS),
      });
    }
    case 'object':
      return objectArbitrary(schema, source);
    default:
      return schema.properties ? objectArbitrary(schema, source) : fc.jsonValue();
  }
}
