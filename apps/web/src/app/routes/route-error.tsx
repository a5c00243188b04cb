import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button/button.tsx';
import { ErrorScreen } from '../../features/errors/components/error-screen.tsx';
import { reportError } from '../../lib/telemetry/telemetry.ts';

export interface ScreenErrorBoundaryProps {
  children: ReactNode;
  /** Told of the failure (the shell shows the no-connection screen when it happened offline). */
  onError?: (error: unknown) => void;
}

/** Catches a screen that failed to load or render, and shows the route error screen instead. */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** A screen failed to load or render (e.g. its code could not be downloaded). */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  useEffect(() => {
    console.error('[route] screen failed', error);
    reportError(error);
  }, [error]);
  return (
    <ErrorScreen title={t('screen.title')} message={t('screen.message')}>
      <Button
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('screen.retry')}
      </Button>
    </ErrorScreen>
  );
}
