import { defineProject } from 'vitest/config';

// Tests of the repository's own tooling (the boundary rules of `npm run lint`).
export default defineProject({
  test: { name: 'tooling', environment: 'node', include: ['*.test.ts'] },
});
