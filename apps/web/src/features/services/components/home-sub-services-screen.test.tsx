import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INITIAL_SESSION, type HomeServiceType } from '@auxilio/domain';
import { useSessionStore } from '../../../stores/session-store.ts';
import { testBrand } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import type { KnownCustomerLookup } from '../hooks/use-road-continue.ts';
import { HomeSubServicesScreen } from './home-sub-services-screen.tsx';

function startHome(category: HomeServiceType | null, subService = '') {
  useSessionStore.setState({
    session: {
      ...INITIAL_SESSION,
      currentTrack: 'home',
      category,
      situation: category,
      homeNotes: { ...INITIAL_SESSION.homeNotes, subService },
    },
  });
}

/** A contract lookup that records its runs and answers `answer`. */
function lookupAnswering(answer: string | null): KnownCustomerLookup & { runs: number } {
  const lookup = {
    runs: 0,
    pending: false,
    failed: false,
    run: () => {
      lookup.runs += 1;
      return Promise.resolve(answer);
    },
  };
  return lookup;
}

beforeEach(() => {
  useSessionStore.getState().resetAll();
});

describe('/services/home (SPEC 2 "sub-service list for the chosen category")', () => {
  it('lists the category sub-services, one choice, Confirm waits for it (SPEC 5)', async () => {
    const user = userEvent.setup();
    startHome('Plumbing');
    const { location } = await renderAt(
      <HomeSubServicesScreen lookup={lookupAnswering(null)} />,
      '/services/home',
    );
    expect(screen.getByRole('heading', { name: 'Plomería' })).toBeVisible();
    const options = screen.getAllByRole('radio');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      'leak',
      'cloggedDrain',
      'waterHeater',
      'toilet',
    ]);
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Fuga de agua' }));
    await user.click(screen.getByRole('radio', { name: 'Desagüe tapado' }));
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1);
    expect(useSessionStore.getState().session.homeNotes.subService).toBe('cloggedDrain');
    expect(confirm).toBeEnabled();

    // The test brand has no home contract lookup: straight to /location (SPEC 2).
    await user.click(confirm);
    expect(location.history.at(-1)).toBe('/location');
  });

  it('preselects the only sub-service of the category (SPEC 4)', async () => {
    startHome('Fall Prevention');
    await renderAt(<HomeSubServicesScreen lookup={lookupAnswering(null)} />, '/services/home');
    expect(
      await screen.findByRole('radio', { name: 'Instalar barras de seguridad' }),
    ).toBeChecked();
    expect(useSessionStore.getState().session.homeNotes.subService).toBe('grabBars');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
  });

  it('a choice left from another category is not kept', async () => {
    startHome('Electricity', 'leak');
    await renderAt(<HomeSubServicesScreen lookup={lookupAnswering(null)} />, '/services/home');
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(useSessionStore.getState().session.homeNotes.subService).toBe('');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  });

  it('a brand with its own home lookup searches the contract first, then /location', async () => {
    const user = userEvent.setup();
    startHome('Plumbing', 'leak');
    const lookup = lookupAnswering('/location/summary');
    const { location } = await renderAt(
      <HomeSubServicesScreen lookup={lookup} />,
      '/services/home',
      testBrand({ homeOnDemand: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(lookup.runs).toBe(1);
    expect(location.history.at(-1)).toBe('/location');
  });

  it('without a category, offers to choose one', async () => {
    const user = userEvent.setup();
    startHome(null);
    const { location } = await renderAt(
      <HomeSubServicesScreen lookup={lookupAnswering(null)} />,
      '/services/home',
    );
    await user.click(screen.getByRole('button', { name: 'Elegir servicio' }));
    expect(location.history.at(-1)).toBe('/services');
  });
});
