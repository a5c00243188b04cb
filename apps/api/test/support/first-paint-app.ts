import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, FIXTURE_WEB_DIST, type TestApp } from '../helpers.ts';

// The pages' first paint (decisions 770, 752) reads the build's translation files: a test app
// serving the fixture build with the app's own texts copied in, as the build copies them.

/** The app's translation files, as the build copies them to `locales/`. */
export const APP_LOCALES = fileURLToPath(new URL('../../../web/public/locales', import.meta.url));

/** The test app on a build with the app's texts; `close` also removes that build. */
export async function createFirstPaintApp(): Promise<TestApp> {
  const dist = mkdtempSync(join(tmpdir(), 'auxilio-first-paint-'));
  cpSync(FIXTURE_WEB_DIST, dist, { recursive: true });
  cpSync(APP_LOCALES, join(dist, 'locales'), { recursive: true });
  const app = await createTestApp({ config: { webDistDir: dist } });
  return {
    ...app,
    close: async () => {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
