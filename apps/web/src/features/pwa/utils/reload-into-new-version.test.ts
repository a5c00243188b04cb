import { describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion } from './reload-into-new-version.ts';

// SPEC 2 snackbar "Ok reloads" (decision 730): the reload follows the new worker taking control,
// also on a page that was opened before any worker existed.

/** A container whose registration has a waiting worker, or none (another tab activated it). */
function workerContainer({ waiting = true } = {}) {
  const container = new EventTarget() as unknown as ServiceWorkerContainer;
  const registration = { waiting: waiting ? {} : null } as unknown as ServiceWorkerRegistration;
  Object.assign(container, { getRegistration: () => Promise.resolve(registration) });
  return container;
}

describe('reloadIntoNewVersion', () => {
  it('activates the waiting worker and reloads once, when it takes control', async () => {
    const container = workerContainer();
    const reload = vi.fn();
    const activate = vi.fn(() => Promise.resolve());
    reloadIntoNewVersion({ activate, container, reload });
    await vi.waitFor(() => {
      expect(activate).toHaveBeenCalledTimes(1);
    });
    expect(reload).not.toHaveBeenCalled();

    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the worker cannot be told, and without service workers', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    reloadIntoNewVersion({
      activate: () => Promise.reject(new Error('no waiting worker')),
      container: workerContainer(),
      reload,
    });
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
    expect(error).toHaveBeenCalled();

    const reloadWithout = vi.fn();
    reloadIntoNewVersion({
      activate: () => Promise.resolve(),
      container: undefined,
      reload: reloadWithout,
    });
    expect(reloadWithout).toHaveBeenCalledTimes(1);
  });

  it('reloads without activating when another tab already took the new version', async () => {
    const reload = vi.fn();
    const activate = vi.fn(() => Promise.resolve());
    reloadIntoNewVersion({ activate, container: workerContainer({ waiting: false }), reload });
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
    expect(activate).not.toHaveBeenCalled();
  });
});
