import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { ShareButton } from './share-button.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderShare(isFromWebview: boolean) {
  renderWithProviders(
    <ShareButton
      serviceId="svc-1"
      brand="demo"
      isFromWebview={isFromWebview}
      host="https://auxilio.example"
    />,
    { config: testConfig(), i18n: await createTestI18n('es') },
  );
}

describe('share the tracking link (SPEC 2, SPEC 9 share link)', () => {
  it("copies the link and shows 'Enlace copiado'", async () => {
    const user = userEvent.setup();
    await renderShare(false);
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      'https://auxilio.example/svc-1?account=demo&redirect=tracking/loading',
    );
  });

  it('is not offered inside a webview', async () => {
    await renderShare(true);
    expect(screen.queryByRole('button', { name: 'Compartir' })).not.toBeInTheDocument();
  });
});
