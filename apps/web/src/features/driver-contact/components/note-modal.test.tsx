import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { NoteDriverButton } from './note-driver-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('note to the driver (SPEC 2 note modal, SPEC 7 POST /api/v1/drivers/sms)', () => {
  it('shows Send only once there is text, and sends it with the No Reply prefix', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        expect(url).toBe('/common/api/v1/drivers/sms');
        bodies.push(JSON.parse(init.body as string));
        return Promise.resolve(new Response(JSON.stringify({ status: true }), { status: 200 }));
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <NoteDriverButton serviceNumber="4321" driverPhone="+17875550123" branch="PR" />,
      {
        config: testConfig(),
        i18n: await createTestI18n('es'),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Enviar nota al conductor' }));
    const dialog = screen.getByRole('dialog', { name: 'Instrucciones para el conductor' });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();

    const field = screen.getByLabelText('Escriba su nota');
    await user.type(field, '   ');
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    await user.type(field, 'Estoy frente a la farmacia');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Nota enviada al conductor.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        message: 'No Reply: #4321: Estoy frente a la farmacia',
        serviceNumber: '4321',
        phone: '+17875550123',
        branch: 'PR',
      },
    ]);
  });

  it('keeps the note and says so when the message was not sent (data.status false)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ status: false }), { status: 200 })),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <NoteDriverButton serviceNumber="4321" driverPhone="+17875550123" branch="PR" />,
      {
        config: testConfig(),
        i18n: await createTestI18n('es'),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Enviar nota al conductor' }));
    await user.type(screen.getByLabelText('Escriba su nota'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos enviar la nota');
    expect(screen.getByLabelText('Escriba su nota')).toHaveValue('Hola');
  });
});
