import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Build-time code (apps/web/build) is tested in Node (`@vitest-environment node`): no window there.
const inBrowser = typeof window !== 'undefined';

afterEach(() => {
  cleanup();
  if (inBrowser) localStorage.clear();
});

// jsdom has no scrolling; React Router's ScrollRestoration calls it on navigation.
if (inBrowser) window.scrollTo = () => undefined;
