import {
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  createSignInState,
} from '@auxilio/domain';

// A small browser for the sign-in flow over real HTTP: manual redirects and a cookie jar, so a test
// sees every hop (authorize -> login page -> consent page -> the app's callback) as a browser would.

export class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.split('=');
        return key.trim().toLowerCase() === 'expires' && Date.parse(date) < Date.now();
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers({ 'accept-language': 'es' });
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    let body: URLSearchParams | undefined;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form);
    }
    const response = await fetch(new URL(url, this.origin), {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects until a page answers or the URL leaves the provider (the app's callback). */
  async follow(response: Response, stopAt: string): Promise<{ response: Response; url: URL }> {
    let current = response;
    let url = new URL(current.url || this.origin);
    for (let hop = 0; hop < 10; hop += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location)
        return { response: current, url };
      url = new URL(location, url);
      if (url.href.startsWith(stopAt)) return { response: current, url };
      current = await this.request(url.href);
    }
    throw new Error('Too many redirects');
  }
}

/** The action of the form whose submit button reads `label`. */
export function formAction(html: string, label: string): string {
  for (const form of html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)) {
    const [, action = '', inner = ''] = form;
    if (inner.includes(`>${label}</button>`)) return action.replace(/&amp;/g, '&');
  }
  throw new Error(`No form with a '${label}' button in:\n${html}`);
}

/** What the PWA keeps between the authorize redirect and the callback (SPEC 9). */
export interface SignInAttempt {
  authorizeUrl: string;
  state: string;
  verifier: string;
  redirectUri: string;
}

export async function startSignIn(input: {
  authorizeEndpoint: string;
  clientId: string;
  scope: string;
  redirectUri: string;
}): Promise<SignInAttempt> {
  const state = createSignInState();
  const verifier = createCodeVerifier();
  const authorizeUrl = buildAuthorizeUrl({
    authorizeEndpoint: input.authorizeEndpoint,
    clientId: input.clientId,
    state,
    scope: input.scope,
    redirectUri: input.redirectUri,
    codeChallenge: await codeChallengeS256(verifier),
  });
  return { authorizeUrl, state, verifier, redirectUri: input.redirectUri };
}

/** The `code` of a callback URL; fails the test when the provider sent none. */
export function codeOf(callback: URL): string {
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback.href}`);
  return code;
}
