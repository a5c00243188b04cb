import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoConnectionScreen } from './no-connection-screen.tsx';
import { testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';

async function renderScreen(online: boolean, lng: 'es' | 'en' = 'es') {
  const reload = vi.fn();
  renderWithProviders(<NoConnectionScreen reload={reload} isOnline={() => online} />, {
    config: testConfig(),
    i18n: await createTestI18n(lng),
  });
  return reload;
}

describe('No-connection screen (SPEC 2)', () => {
  it('asks in the words of the spec', async () => {
    await renderScreen(false, 'en');
    expect(
      screen.getByRole('heading', {
        name: 'Oops, you have no internet connection, do you want to try again?',
      }),
    ).toBeInTheDocument();
  });

  it('retry reloads when the device is online', async () => {
    const reload = await renderScreen(true);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('retry does not reload while offline, and says so', async () => {
    const reload = await renderScreen(false);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Todavía no hay conexión');
  });
});
