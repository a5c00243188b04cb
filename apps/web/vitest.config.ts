import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  resolve: {
    alias: {
      // The PWA plugin's virtual module exists only in a Vite build; tests get an inert stand-in.
      'virtual:pwa-register/react': fileURLToPath(
        new URL('./src/test/pwa-register-stub.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // The phone's clock in UTC on every machine: a service in Puerto Rico then always names its zone
    // (decision 645), and no screen test depends on where it runs.
    env: { TZ: 'UTC' },
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
