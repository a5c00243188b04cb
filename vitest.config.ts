import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace package that has tests; each project keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/brands', 'apps/api', 'apps/web'],
  },
});
