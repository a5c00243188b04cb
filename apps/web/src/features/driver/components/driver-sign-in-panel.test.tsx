import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderFlow } from '../../../test/flow-test-kit.tsx';
import { DRIVER_SIGN_IN_ATTEMPT_KEY } from '../utils/driver-sign-in.ts';
import { DriverSignInPanel } from './driver-sign-in-panel.tsx';

// The driver's sign-in button (docs/decisions/761): the attempt waits under the driver's own key and
// the identity provider is asked to return to /driver/callback.

afterEach(() => {
  sessionStorage.clear();
});

describe('driver sign-in', () => {
  it('stores the attempt under the driver key and goes to /authorize back to /driver/callback', async () => {
    const navigate = vi.fn<(url: string) => void>();
    const { user } = await renderFlow(<DriverSignInPanel navigate={navigate} />, {
      path: '/driver',
    });
    const button = screen.getByRole('button', { name: 'Entrar como conductor' });
    await user.click(button);
    await vi.waitFor(() => {
      expect(navigate).toHaveBeenCalledOnce();
    });
    expect(button).toBeDisabled();
    const url = new URL(navigate.mock.calls[0]?.[0] ?? '');
    const stored = JSON.parse(sessionStorage.getItem(DRIVER_SIGN_IN_ATTEMPT_KEY) ?? '{}') as {
      state?: string;
    };
    expect(url.origin + url.pathname).toBe(`${window.location.origin}/oidc/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/driver/callback`);
    expect(url.searchParams.get('state')).toBe(stored.state);
    expect(sessionStorage.getItem('auxilio:sign-in')).toBeNull();
  });
});
