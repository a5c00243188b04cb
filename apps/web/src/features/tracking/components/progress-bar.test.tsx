import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ProgressBar } from './progress-bar.tsx';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';

const STEPS =
  'SPEC 4: "Progress bar has 4 steps: new=1, accepted=2, on route=3, arrived or towed=4"';

async function renderBar(step: 1 | 2 | 3 | 4, driveProgress: number | null = null) {
  renderWithProviders(<ProgressBar step={step} driveProgress={driveProgress} />, {
    config: testConfig(),
    i18n: await createTestI18n('es'),
  });
  const bar = screen.getByRole('progressbar', { name: 'Progreso del servicio' });
  const segments = [...bar.querySelectorAll('.progress__segment')];
  return { bar, states: segments.map((segment) => segment.getAttribute('data-state')) };
}

describe('the tracking progress bar', () => {
  it.each([
    [1, 'Solicitud recibida'],
    [2, 'Conductor asignado'],
    [3, 'En camino'],
    [4, 'Brindando asistencia'],
  ] as const)(
    `${STEPS}: step %i fills exactly that many segments and reads '%s'`,
    async (step, name) => {
      const { bar, states } = await renderBar(step);
      expect(states).toHaveLength(4);
      expect(states.filter((state) => state === 'reached')).toHaveLength(step);
      expect(states.slice(0, step).every((state) => state === 'reached')).toBe(true);
      expect(bar).toHaveAttribute('aria-valuenow', String(step));
      expect(bar).toHaveAttribute('aria-valuetext', name);
      expect(bar).toHaveTextContent(name);
    },
  );

  it('on route, the segment towards arrival fills lightly with the simulated drive (SPEC 9)', async () => {
    const { bar, states } = await renderBar(3, 0.4);
    expect(states).toEqual(['reached', 'reached', 'reached', 'driving']);
    const drive = bar.querySelector('[data-state="driving"] .progress__fill');
    expect(drive).toHaveClass('progress__fill--driving');
    expect(drive).toHaveStyle({ transform: 'scaleX(0.4)' });
  });

  it('a drive progress outside on route fills nothing more', async () => {
    const { states } = await renderBar(2, 0.4);
    expect(states).toEqual(['reached', 'reached', 'ahead', 'ahead']);
  });
});
