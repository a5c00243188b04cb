import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { DISPATCHER_SIGN_IN_ATTEMPT_KEY } from '../utils/dispatcher-sign-in.ts';
import { DispatcherSignInPanel } from './dispatcher-sign-in-panel.tsx';

afterEach(() => {
  sessionStorage.clear();
});

describe('dispatcher sign-in', () => {
  it('keeps the attempt under the console key and asks to come back to /dispatcher/callback', async () => {
    const navigate = vi.fn<(url: string) => void>();
    const { user } = await renderFlow(<DispatcherSignInPanel navigate={navigate} />, {
      path: '/dispatcher',
    });
    expect(screen.getByRole('heading', { name: 'Consola de despacho' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await vi.waitFor(() => {
      expect(navigate).toHaveBeenCalledOnce();
    });
    const url = new URL(navigate.mock.calls[0]?.[0] ?? '');
    const stored = JSON.parse(sessionStorage.getItem(DISPATCHER_SIGN_IN_ATTEMPT_KEY) ?? '{}') as {
      state?: string;
    };
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${window.location.origin}/dispatcher/callback`,
    );
    expect(url.searchParams.get('state')).toBe(stored.state);
    expect(sessionStorage.getItem('auxilio:driver-sign-in')).toBeNull();
  });
});
