import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The parsers and paths shared by env.ts and the per-concern *-config.ts files.

/**
 * apps/api: defaults are resolved from here, not from the working directory (npm -w changes it).
 * The nearest folder above this module with the API's package.json, so that it is the same from
 * the sources and from the compiled bundle in dist/ (docs/decisions/780).
 */
export const API_PACKAGE_ROOT = packageRootAbove(fileURLToPath(import.meta.url), '@auxilio/api');
/** The monorepo root; relative paths given in the environment are resolved against it. */
export const REPO_ROOT = resolve(API_PACKAGE_ROOT, '../..');

function packageRootAbove(file: string, name: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    ) {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`No package.json of ${name} above ${file}`);
  }
}

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** The parsed values of one concern's variables, e.g. `EnvValues<typeof MAPS_ENV>`. */
export type EnvValues<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable counts as unset (`DATABASE_URL= npm test` means "no PostgreSQL"). */
export const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

export const optionalString = emptyAsUnset(z.string().optional());

const FLAG_VALUES = ['true', 'false', '1', '0', 'yes', 'no'] as const;
const isTrue = (value: string) => ['true', '1', 'yes'].includes(value);

/** true/false, 1/0 or yes/no; unset: `fallback`. */
export const booleanFlag = (fallback: boolean) =>
  emptyAsUnset(
    z
      .enum(FLAG_VALUES)
      .optional()
      .transform((value) => (value === undefined ? fallback : isTrue(value))),
  );

/** Like booleanFlag, but unset stays undefined: for defaults that depend on NODE_ENV. */
export const optionalFlag = emptyAsUnset(
  z
    .enum(FLAG_VALUES)
    .optional()
    .transform((value) => (value === undefined ? undefined : isTrue(value))),
);

/** `a, b,,c` -> ['a', 'b', 'c']. */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The names whose value is unset, for "X, Y required by ..." messages. */
export function unsetNames(settings: [string, string | undefined][]): string[] {
  return settings.filter(([, value]) => value === undefined).map(([name]) => name);
}

export function resolveFromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}
