import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config/env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly initialised PGlite cluster, or '' when the tests run on PostgreSQL. */
    emptyClusterDump: string;
  }
}

/**
 * Runs initdb once for the whole API suite on PGlite: every test file then starts its in-memory
 * databases from this dump (empty-cluster.setup.ts) instead of initialising one each time.
 */
export default async function setup(project: TestProject) {
  if (loadConfig().databaseUrl) {
    project.provide('emptyClusterDump', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'auxilio-empty-cluster-'));
  const file = join(dir, 'cluster.tar');
  const cluster = await PGlite.create();
  try {
    const dump = await cluster.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await cluster.close();
  }
  project.provide('emptyClusterDump', file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
