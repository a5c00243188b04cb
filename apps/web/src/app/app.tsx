import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { RuntimeConfigContext } from '../config/runtime-config-context.ts';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { createAppRouter } from './routes/router.tsx';

export interface AppProps {
  config: RuntimeConfig;
  i18n: I18n;
  queryClient: QueryClient;
}

/** The providers, then the router. */
export function App({ config, i18n, queryClient }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <RuntimeConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </RuntimeConfigContext>
  );
}
