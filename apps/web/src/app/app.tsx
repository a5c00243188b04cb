import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { RuntimeConfigContext } from '../config/runtime-config-context.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { RootLayout } from './routes/root-layout.tsx';

export interface AppProps {
  config: RuntimeConfig;
  i18n: I18n;
  queryClient: QueryClient;
}

/** The providers, then the frame and its screens (wouter reads the browser location). */
export function App({ config, i18n, queryClient }: AppProps) {
  return (
    <RuntimeConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RootLayout />
        </QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigContext>
  );
}
