import type { AddressInfo } from 'node:net';
import { RuntimeConfigSchema, type SignInRuntimeConfig } from '@auxilio/domain';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { startSignIn, type SignInAttempt } from './identity-browser.ts';

// Sign-in tests over real HTTP (decision 460): the test app listening on a port of its own, with
// the sign-in settings the PWA reads from its app config, so a test signs in as the PWA does.

/** What a sign-in test file works with; filled before its first test. */
export interface SignInSite {
  t: TestApp;
  /** `http://127.0.0.1:<port>` of the listening app. */
  origin: string;
  /** `signIn` of `/app-config.json?brand=mmm`: where and as which client the PWA signs in. */
  signIn: SignInRuntimeConfig;
  /** A sign-in started as the PWA starts one, the provider to send the browser to `redirectUri`. */
  newAttempt: (redirectUri: string) => Promise<SignInAttempt>;
}

/** The file's app on a real port, opened before its tests and closed after them. */
export function useSignInSite(): SignInSite {
  const site = {
    newAttempt: (redirectUri) =>
      startSignIn({
        authorizeEndpoint: new URL(site.signIn.authorizeUrl, site.origin).href,
        clientId: site.signIn.clientId,
        scope: site.signIn.scope,
        redirectUri,
      }),
  } as SignInSite;
  beforeAll(async () => {
    site.t = await createTestApp();
    await site.t.app.listen({ port: 0, host: '127.0.0.1' });
    site.origin = `http://127.0.0.1:${(site.t.app.server.address() as AddressInfo).port}`;
    const config = RuntimeConfigSchema.parse(
      await (await fetch(`${site.origin}/app-config.json?brand=mmm`)).json(),
    );
    site.signIn = config.signIn;
  });
  afterAll(async () => {
    await site.t.close();
  });
  return site;
}
