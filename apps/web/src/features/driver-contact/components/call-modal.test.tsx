import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { CALL_MODAL_CLOSE_MS } from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { CallDriverButton } from './call-driver-button.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('call the driver (SPEC 2 "Call modal says \'Calling\' and auto-closes after 8 s")', () => {
  it('dials the driver and shows Calling, closed after 8 s', async () => {
    renderWithProviders(<CallDriverButton phone="+17875550123" driverName="Luis" />, {
      config: testConfig(),
      i18n: await createTestI18n('es'),
    });
    const call = screen.getByRole('link', { name: 'Llamar' });
    expect(call).toHaveAttribute('href', 'tel:+17875550123');
    vi.useFakeTimers();
    // The dialer itself is the phone's: only the click on the link is ours.
    call.addEventListener('click', (event) => {
      event.preventDefault();
    });
    fireEvent.click(call);
    expect(screen.getByRole('dialog', { name: 'Llamando' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(CALL_MODAL_CLOSE_MS - 1);
    });
    expect(screen.getByRole('dialog', { name: 'Llamando' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
