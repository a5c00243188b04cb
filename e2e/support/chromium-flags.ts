// The workplace's Chromium, shared by the e2e browser and the benchmarks: no test-runner import here,
// so a benchmark run by plain Node can use it too.

/** Chromium from the Debian package. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** What this workplace needs: headless, no sandbox, no GPU, and no calls home (there is no network). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** WebGL in software, as a phone's GPU would draw a WebGL map. */
export const SOFTWARE_WEBGL_FLAGS: readonly string[] = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** Playwright's launch options for that Chromium. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };
}
