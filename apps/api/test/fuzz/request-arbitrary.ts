import fc from 'fast-check';
import { valueArbitrary, type JsonSchema, type ValueSource } from './json-schema-arbitrary.ts';
import {
  longString,
  malformedJson,
  oddPathSegment,
  percentEncode,
  textOf,
  wrongValue,
} from './invalid-values.ts';
import type { OpenApiParameter, Operation } from './openapi-document.ts';
import type { FuzzCredentials } from './known-values.ts';

// One generated HTTP request per fast-check run: a request valid by the document (parameters and
// body from their schemas, the real app key and bearer token), then, most of the time, one
// mutation that makes it invalid. Each request carries a label naming that mutation.

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was done to the valid request ("valid", "body.vehYear: wrong value", ...). */
  mutation: string;
}

type Body = { json: unknown } | { raw: string; contentType: string } | undefined;

interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  headerParams: Record<string, string>;
  body: Body;
  appKey: string | undefined;
  authorization: string | undefined;
}

interface Mutation {
  label: string;
  apply(parts: RequestParts): RequestParts;
}

/**
 * Longest query or header value sent, encoded: a request head beyond Node's 16 KiB limit is refused
 * by the HTTP parser (431) and by proxies before any route sees it, so it says nothing about the
 * operation. Long values go in bodies, where the limit is the app's own (413).
 */
const MAX_HEAD_VALUE_CHARS = 4_000;

const wrongHeadValue = wrongValue.filter(
  (value) => percentEncode(textOf(value)).length <= MAX_HEAD_VALUE_CHARS,
);

/** Over the 64 KiB default BODY_LIMIT_BYTES: must be a 413, never a 5xx. */
const OVER_LIMIT_BYTES = 70 * 1024;

const parametersIn = (operation: Operation, where: OpenApiParameter['in']) =>
  (operation.spec.parameters ?? []).filter((parameter) => parameter.in === where);

function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  return operation.spec.requestBody?.content['application/json']?.schema;
}

/** Header values must be printable ASCII or the HTTP layer refuses to send them. */
const asHeaderValue = (value: unknown): string => textOf(value).replace(/[^\x20-\x7e]/g, '?');

const asPathSegment = (value: unknown): string => percentEncode(textOf(value));

/**
 * Empty, `.` and `..` segments address another path, not this operation (URL parsers resolve dot
 * segments before the request leaves; an empty one names the parent path), so no request has them.
 */
const addressesTheOperation = (path: Record<string, string>) =>
  Object.values(path).every((value) =>
    value.split('/').every((segment) => !['', '.', '..'].includes(segment)),
  );

/** Parameters object → arbitrary of their values (required always, optional sometimes). */
function parametersArbitrary(
  parameters: OpenApiParameter[],
  source: ValueSource,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      parameter.name === '*'
        ? fc
            .array(fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/), { minLength: 1, maxLength: 3 })
            .map((segments) => segments.join('/'))
        : valueArbitrary(parameter.schema ?? {}, source, parameter.name),
    ]),
  );
  const required = parameters
    .filter((parameter) => parameter.required === true || parameter.in === 'path')
    .map((parameter) => parameter.name);
  return fc.record(model, { requiredKeys: required });
}

function validParts(
  operation: Operation,
  source: ValueSource,
  credentials: FuzzCredentials,
): fc.Arbitrary<RequestParts> {
  const bodySchema = jsonBodySchema(operation);
  const body: fc.Arbitrary<Body> = bodySchema
    ? valueArbitrary(bodySchema, source).map((json) => ({ json }))
    : operation.method === 'PUT'
      ? // A PUT without a JSON body takes raw bytes (the storage upload).
        fc
          .tuple(fc.string({ maxLength: 200 }), fc.constantFrom('image/jpeg', 'image/png'))
          .map(([raw, contentType]) => ({ raw, contentType }))
      : fc.constant(undefined);
  // Driver-app calls authenticate the driver, the console's the dispatcher, shared-link calls the
  // link; the others the service.
  const bearer = operation.path.includes('/driver-app/')
    ? credentials.driverBearer
    : operation.path.includes('/dispatcher/')
      ? credentials.dispatcherBearer
      : operation.path.includes('/shared')
        ? credentials.shareBearer
        : credentials.serviceBearer;
  return fc.record({
    path: parametersArbitrary(parametersIn(operation, 'path'), source)
      .map((values) =>
        Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            name === '*' ? String(value) : asPathSegment(value),
          ]),
        ),
      )
      .filter(addressesTheOperation),
    query: parametersArbitrary(parametersIn(operation, 'query'), source),
    headerParams: parametersArbitrary(parametersIn(operation, 'header'), source).map((values) =>
      Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, asHeaderValue(value)]),
      ),
    ),
    body,
    appKey: fc.constant(credentials.appKey),
    authorization: fc.constant(bearer),
  });
}

// --- Paths inside a JSON value, to break one nested field at a time ---

type Key = string | number;

function pathsOf(value: unknown, prefix: Key[] = []): Key[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [
      [...prefix, index],
      ...pathsOf(item, [...prefix, index]),
    ]);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  }
  return [];
}

/** A copy of `value` with the field at `path` replaced (or deleted when `replacement` is absent). */
function changedAt(value: unknown, path: Key[], replacement?: { value: unknown }): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement?.value;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (rest.length === 0 && !replacement) copy.splice(Number(head), 1);
    else copy[Number(head)] = changedAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (rest.length === 0 && !replacement) {
    return Object.fromEntries(entries.filter(([key]) => key !== String(head)));
  }
  const copy = Object.fromEntries(entries);
  copy[String(head)] = changedAt(copy[String(head)], rest, replacement);
  return copy;
}

function bodyMutations(): fc.Arbitrary<Mutation>[] {
  const jsonOf = (parts: RequestParts): unknown =>
    parts.body && 'json' in parts.body ? parts.body.json : {};
  return [
    fc.tuple(fc.nat(), wrongValue).map(([pick, replacement]) => ({
      label: 'body field: wrong value',
      apply: (parts) => {
        const paths = pathsOf(jsonOf(parts));
        const path = paths[pick % Math.max(paths.length, 1)] ?? ['unexpected'];
        return {
          ...parts,
          body: { json: changedAt(jsonOf(parts), path, { value: replacement }) },
        };
      },
    })),
    fc.nat().map((pick) => ({
      label: 'body field: removed',
      apply: (parts) => {
        const paths = pathsOf(jsonOf(parts));
        const path = paths[pick % Math.max(paths.length, 1)];
        return path ? { ...parts, body: { json: changedAt(jsonOf(parts), path) } } : parts;
      },
    })),
    longString.map((huge) => ({
      label: 'body: extra long field',
      apply: (parts) => {
        const json = jsonOf(parts);
        const base = typeof json === 'object' && json !== null ? json : {};
        return { ...parts, body: { json: { ...base, fuzzExtra: huge } } };
      },
    })),
    wrongValue.map((json) => ({
      label: 'body: replaced by another JSON value',
      apply: (parts) => ({ ...parts, body: { json } }),
    })),
    malformedJson.map((raw) => ({
      label: 'body: malformed JSON',
      apply: (parts) => ({ ...parts, body: { raw, contentType: 'application/json' } }),
    })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'application/json; charset=latin1',
      )
      .map((contentType) => ({
        label: `body: content-type ${contentType}`,
        apply: (parts) => ({
          ...parts,
          body: { raw: textOf(jsonOf(parts)), contentType },
        }),
      })),
    fc.constant({
      label: 'body: none',
      apply: (parts: RequestParts) => ({ ...parts, body: undefined }),
    }),
    fc.constant({
      label: 'body: over the size limit',
      apply: (parts: RequestParts) => ({
        ...parts,
        body: { json: { padding: 'x'.repeat(OVER_LIMIT_BYTES) } },
      }),
    }),
  ];
}

function parameterMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  const mutations: fc.Arbitrary<Mutation>[] = [];
  const pathNames = parametersIn(operation, 'path').map((parameter) => parameter.name);
  if (pathNames.length > 0) {
    mutations.push(
      fc
        .tuple(
          fc.constantFrom(...pathNames),
          oddPathSegment.filter((s) => s !== ''),
        )
        .map(([name, segment]) => ({
          label: `path ${name}: odd segment`,
          apply: (parts) => ({ ...parts, path: { ...parts.path, [name]: segment } }),
        })),
    );
  }
  const queryNames = parametersIn(operation, 'query').map((parameter) => parameter.name);
  mutations.push(
    fc.tuple(fc.constantFrom('fuzz', ...queryNames), wrongHeadValue).map(([name, value]) => ({
      label: `query ${name}: wrong value`,
      apply: (parts) => ({ ...parts, query: { ...parts.query, [name]: value } }),
    })),
  );
  if (queryNames.length > 0) {
    mutations.push(
      fc.constantFrom(...queryNames).map((name) => ({
        label: `query ${name}: repeated`,
        apply: (parts) => ({ ...parts, query: { ...parts.query, [name]: ['a', '1'] } }),
      })),
      fc.constantFrom(...queryNames).map((name) => ({
        label: `query ${name}: removed`,
        apply: (parts) => ({
          ...parts,
          query: Object.fromEntries(Object.entries(parts.query).filter(([key]) => key !== name)),
        }),
      })),
    );
  }
  for (const parameter of parametersIn(operation, 'header')) {
    mutations.push(
      wrongHeadValue.map((value) => ({
        label: `header ${parameter.name}: wrong value`,
        apply: (parts) => ({
          ...parts,
          headerParams: { ...parts.headerParams, [parameter.name]: asHeaderValue(value) },
        }),
      })),
    );
  }
  return mutations;
}

function credentialMutations(credentials: FuzzCredentials): fc.Arbitrary<Mutation>[] {
  return [
    fc.constant({
      label: 'no x-api-key',
      apply: (parts: RequestParts) => ({ ...parts, appKey: undefined }),
    }),
    fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((key) => ({
      label: 'wrong x-api-key',
      apply: (parts) => ({ ...parts, appKey: `${key}-not-the-key` }),
    })),
    fc.constant({
      label: 'no bearer token',
      apply: (parts: RequestParts) => ({ ...parts, authorization: undefined }),
    }),
    fc.constant({
      label: "another service's bearer token",
      apply: (parts: RequestParts) => ({ ...parts, authorization: credentials.otherServiceBearer }),
    }),
    fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((token) => ({
      label: 'garbage authorization',
      apply: (parts) => ({ ...parts, authorization: asHeaderValue(`Bearer ${token}`) }),
    })),
  ];
}

function toRequest(operation: Operation, parts: RequestParts, mutation: string): FuzzRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => parts.path[name] ?? '');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, textOf(item));
    }
  }
  const query = search.toString();
  const headers: Record<string, string> = { ...parts.headerParams };
  if (parts.appKey !== undefined) headers['x-api-key'] = parts.appKey;
  if (parts.authorization !== undefined) headers.authorization = parts.authorization;
  const request: FuzzRequest = {
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    headers,
    mutation,
  };
  if (parts.body && 'json' in parts.body) {
    headers['content-type'] = 'application/json';
    request.payload = textOf(parts.body.json) || 'null';
  } else if (parts.body) {
    headers['content-type'] = parts.body.contentType;
    request.payload = parts.body.raw;
  }
  return request;
}

/** Requests for `operation`: about one in four valid, the rest with one mutation each. */
export function requestArbitrary(
  operation: Operation,
  source: ValueSource,
  credentials: FuzzCredentials,
): fc.Arbitrary<FuzzRequest> {
  const canHaveBody = operation.spec.requestBody !== undefined || operation.method === 'PUT';
  const mutations = [
    ...(canHaveBody ? bodyMutations() : []),
    ...parameterMutations(operation),
    ...credentialMutations(credentials),
  ];
  const valid: Mutation = { label: 'valid', apply: (parts) => parts };
  return fc
    .tuple(
      validParts(operation, source, credentials),
      fc.oneof(
        { weight: 1, arbitrary: fc.constant(valid) },
        { weight: 3, arbitrary: fc.oneof(...mutations) },
      ),
    )
    .map(([parts, mutation]) => toRequest(operation, mutation.apply(parts), mutation.label));
}
