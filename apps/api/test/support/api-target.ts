import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../helpers.ts';

// What the kit's HTTP helpers call: a test app, or an app built by the test itself (with its own
// logger, say) over the test database.

export type ApiTarget = TestApp | FastifyInstance;

export function appOf(target: ApiTarget): FastifyInstance {
  return 'app' in target && 'db' in target ? target.app : target;
}

/** The public app key header every `/common` call needs. */
export function appKeyHeaders(target: ApiTarget): Record<string, string> {
  return { 'x-api-key': appOf(target).config.appKey };
}

/** The app key and `Authorization: Bearer <token>` (a service's or a driver's token). */
export function bearerHeaders(target: ApiTarget, token: string): Record<string, string> {
  return { ...appKeyHeaders(target), authorization: `Bearer ${token}` };
}
