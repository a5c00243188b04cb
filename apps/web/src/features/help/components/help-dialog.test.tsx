import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HelpDialog } from './help-dialog.tsx';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { Brand } from '@auxilio/domain';

function HelpHarness({ brand }: { brand: Brand }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Ayuda
      </button>
      <HelpDialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        brand={brand}
        branch="PA"
      />
    </>
  );
}

async function openHelp(brand: Brand) {
  const user = userEvent.setup();
  renderWithProviders(<HelpHarness brand={brand} />, {
    config: testConfig(brand),
    i18n: await createTestI18n('es'),
  });
  await user.click(screen.getByRole('button', { name: 'Ayuda' }));
  return user;
}

describe('Help dialog (SPEC 2 "a phone-call option always; a chat (link) option hidden ...")', () => {
  it('offers a call to the help phone of the account branch and a chat link', async () => {
    await openHelp(testBrand());
    const dialog = screen.getByRole('dialog', { name: 'Ayuda' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Llamar/ })).toHaveAttribute('href', 'tel:+5075550100');
    // The number as Panama writes it (not "+5075550100"), on one line.
    expect(await within(dialog).findByText('555\u20110100')).toBeInTheDocument();
    // No chat for PA in the brand: the brand's home-country chat is offered.
    expect(screen.getByRole('link', { name: /Chat/ })).toHaveAttribute(
      'href',
      'https://chat.example.test/demo-pr',
    );
  });

  it('hides chat for a brand with hideChat and still offers the call', async () => {
    await openHelp(testBrand({ hideChat: true }));
    expect(screen.getByRole('link', { name: /Llamar/ })).toHaveAttribute('href', 'tel:+5075550100');
    expect(screen.queryByRole('link', { name: /Chat/ })).not.toBeInTheDocument();
  });

  it('closes with Escape and gives focus back to the Ayuda button', async () => {
    const user = await openHelp(testBrand());
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ayuda' })).toHaveFocus();
  });

  it('keeps focus inside while open (Tab wraps from the last option to the first)', async () => {
    const user = await openHelp(testBrand());
    const close = screen.getByRole('button', { name: 'Cerrar' });
    await user.tab(); // call
    await user.tab(); // chat
    expect(screen.getByRole('link', { name: /Chat/ })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: /Chat/ })).toHaveFocus();
  });
});
