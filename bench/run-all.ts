// `npm run bench` (after the build): every benchmark in turn, each in its own process, then the
// figures into docs/performance.md. Exits non-zero when any benchmark was over its budget or failed,
// after running them all.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = [
  'bundle-size.ts',
  'status-latency.ts',
  'api-read.ts',
  'sse-fanout.ts',
  'position-ingest.ts',
  'service-creation.ts',
  'cold-start.ts',
  'dispatch-offer.ts',
  'dispatch-throughput.ts',
  'dispatcher-board.ts',
  'lighthouse.ts',
  'offline-repeat-visit.ts',
];

const failed: string[] = [];
for (const script of [...BENCHMARKS, 'report.ts']) {
  console.log(`\n=== ${script} ===`);
  const path = fileURLToPath(new URL(script, import.meta.url));
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path], { stdio: 'inherit' });
  if (status !== 0) failed.push(script);
}
console.log(
  failed.length
    ? `\nOver budget or failed: ${failed.join(', ')}`
    : '\nAll benchmarks within budget',
);
process.exitCode = failed.length ? 1 : 0;
