import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The boundaries `npm run lint` enforces (.dependency-cruiser.cjs, decision 177), run on a small
// tree that breaks each of them on purpose, and on the repository, which breaks none.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./boundary-fixtures', import.meta.url));
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};

async function violationsIn(baseDir: string, paths: string[]): Promise<Set<string>> {
  const result = await cruise(paths, {
    ...config.options,
    baseDir,
    tsConfig: undefined,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  } as Parameters<typeof cruise>[1]);
  if (typeof result.output === 'string') throw new Error(result.output);
  return new Set(result.output.summary.violations.map((violation) => violation.rule.name));
}

describe('the boundary rules of npm run lint', () => {
  it('fail on a cross-feature import, an upward import and a cycle', async () => {
    const found = await violationsIn(FIXTURES, ['apps', 'packages']);
    expect([...found].sort()).toEqual([
      'api-repositories-talk-sql-only',
      'api-services-below-routes',
      'domain-schemas-below-rules',
      'no-cycle',
      'web-features-stand-alone',
      'web-shared-layers-below-features',
    ]);
  });

  it('pass on the repository', async () => {
    const found = await violationsIn(ROOT, ['apps', 'packages']);
    expect([...found]).toEqual([]);
  }, 60_000);
});
