import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_PROMPT } from '@auxilio/domain';
import { testConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { PushPrompt } from './push-prompt.tsx';

// SPEC 2 "Tracking loading: ... A push-notification prompt appears (after 1 page view and 5 s)",
// SPEC 9 "Push prompt delay: 1 page view and 5 s"; decision 302. The browser's permission is a
// stand-in (jsdom has no Notification); the clock is Vitest's.

type Permission = NotificationPermission;

function stubNotifications(permission: Permission, answer: Permission = 'denied') {
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('Notification', { permission, requestPermission });
  return requestPermission;
}

async function renderPrompt() {
  const i18n = await createTestI18n('es');
  vi.useFakeTimers();
  return renderWithProviders(<PushPrompt />, { config: testConfig(), i18n });
}

const prompt = () => screen.queryByRole('region', { name: '¿Le avisamos?' });

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('push-notification prompt on the loading screen', () => {
  it('a newcomer sees it 5 s after the first view, not before', async () => {
    stubNotifications('default');
    await renderPrompt();
    expect(PUSH_PROMPT).toEqual({ pageViews: 1, delayMs: 5_000 });
    wait(4_999);
    expect(prompt()).not.toBeInTheDocument();
    wait(1);
    expect(prompt()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ahora no' })).toBeInTheDocument();
  });

  it('leaving the screen before 5 s shows nothing later', async () => {
    stubNotifications('default');
    const view = await renderPrompt();
    wait(3_000);
    view.unmount();
    wait(5_000);
    expect(prompt()).not.toBeInTheDocument();
  });

  it('"Ahora no" closes it for good on this device', async () => {
    const requestPermission = stubNotifications('default');
    const first = await renderPrompt();
    wait(5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(prompt()).not.toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    first.unmount();

    await renderPrompt();
    wait(60_000);
    expect(prompt()).not.toBeInTheDocument();
  });

  it('"Activar" asks the browser, then closes', async () => {
    const requestPermission = stubNotifications('default', 'granted');
    await renderPrompt();
    wait(5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(prompt()).not.toBeInTheDocument();
  });

  it.each([['granted'], ['denied']] as const)(
    'never shows when the browser already has an answer (%s)',
    async (permission) => {
      stubNotifications(permission);
      await renderPrompt();
      wait(60_000);
      expect(prompt()).not.toBeInTheDocument();
    },
  );

  it('never shows where the browser has no notifications (an iPhone outside the home screen)', async () => {
    await renderPrompt();
    wait(60_000);
    expect(prompt()).not.toBeInTheDocument();
  });
});
