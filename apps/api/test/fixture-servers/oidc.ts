import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

// A local OpenID Connect provider speaking the documented formats (OpenID Connect Discovery 1.0,
// RFC 6749 token endpoint with form bodies and RFC 6749 5.2 errors, RFC 7517 JWKS, OpenID Connect
// Core userinfo), recording what it received. Modes play the provider's failures.

export type OidcFixtureMode =
  | 'ok'
  | 'invalid_grant'
  | 'invalid_client'
  | 'server_error'
  | 'rate_limited'
  | 'malformed'
  | 'slow'
  | 'foreign_key'
  | 'other_subject';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface OidcFixture {
  issuer: string;
  mode: OidcFixtureMode;
  received: RecordedRequest[];
  close(): Promise<void>;
}

const SUBJECT = 'member-77';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOidcFixture(clientId: string): Promise<OidcFixture> {
  const signing = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const publicJwk = {
    ...(await exportJWK(signing.publicKey)),
    kid: 'k1',
    alg: 'RS256',
    use: 'sig',
  };
  const fixture: OidcFixture = {
    issuer: '',
    mode: 'ok',
    received: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };

  const idToken = (key: CryptoKey) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(fixture.issuer)
      .setAudience(clientId)
      .setSubject(SUBJECT)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', fixture.issuer).pathname;
      const body = await readBody(request);
      fixture.received.push({ method: request.method ?? '', path, headers: request.headers, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (path === '/.well-known/openid-configuration') {
        json(200, {
          issuer: fixture.issuer,
          authorization_endpoint: `${fixture.issuer}/authorize`,
          token_endpoint: `${fixture.issuer}/token`,
          userinfo_endpoint: `${fixture.issuer}/userinfo`,
          jwks_uri: `${fixture.issuer}/jwks`,
        });
      } else if (path === '/jwks') {
        json(200, { keys: [publicJwk] });
      } else if (path === '/token' && request.method === 'POST') {
        switch (fixture.mode) {
          case 'invalid_grant':
            json(400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
            return;
          case 'invalid_client':
            json(401, { error: 'invalid_client' });
            return;
          case 'server_error':
            json(500, { error: 'server_error' });
            return;
          case 'rate_limited':
            response.writeHead(429, { 'retry-after': '1' });
            response.end();
            return;
          case 'malformed':
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end('<html>not json</html>');
            return;
          case 'slow':
            await new Promise((resolve) => setTimeout(resolve, 1500));
            break;
          default:
            break;
        }
        json(200, {
          access_token: 'access-token-1',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(
            fixture.mode === 'foreign_key' ? foreign.privateKey : signing.privateKey,
          ),
        });
      } else if (path === '/userinfo') {
        json(200, {
          sub: fixture.mode === 'other_subject' ? 'someone-else' : SUBJECT,
          given_name: 'Carmen',
          family_name: 'Ortiz Vélez',
          cardnumber: 987654321,
        });
      } else {
        json(404, { error: 'not_found' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fixture.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fixture;
}
