import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import {
  currentSession,
  fakeFlowApi,
  flowSession,
  renderFlow,
} from '../../features/services/testing/flow-test-kit.tsx';
import { testBrand } from '../../test/fixtures.ts';
import { Component as ClientsRoute } from './clients.tsx';

describe('/clients (SPEC 3 client form, SPEC 5 privacy acceptance, decision 272)', () => {
  it('labels every field with the right keyboard and autofill', async () => {
    fakeFlowApi();
    await renderFlow(<ClientsRoute />, { path: '/clients' });
    const name = screen.getByRole('textbox', { name: 'Nombre completo' });
    expect(name).toHaveAttribute('autocomplete', 'name');
    const phone = screen.getByRole('textbox', { name: 'Teléfono' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(screen.getByRole('textbox', { name: 'Año (opcional)' })).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    expect(screen.getByRole('textbox', { name: 'Tablilla' })).toBeRequired();
    expect(screen.queryByRole('textbox', { name: /Número de socio/ })).not.toBeInTheDocument();
  });

  it('member-id brands also ask the member id', async () => {
    fakeFlowApi();
    await renderFlow(<ClientsRoute />, {
      path: '/clients',
      brand: testBrand({ vehicleLookup: 'memberId' }),
    });
    expect(screen.getByRole('textbox', { name: 'Número de socio' })).toBeRequired();
  });

  it('names what is missing, then needs the privacy policy accepted', async () => {
    fakeFlowApi();
    const { user, history } = await renderFlow(<ClientsRoute />, { path: '/clients' });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const name = screen.getByRole('textbox', { name: 'Nombre completo' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Complete este campo.');

    await user.type(name, 'Ana Rivera');
    await user.type(screen.getByRole('textbox', { name: 'Teléfono' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Tablilla' }), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('textbox', { name: 'Teléfono' })).toHaveAccessibleDescription(
      'Revise este dato: el formato no es válido.',
    );

    await user.clear(screen.getByRole('textbox', { name: 'Teléfono' }));
    await user.type(screen.getByRole('textbox', { name: 'Teléfono' }), '787-555-0123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const privacy = screen.getByRole('checkbox', { name: /Acepto la política de privacidad/ });
    expect(privacy).toHaveFocus();
    expect(
      screen.getByText('Debe aceptar la política de privacidad para continuar.'),
    ).toBeVisible();
    expect(history.at(-1)).toBe('/clients');

    await user.click(privacy);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(history.at(-1)).toBe('/location');
    const saved = currentSession().clientForm;
    expect(saved).toMatchObject({ fullName: 'Ana Rivera', phone: '787-555-0123', plate: 'ABC123' });
    // SPEC 5: "privacyPolicyAcceptanceDate is sent as an ISO string".
    expect(new Date(saved.privacyPolicyAcceptanceDate ?? '').toISOString()).toBe(
      saved.privacyPolicyAcceptanceDate,
    );
  });

  it('starts from what the session holds (the contract found) and goes to the summary once located', async () => {
    fakeFlowApi();
    const session = flowSession();
    const { user, history } = await renderFlow(<ClientsRoute />, {
      path: '/clients',
      session: {
        ...session,
        clientForm: {
          ...session.clientForm,
          fullName: 'Ana Rivera Soto',
          phone: '+17875550123',
          plate: 'ABC123',
          privacyPolicyAcceptanceDate: '2026-11-21T15:00:00.000Z',
        },
        locations: {
          ...session.locations,
          situation: { ...session.locations.situation, lat: 18.4, lng: -66.1, address: 'San Juan' },
        },
      },
    });
    expect(screen.getByRole('textbox', { name: 'Nombre completo' })).toHaveValue('Ana Rivera Soto');
    expect(screen.getByRole('checkbox', { name: /Acepto/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(history.at(-1)).toBe('/location/summary');
    expect(currentSession().clientForm.privacyPolicyAcceptanceDate).toBe(
      '2026-11-21T15:00:00.000Z',
    );
  });
});
