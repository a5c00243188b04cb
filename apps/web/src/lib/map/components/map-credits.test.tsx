import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { MapCredits } from './map-credits.tsx';

const CREDIT = 'Demo map · Natural Earth (public domain) · GeoNames (CC BY 4.0) · Leaflet';

describe('MapCredits', () => {
  it('starts folded into the (i) button and unfolds on tap', async () => {
    const i18n = await createTestI18n('es');
    render(
      <I18nextProvider i18n={i18n}>
        <MapCredits text={CREDIT} />
      </I18nextProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Créditos del mapa' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(CREDIT)).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(CREDIT)).toBeVisible();

    await userEvent.click(toggle);
    expect(screen.queryByText(CREDIT)).not.toBeInTheDocument();
  });
});
