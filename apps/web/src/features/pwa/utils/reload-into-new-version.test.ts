import { describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion } from './reload-into-new-version.ts';

// SPEC 2 snackbar "Ok reloads" (decision 730): the reload follows the new worker taking control,
// also on a page that was opened before any worker existed.

function workerContainer() {
  return new EventTarget() as unknown as ServiceWorkerContainer;
}

describe('reloadIntoNewVersion', () => {
  it('activates the waiting worker and reloads once, when it takes control', async () => {
    const container = workerContainer();
    const reload = vi.fn();
    const activate = vi.fn(() => Promise.resolve());
    reloadIntoNewVersion({ activate, container, reload });
    await Promise.resolve();
    expect(activate).toHaveBeenCalledTimes(1);
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
});
