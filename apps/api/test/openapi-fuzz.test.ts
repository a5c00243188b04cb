import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from './helpers.ts';
import {
  freshCredentials,
  knownValueSource,
  seededValues,
  type SeededValues,
} from './fuzz/known-values.ts';
import {
  operationsOf,
  responseProblem,
  type OpenApiDocument,
  type Operation,
} from './fuzz/openapi-document.ts';
import { requestArbitrary, type FuzzRequest } from './fuzz/request-arbitrary.ts';
import { sendByInject, sendOverHttp } from './fuzz/send.ts';
import { firstPrAccount } from './support/service-request-payload.ts';

// Reliability under any input: an OpenAPI-driven fuzz test. Every operation of the document that the
// app itself generates (app.swagger(), from the zod schemas) gets FUZZ_RUNS generated requests,
// valid and invalid (test/fuzz/request-arbitrary.ts), with the real app key and a real service's
// bearer token so that they reach the handlers. Every answer must be below 500, have a documented
// status, and carry a body that matches the documented schema (ajv over the document's schemas).
// The list of operations is read from the document, so new routes are fuzzed without editing this.

/** Generated requests per operation: at least 200, enough to reach every branch of the schemas. */
const FUZZ_RUNS = 200;
/** Fixed, so that a failure reproduces; fast-check prints it with the counterexample. */
const FUZZ_SEED = 490_2026;

/**
 * Operations sent over real HTTP: a Server-Sent Events stream does not end, so `app.inject` would
 * wait for ever; its head (status, content type, first bytes) is checked and the connection dropped.
 * A stream documents `text/event-stream`; an `/events` path is taken as one even if it does not.
 */
const isStreaming = (operation: Operation) =>
  operation.path.endsWith('/events') ||
  Object.values(operation.spec.responses).some(
    (response) => response.content?.['text/event-stream'] !== undefined,
  );

/**
 * Operations in the document that are not fuzzed, with the reason. /docs and the PWA's static files
 * are not in the document at all (swagger skip list, hidden routes); everything in it is fuzzed.
 */
const EXCLUDED_OPERATIONS: ReadonlyMap<string, string> = new Map();

const base = testConfig();
const t = await createTestApp({
  config: {
    // Rate limits would turn the fuzz into a test of the limiter (429 after the budget): off, so
    // every request reaches the handlers (security-limits.test.ts tests the limits themselves).
    security: { ...base.security, rateLimit: { ...base.security.rateLimit, enabled: false } },
  },
});
const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
const seeded: SeededValues = await seededValues(t.db);
const accountId = await firstPrAccount(t.db);
const driverId = seeded.driverIds[0] ?? '';
const document = t.app.swagger() as unknown as OpenApiDocument;
const operations = operationsOf(document);
const nameOf = (operation: Operation) => `${operation.method} ${operation.path}`;
const fuzzed = operations.filter((operation) => !EXCLUDED_OPERATIONS.has(nameOf(operation)));

console.info(
  `OpenAPI fuzz: ${fuzzed.length} of ${operations.length} operations, ${FUZZ_RUNS} requests each, ` +
    `seed ${FUZZ_SEED}. Excluded: ${
      EXCLUDED_OPERATIONS.size === 0
        ? 'none'
        : [...EXCLUDED_OPERATIONS].map(([name, why]) => `${name} (${why})`).join('; ')
    }`,
);

afterAll(async () => {
  await t.close();
});

const cut = (text: string, max = 2_000) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** The request as a minimal reproduction (long parts cut). */
function reproduction(request: FuzzRequest): string {
  return [
    `${request.method} ${cut(request.url)}   [${request.mutation}]`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${cut(value, 300)}`),
    cut(request.payload ?? ''),
  ].join('\n');
}

describe('OpenAPI fuzz: every documented operation', () => {
  it('finds operations in the document', () => {
    expect(fuzzed.length).toBeGreaterThan(40);
  });

  for (const operation of fuzzed) {
    it(
      nameOf(operation),
      async () => {
        // A fresh service per operation: what one operation did (cancel, rate, ...) does not
        // decide what the next one can reach.
        const credentials = await freshCredentials(t.app, accountId, driverId);
        const source = knownValueSource(seeded, credentials);
        const streaming = isStreaming(operation);
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation, source, credentials), async (request) => {
            const response = streaming
              ? await sendOverHttp(baseUrl, request)
              : await sendByInject(t.app, request);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const problem =
              response.status >= 500
                ? `answered ${response.status}: ${response.body.slice(0, 500)}`
                : responseProblem(operation, response);
            if (problem) {
              throw new Error(
                `${nameOf(operation)} ${problem}\nRequest:\n${reproduction(request)}`,
              );
            }
          }),
          { numRuns: FUZZ_RUNS, seed: FUZZ_SEED, endOnFailure: false },
        );
        console.info(
          `${nameOf(operation)}: ${[...statuses]
            .sort(([a], [b]) => a - b)
            .map(([status, count]) => `${status}×${count}`)
            .join(' ')}`,
        );
      },
      180_000,
    );
  }
});
