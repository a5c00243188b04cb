import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { RuntimeConfigContext } from '../config/runtime-config-context.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';

/**
 * Renders with the app's providers (config, i18n, and a fresh query client without retries unless
 * the test passes the app's own).
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    config,
    i18n,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { config: RuntimeConfig; i18n: I18n; queryClient?: QueryClient },
) {
  return render(
    <RuntimeConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigContext>,
  );
}
