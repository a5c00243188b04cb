import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { startInMemoryDatabasesFrom } from '../../src/db/client.ts';

// In-memory databases of this test file start from the suite's initialised cluster
// (empty-cluster.global.ts) rather than running initdb each.
const dump = inject('emptyClusterDump');
if (dump) startInMemoryDatabasesFrom(new Blob([await readFile(dump)]));
