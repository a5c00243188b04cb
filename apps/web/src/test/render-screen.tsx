import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Brand } from '@auxilio/domain';
import { testConfig } from './fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { createTestI18n } from './test-i18n.ts';

/** Renders a screen at a path inside a memory router; `location.history` lists where it went. */
export async function renderAt(ui: ReactNode, path: string, brand?: Brand) {
  const location = memoryLocation({ path, record: true });
  const result = renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
    { config: testConfig(brand), i18n: await createTestI18n('es') },
  );
  return { ...result, location };
}
