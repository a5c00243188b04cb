import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dispatchers } from '../../src/db/schema.ts';
import { generateRandomToken, hashServiceToken } from '../../src/services/service-tokens.ts';

// A signed-in dispatcher without the browser: a session row for a seeded demo dispatcher, as the
// sign-in would write it, and its token for `Authorization: Bearer` or a stream's `?token=`.

/** The seeded demo dispatchers by their scope (apps/api/src/db/seed/dispatchers.ts). */
export const DEMO_DISPATCHER_EMAILS = {
  pr: 'despacho.pr@auxilio.example',
  pa: 'despacho.pa@auxilio.example',
  mmm: 'despacho.mmm@auxilio.example',
  all: 'supervision@auxilio.example',
} as const;

const SESSION_HOURS = 12;

/** A fresh session token of the seeded dispatcher with that e-mail. */
export async function dispatcherToken(app: FastifyInstance, email: string): Promise<string> {
  const [dispatcher] = await app.database.db
    .select({ id: dispatchers.id })
    .from(dispatchers)
    .where(eq(dispatchers.email, email))
    .limit(1);
  if (!dispatcher) throw new Error(`No seeded dispatcher has the e-mail ${email}`);
  const token = generateRandomToken();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000);
  await app.repositories.dispatchers.createSession(
    dispatcher.id,
    hashServiceToken(token),
    expiresAt,
  );
  return token;
}
