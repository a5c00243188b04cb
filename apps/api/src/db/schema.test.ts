import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BRANCHES, SERVICE_STATUSES } from '@auxilio/domain';
import { describe, expect, it } from 'vitest';
import { findMigrationsFolder } from './migrate.ts';
import { DB_BRANCHES, DB_SERVICE_STATUSES } from './schema.ts';

const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('schema', () => {
  it('checks the same branch codes and status words as the domain', () => {
    expect([...DB_BRANCHES]).toEqual([...BRANCHES]);
    expect([...DB_SERVICE_STATUSES]).toEqual([...SERVICE_STATUSES]);
  });

  it('finds the committed migrations folder by walking up', () => {
    const folder = findMigrationsFolder();
    expect(folder).toBe(join(API_ROOT, 'drizzle'));
    expect(findMigrationsFolder(join(API_ROOT, 'src', 'db', 'seed'))).toBe(folder);
  });

  it('has committed migrations that match the schema (drizzle-kit generate finds nothing new)', async () => {
    // drizzle-kit only reads an --out folder given relative to its working directory, so the copy
    // lives under apps/api/.data (git-ignored).
    const scratch = join(API_ROOT, '.data', `migration-check-${process.pid}`);
    await rm(scratch, { recursive: true, force: true });
    await mkdir(dirname(scratch), { recursive: true });
    await cp(findMigrationsFolder(), scratch, { recursive: true });
    try {
      const before = await readdir(scratch, { recursive: true });
      // The package does not export its CLI file; it sits beside the main entry.
      const bin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          bin,
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema.ts',
          '--out',
          relative(API_ROOT, scratch),
        ],
        { cwd: API_ROOT, timeout: 60_000 },
      );
      expect(stdout).toContain('No schema changes');
      expect((await readdir(scratch, { recursive: true })).sort()).toEqual(before.sort());
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
