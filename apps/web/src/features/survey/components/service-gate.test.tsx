import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { GuardDecision } from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { gateStatus } from '../utils/gate-status.ts';
import { ServiceGate, type ServiceGateProps } from './service-gate.tsx';

async function renderGate(status: ServiceGateProps['status'], decision: GuardDecision | null) {
  const location = memoryLocation({ path: '/survey', record: true });
  const onRetry = vi.fn();
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ServiceGate status={status} onRetry={onRetry} decision={decision}>
        <p>encuesta</p>
      </ServiceGate>
    </Router>,
    { config: testConfig(), i18n: await createTestI18n('es') },
  );
  return { location, onRetry };
}

describe('post-service gate (decision 310)', () => {
  it('a service that failed to load offers a retry instead of leaving', async () => {
    const { location, onRetry } = await renderGate('error', null);
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos cargar su servicio');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(location.history).toEqual(['/survey']);
  });

  it('follows the guard: a route replaces the page, show renders it', async () => {
    const { location } = await renderGate('success', { kind: 'route', to: '/social' });
    expect(location.history).toEqual(['/social']);
    await renderGate('success', { kind: 'show' });
    expect(screen.getByText('encuesta')).toBeInTheDocument();
  });

  it('a session without a service is idle, not loading', () => {
    expect(gateStatus({ status: 'pending', fetchStatus: 'idle' })).toBe('idle');
    expect(gateStatus({ status: 'pending', fetchStatus: 'fetching' })).toBe('pending');
    expect(gateStatus({ status: 'error', fetchStatus: 'idle' })).toBe('error');
  });
});
