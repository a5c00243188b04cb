import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { boardService, SERVER_NOW } from '../test/console-fixtures.ts';
import { BoardTable } from './board-table.tsx';

// Breaches are re-checked as the clock moves, without any new event (docs/decisions/762).

const at = (minutes: number) => new Date(Date.parse(SERVER_NOW) + minutes * 60_000);

describe('board table breaches', () => {
  it('flags a request once it has waited 5 minutes, and an ETA above 45 minutes', async () => {
    const services = [
      boardService(),
      boardService({
        _id: 'svc-2',
        serviceNumber: 1002,
        stage: 'on_route',
        driver: { id: 'drv-1', name: 'Luis Ortiz' },
        etaSeconds: 50 * 60,
      }),
    ];
    const table = (now: Date) => (
      <BoardTable services={services} now={now} selectedId={null} onSelect={vi.fn()} />
    );
    const view = await renderFlow(table(at(0)), { path: '/dispatcher' });
    const first = () => screen.getByRole('row', { name: /\b1001\b/ });
    expect(within(first()).queryByText('Sin asignar > 5 min')).toBeNull();
    const second = screen.getByRole('row', { name: /\b1002\b/ });
    expect(within(second).getByText('ETA > 45 min')).toBeInTheDocument();
    expect(within(second).getByText('50 min')).toBeInTheDocument();
    expect(second).toHaveClass('dispatcher-table__row--breach');

    view.rerender(table(at(3.5)));
    expect(within(first()).getByText('Sin asignar > 5 min')).toBeInTheDocument();
    expect(first()).toHaveClass('dispatcher-table__row--breach');
    expect(within(first()).getByText('5 min')).toBeInTheDocument();
  });
});
