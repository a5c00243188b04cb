import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { embeddedRedirectUris, signInBrowserSettings } from '../src/services/identity/identity.ts';

// Decision 460: the OIDC_* variables, the bundled provider's redirect URIs and the PWA's signIn block.

describe('member sign-in configuration', () => {
  it('defaults to the bundled provider with the public client', () => {
    const { identity } = loadConfig({});
    expect(identity).toMatchObject({
      driverRoleClaim: 'role',
      driverRole: 'driver',
      issuer: undefined,
      clientId: 'auxilio-pwa',
      clientSecret: undefined,
      scope: 'openid profile',
      redirectOrigins: [],
      timeoutMs: 5000,
    });
    expect(signInBrowserSettings(identity)).toEqual({
      authorizeUrl: '/oidc/authorize',
      clientId: 'auxilio-pwa',
      scope: 'openid profile',
    });
  });

  it('a production issuer sends the PWA to its /authorize, or to OIDC_AUTHORIZE_URL', () => {
    const env = { OIDC_ISSUER: 'https://id.example/realms/members/', OIDC_CLIENT_ID: 'pwa' };
    expect(signInBrowserSettings(loadConfig(env).identity).authorizeUrl).toBe(
      'https://id.example/realms/members/authorize',
    );
    const custom = loadConfig({ ...env, OIDC_AUTHORIZE_URL: 'https://id.example/oauth2/auth' });
    expect(signInBrowserSettings(custom.identity).authorizeUrl).toBe(
      'https://id.example/oauth2/auth',
    );
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'ftp://id.example' })).toThrow(ConfigError);
  });

  it('registers both member callback routes, the driver callback and the console callback on every PWA origin', () => {
    const config = loadConfig({
      OIDC_REDIRECT_ORIGINS: 'https://app.example/, https://members.example',
    });
    expect(embeddedRedirectUris(config, 3000, 'https://app.example/oidc')).toEqual([
      'https://app.example/mmm-openid/callback',
      'https://app.example/sign-in/callback',
      'https://app.example/driver/callback',
      'https://app.example/dispatcher/callback',
      'https://members.example/mmm-openid/callback',
      'https://members.example/sign-in/callback',
      'https://members.example/driver/callback',
      'https://members.example/dispatcher/callback',
    ]);
    expect(embeddedRedirectUris(loadConfig({}), 4123, 'http://127.0.0.1:4123/oidc')).toEqual([
      'http://localhost:4123/mmm-openid/callback',
      'http://localhost:4123/sign-in/callback',
      'http://localhost:4123/driver/callback',
      'http://localhost:4123/dispatcher/callback',
      'http://127.0.0.1:4123/mmm-openid/callback',
      'http://127.0.0.1:4123/sign-in/callback',
      'http://127.0.0.1:4123/driver/callback',
      'http://127.0.0.1:4123/dispatcher/callback',
      'http://[::1]:4123/mmm-openid/callback',
      'http://[::1]:4123/sign-in/callback',
      'http://[::1]:4123/driver/callback',
      'http://[::1]:4123/dispatcher/callback',
    ]);
  });
});
