import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBrand, testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { FeedbackScreen } from './feedback-screen.tsx';
import { SocialScreen } from './social-screen.tsx';

describe('/social and /feedback (SPEC 2 "Social")', () => {
  it('"Comparta su experiencia" links to the brand\'s two networks in a new tab', async () => {
    const onDone = vi.fn();
    renderWithProviders(<SocialScreen onDone={onDone} />, {
      config: testConfig(testBrand()),
      i18n: await createTestI18n('es'),
    });
    expect(screen.getByRole('heading', { name: 'Comparta su experiencia' })).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Compartir en Facebook (se abre en otra pestaña)', 'https://facebook.example.test/demo'],
      ['Compartir en Instagram (se abre en otra pestaña)', 'https://instagram.example.test/demo'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('/feedback thanks the customer and finishes', async () => {
    const onDone = vi.fn();
    renderWithProviders(<FeedbackScreen onDone={onDone} />, {
      config: testConfig(),
      i18n: await createTestI18n('en'),
    });
    expect(
      screen.getByRole('heading', { name: 'Thank you for your feedback!' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Finish' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
