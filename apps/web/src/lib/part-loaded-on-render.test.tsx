import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { partLoadedOnRender } from './part-loaded-on-render.tsx';

function Note({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** Stands for a screen's error boundary: what it catches replaces the screen. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>screen failed</p> : this.props.children;
  }
}

describe('partLoadedOnRender', () => {
  it('renders nothing until its code is there, then the part with its props', async () => {
    let arrive: (component: typeof Note) => void = () => undefined;
    const Part = partLoadedOnRender(
      () =>
        new Promise<typeof Note>((resolve) => {
          arrive = resolve;
        }),
    );
    render(
      <main>
        <h1>Screen</h1>
        <Part text="Otro servicio" />
      </main>,
    );
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeInTheDocument();
    expect(screen.queryByText('Otro servicio')).not.toBeInTheDocument();
    arrive(Note);
    expect(await screen.findByText('Otro servicio')).toBeInTheDocument();
  });

  it('keeps the screen when the code fails to load, and asks again at the next render', async () => {
    const load = vi
      .fn<() => Promise<typeof Note>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Note);
    const Part = partLoadedOnRender(load);
    const { rerender } = render(
      <Boundary>
        <h1>Screen</h1>
        <Part text="closed" />
      </Boundary>,
    );
    await vi.waitFor(() => {
      expect(load).toHaveBeenCalledTimes(1);
    });
    await Promise.resolve();
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeInTheDocument();
    expect(screen.queryByText('screen failed')).not.toBeInTheDocument();

    // The tap that opens it renders it again.
    rerender(
      <Boundary>
        <h1>Screen</h1>
        <Part text="open" />
      </Boundary>,
    );
    expect(await screen.findByText('open')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads its code once for every place it is drawn', async () => {
    const load = vi.fn(() => Promise.resolve(Note));
    const Part = partLoadedOnRender(load);
    render(
      <>
        <Part text="one" />
        <Part text="two" />
      </>,
    );
    expect(await screen.findByText('one')).toBeInTheDocument();
    expect(await screen.findByText('two')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
