import {
  driverBranchesOf,
  isServiceInScope,
  type DispatcherProfile,
  type DispatcherScope,
  type ScopedService,
} from '@auxilio/domain';
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { services } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { DispatcherRow } from '../../repositories/dispatchers.ts';
import type { Repositories } from '../../repositories/index.ts';
import { bearerTokenOf, hashServiceToken } from '../service-tokens.ts';

// Security by credential (docs/decisions/762): every console call names its dispatcher by a session
// token, and every read and action is limited to the dispatcher's scope. What lies outside it
// answers 404, exactly as an id that does not exist, so a dispatcher learns nothing of other
// tenants.

/** The signed-in dispatcher of one request, with the scope every query is limited to. */
export interface DispatcherContext {
  dispatcher: DispatcherRow;
  scope: DispatcherScope;
  /** Branches whose drivers this dispatcher sees and may assign. */
  driverBranches: string[];
}

type AuthRepos = Pick<Repositories, 'dispatchers'>;

/** Where a scope that cannot be read is reported; the request goes on with an empty scope. */
export type ScopeWarningLog = Pick<FastifyBaseLogger, 'warn'>;

const ScopeJsonSchema = z.object({
  accounts: z.array(z.string()),
  brands: z.array(z.string()),
  branches: z.array(z.string()),
});

const EMPTY_SCOPE: DispatcherScope = { accounts: [], brands: [], branches: [] };

/**
 * The dispatcher's scope as stored. A scope that is not three lists of names (a row written by
 * hand) is an empty scope: the dispatcher sees nothing until it is corrected, and it is logged.
 */
export function scopeOf(dispatcher: DispatcherRow, log?: ScopeWarningLog): DispatcherScope {
  const parsed = ScopeJsonSchema.safeParse(dispatcher.scope);
  if (parsed.success) return parsed.data;
  log?.warn(
    {
      dispatcherId: dispatcher.id,
      issues: parsed.error.issues.map((issue) => issue.path.join('.')),
    },
    'Dispatcher scope is not valid: treated as empty',
  );
  return EMPTY_SCOPE;
}

export async function dispatcherContextOf(
  repos: AuthRepos,
  dispatcher: DispatcherRow,
  log?: ScopeWarningLog,
): Promise<DispatcherContext> {
  const scope = scopeOf(dispatcher, log);
  const accountBranches = await repos.dispatchers.accountBranchesOf(scope);
  return { dispatcher, scope, driverBranches: driverBranchesOf(scope, accountBranches) };
}

/**
 * The dispatcher whose session token is sent as `Authorization: Bearer` (or, for a stream that
 * `EventSource` opens, as `?token=`); 401 when missing, unknown, expired or disabled.
 */
export async function authenticateDispatcher(
  repos: AuthRepos,
  token: string | undefined,
  log?: ScopeWarningLog,
  now: Date = new Date(),
): Promise<DispatcherContext> {
  if (!token) {
    throw new AppError('UNAUTHORIZED', 'Missing dispatcher token: send Authorization: Bearer');
  }
  const dispatcher = await repos.dispatchers.findBySessionHash(hashServiceToken(token), now);
  if (!dispatcher) throw new AppError('UNAUTHORIZED', 'Unknown or expired dispatcher session');
  return dispatcherContextOf(repos, dispatcher, log);
}

/** The token of a request: the bearer header, else `?token=` (streams). */
export function dispatcherTokenOf(
  authorization: string | undefined,
  queryToken: string | undefined,
): string | undefined {
  return bearerTokenOf(authorization) ?? queryToken;
}

export function profileOf(context: DispatcherContext): DispatcherProfile {
  const { dispatcher, scope } = context;
  return {
    id: dispatcher.id,
    name: dispatcher.name,
    email: dispatcher.email,
    scope: {
      accounts: [...scope.accounts],
      brands: [...scope.brands],
      branches: [...scope.branches],
    },
    driverBranches: context.driverBranches,
  };
}

/** The SQL condition that keeps a query of `services` inside the scope. */
export function servicesInScope(scope: DispatcherScope): SQL {
  const conditions: SQL[] = [];
  if (scope.accounts.length > 0) conditions.push(inArray(services.accountId, [...scope.accounts]));
  if (scope.brands.length > 0) conditions.push(inArray(services.brand, [...scope.brands]));
  if (scope.branches.length > 0) conditions.push(inArray(services.branch, [...scope.branches]));
  return or(...conditions) ?? sql`false`;
}

const notFound = (what: string) => new AppError('NOT_FOUND', `No ${what} has that id`);

/** 404 unless the service is the dispatcher's to see (the same answer as an unknown id). */
export function assertServiceInScope<T extends ScopedService>(
  context: DispatcherContext,
  service: T | undefined,
): T {
  if (!service || !isServiceInScope(context.scope, service)) throw notFound('service');
  return service;
}

/** 404 unless the driver works in a branch the dispatcher sees. */
export function assertDriverInScope<T extends { branch: string }>(
  context: DispatcherContext,
  driver: T | undefined,
): T {
  if (!isDriverInScope(context, driver)) throw notFound('driver');
  return driver;
}

/** True when the driver works in a branch the dispatcher sees. */
export function isDriverInScope<T extends { branch: string }>(
  context: DispatcherContext,
  driver: T | undefined,
): driver is T {
  return driver !== undefined && context.driverBranches.includes(driver.branch);
}
