import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where each benchmark leaves its last figures (ignored by git); report.ts writes them up. */
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

export function recordResult(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${name}.json`;
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2) + '\n');
}
