import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'geo', environment: 'node' } });
