import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  currentSession,
  fakeFlowApi,
  flowContract,
  flowSession,
  renderFlow,
} from '../../test/flow-test-kit.tsx';
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

describe('/clients make and model pickers from the vehicle catalogue (decision 651)', () => {
  /** The make picker once the catalogue answered (disabled, 'Cargando…', until then). */
  const makePicker = async (name = 'Marca (opcional)', other = 'Otra marca') => {
    await screen.findByRole('option', { name: other });
    return screen.getByRole('combobox', { name });
  };

  /** The option texts of a picker. */
  const optionsOf = (picker: HTMLElement) =>
    within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);

  it("offers the country's makes, then the chosen make's models, and keeps the choice in the session", async () => {
    const requests = fakeFlowApi();
    const { user } = await renderFlow(<ClientsRoute />, { path: '/clients' });
    const make = await makePicker();
    expect(optionsOf(make)).toEqual(['Elija la marca', 'Honda', 'Jeep', 'Toyota', 'Otra marca']);
    const model = screen.getByRole('combobox', { name: 'Modelo (opcional)' });
    expect(model).toBeDisabled();
    expect(model).toHaveDisplayValue('Primero elija la marca');

    await user.selectOptions(make, 'Toyota');
    const models = await screen.findByRole('option', { name: 'Tacoma' });
    const modelPicker = screen.getByRole('combobox', { name: 'Modelo (opcional)' });
    expect(modelPicker).toBeEnabled();
    expect(optionsOf(modelPicker)).toEqual([
      'Elija el modelo',
      'Corolla',
      'RAV4',
      'Tacoma',
      'Otro modelo',
    ]);
    await user.selectOptions(modelPicker, models);
    // Kept as chosen before Continuar, so a reload keeps it.
    expect(currentSession().clientForm).toMatchObject({ make: 'Toyota', model: 'Tacoma' });
    expect(requests.map((r) => r.url.pathname)).toEqual(
      expect.arrayContaining(['/common/utils/getMake/PR', '/common/utils/getModel/PR/Toyota']),
    );

    // Another make: its models differ, the model starts over.
    await user.selectOptions(make, 'Honda');
    expect(await screen.findByRole('option', { name: 'CR-V' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Modelo (opcional)' })).toHaveValue('');
    expect(currentSession().clientForm).toMatchObject({ make: 'Honda', model: '' });
  });

  it("'Otra marca' opens a text field (the model too), and a reload brings back what was typed", async () => {
    fakeFlowApi();
    const { user, unmount } = await renderFlow(<ClientsRoute />, { path: '/clients' });
    const make = await makePicker();
    expect(screen.queryByRole('textbox', { name: 'Escriba la marca' })).toBeNull();
    await user.selectOptions(make, 'Otra marca');
    // A name typed in 'Other' stays there while it is typed, even past a catalogue name ('Jeep').
    await user.type(screen.getByRole('textbox', { name: 'Escriba la marca' }), 'Jeepster');
    await user.type(screen.getByRole('textbox', { name: 'Modelo (opcional)' }), 'Commando');
    expect(currentSession().clientForm).toMatchObject({ make: 'Jeepster', model: 'Commando' });

    unmount();
    await renderFlow(<ClientsRoute />, { path: '/clients', session: currentSession() });
    expect(await makePicker()).toHaveDisplayValue('Otra marca');
    expect(screen.getByRole('textbox', { name: 'Escriba la marca' })).toHaveValue('Jeepster');
    expect(screen.getByRole('textbox', { name: 'Modelo (opcional)' })).toHaveValue('Commando');
  });

  it('a contract vehicle in capitals shows as the catalogue make; a model outside it as Otro modelo', async () => {
    fakeFlowApi();
    const session = flowSession({ customerContract: flowContract() });
    await renderFlow(<ClientsRoute />, {
      path: '/clients',
      session: {
        ...session,
        clientForm: { ...session.clientForm, plate: 'ABC123', make: 'JEEP', model: 'Cherokee' },
      },
    });
    expect(await makePicker()).toHaveDisplayValue('Jeep');
    await screen.findByRole('option', { name: 'Renegade' });
    expect(screen.getByRole('combobox', { name: 'Modelo (opcional)' })).toHaveDisplayValue(
      'Otro modelo',
    );
    expect(screen.getByRole('textbox', { name: 'Escriba el modelo' })).toHaveValue('Cherokee');
    // Nothing is rewritten until the customer changes it.
    expect(currentSession().clientForm).toMatchObject({ make: 'JEEP', model: 'Cherokee' });
  });

  it('without the catalogue (no answer) make and model are text fields, as before', async () => {
    fakeFlowApi({ catalog: null });
    const { user } = await renderFlow(<ClientsRoute />, { path: '/clients' });
    const make = await screen.findByRole('textbox', { name: 'Marca (opcional)' });
    await user.type(make, 'Toyota');
    await user.type(screen.getByRole('textbox', { name: 'Modelo (opcional)' }), 'Corolla');
    expect(currentSession().clientForm).toMatchObject({ make: 'Toyota', model: 'Corolla' });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('in English', async () => {
    fakeFlowApi();
    const { user } = await renderFlow(<ClientsRoute />, { path: '/clients', lng: 'en' });
    const make = await makePicker('Make (optional)', 'Other make');
    expect(screen.getByRole('combobox', { name: 'Model (optional)' })).toHaveDisplayValue(
      'Choose the make first',
    );
    await user.selectOptions(make, 'Other make');
    expect(screen.getByRole('textbox', { name: 'Type the make' })).toBeInTheDocument();
  });

  it('what is typed in the other fields is kept too, but the privacy policy only on Continuar', async () => {
    fakeFlowApi();
    const { user } = await renderFlow(<ClientsRoute />, { path: '/clients' });
    await user.type(screen.getByRole('textbox', { name: 'Nombre completo' }), 'Ana Rivera');
    await user.click(screen.getByRole('checkbox', { name: /Acepto la política de privacidad/ }));
    expect(currentSession().clientForm).toMatchObject({
      fullName: 'Ana Rivera',
      privacyPolicyAcceptanceDate: null,
    });
  });
});
