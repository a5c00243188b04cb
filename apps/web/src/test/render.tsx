import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { RuntimeConfigContext } from '../config/runtime-config-context.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';

/** Renders with the app's providers (config, i18n, a fresh query client without retries). */
export function renderWithProviders(
  ui: ReactNode,
  { config, i18n }: { config: RuntimeConfig; i18n: I18n },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <RuntimeConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigContext>,
  );
}
