import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { authenticateDemoDispatcher } from '../../services/identity/demo-dispatchers.ts';
import { authenticateDemoDriver } from '../../services/identity/demo-drivers.ts';
import { authenticateDemoMember } from '../../services/identity/demo-members.ts';
import { interactionPath } from '../../services/identity/embedded-provider.ts';
import {
  DISPATCHER_CALLBACK_PATH,
  DRIVER_CALLBACK_PATH,
} from '../../services/identity/identity.ts';
import {
  INTERACTION_STYLESHEET,
  pageLanguage,
  type PageAudience,
  renderConsentPage,
  renderLoginPage,
} from '../../services/identity/interaction-pages.ts';

const STYLESHEET_PATH = '/oidc/assets/interaction.css';

const UidParamsSchema = z.object({ uid: z.string().min(1).max(100) });
const LoginBodySchema = z.object({
  /** A member types a card number, a driver or a dispatcher an e-mail (docs/decisions/761, 762). */
  cardnumber: z.string().max(40).optional(),
  email: z.string().max(120).optional(),
  pin: z.string().max(40),
});

/**
 * Drivers come from the driver app and dispatchers from the console: the callback of each is the
 * authorize request's redirect URI.
 */
function audienceOf(redirectUri: unknown): PageAudience {
  const target = typeof redirectUri === 'string' ? URL.parse(redirectUri) : null;
  if (target?.pathname === DRIVER_CALLBACK_PATH) return 'driver';
  return target?.pathname === DISPATCHER_CALLBACK_PATH ? 'dispatcher' : 'member';
}

/** The account id of the typed credentials, only among the accounts of that audience. */
function authenticate(audience: PageAudience, account: string, pin: string): string | undefined {
  switch (audience) {
    case 'driver':
      return authenticateDemoDriver(account, pin)?.id;
    case 'dispatcher':
      return authenticateDemoDispatcher(account, pin)?.id;
    case 'member':
      return authenticateDemoMember(account, pin)?.id;
  }
}

/**
 * Our pages carry no script and only the static stylesheet. The forms post to this origin, which then
 * redirects to the app's callback: `form-action` lists both, as browsers check redirects too.
 */
function pageSecurityPolicy(redirectUri: unknown): string {
  const target = typeof redirectUri === 'string' ? URL.parse(redirectUri)?.origin : undefined;
  return [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self'${target ? ` ${target}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The sign-in and consent pages of the bundled provider (docs/decisions/460). */
const interactionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /** The interaction of the browser's cookie; it must be the one in the URL. */
  async function details(request: FastifyRequest, reply: FastifyReply, uid: string) {
    const provider = await app.identity.embeddedProvider();
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => {
      throw new AppError('BAD_REQUEST', 'The sign-in expired or was not started here: start again');
    });
    if (interaction.uid !== uid) {
      throw new AppError('BAD_REQUEST', 'The sign-in expired or was not started here: start again');
    }
    return { provider, interaction };
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    result: InteractionResults,
  ) {
    const { provider } = await details(request, reply, uid);
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, {
      mergeWithLastSubmission: 'login' in result ? false : true,
    });
  }

  function sendPage(reply: FastifyReply, redirectUri: unknown, html: string, status = 200) {
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageSecurityPolicy(redirectUri))
      .send(html);
  }

  app.get('/assets/interaction.css', { schema: { hide: true } }, (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').send(INTERACTION_STYLESHEET),
  );

  app.get(
    '/interaction/:uid',
    { schema: { hide: true, params: UidParamsSchema } },
    async (request, reply) => {
      const { uid } = request.params;
      const { interaction } = await details(request, reply, uid);
      const language = pageLanguage(request.headers['accept-language']);
      const base = interactionPath(uid);
      const audience = audienceOf(interaction.params.redirect_uri);
      const html =
        interaction.prompt.name === 'login'
          ? renderLoginPage({
              language,
              audience,
              stylesheet: STYLESHEET_PATH,
              loginAction: `${base}/login`,
              abortAction: `${base}/abort`,
            })
          : renderConsentPage({
              language,
              audience,
              stylesheet: STYLESHEET_PATH,
              confirmAction: `${base}/confirm`,
              abortAction: `${base}/abort`,
            });
      return sendPage(reply, interaction.params.redirect_uri, html);
    },
  );

  app.post(
    '/interaction/:uid/login',
    { schema: { hide: true, params: UidParamsSchema, body: LoginBodySchema } },
    async (request, reply) => {
      const { uid } = request.params;
      const { pin } = request.body;
      const { interaction } = await details(request, reply, uid);
      const audience = audienceOf(interaction.params.redirect_uri);
      const account = (audience === 'member' ? request.body.cardnumber : request.body.email) ?? '';
      const accountId = authenticate(audience, account, pin);
      if (!accountId) {
        const base = interactionPath(uid);
        const html = renderLoginPage({
          language: pageLanguage(request.headers['accept-language']),
          audience,
          stylesheet: STYLESHEET_PATH,
          loginAction: `${base}/login`,
          abortAction: `${base}/abort`,
          cardnumber: account,
          failed: true,
        });
        return sendPage(reply, interaction.params.redirect_uri, html, 401);
      }
      await finish(request, reply, uid, { login: { accountId } });
      return reply;
    },
  );

  app.post(
    '/interaction/:uid/confirm',
    { schema: { hide: true, params: UidParamsSchema } },
    async (request, reply) => {
      const { uid } = request.params;
      const { provider, interaction } = await details(request, reply, uid);
      const accountId = interaction.session?.accountId;
      const clientId = interaction.params.client_id;
      if (interaction.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') {
        throw new AppError('BAD_REQUEST', 'Nothing to confirm: sign in first');
      }
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({ accountId, clientId });
      if (!grant) throw new AppError('BAD_REQUEST', 'The sign-in expired: start again');
      const missing = interaction.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await finish(request, reply, uid, { consent: { grantId } });
      return reply;
    },
  );

  app.post(
    '/interaction/:uid/abort',
    { schema: { hide: true, params: UidParamsSchema } },
    async (request, reply) => {
      const { uid } = request.params;
      // RFC 6749 4.1.2.1: the app receives ?error=access_denied on its callback.
      await finish(request, reply, uid, {
        error: 'access_denied',
        error_description: 'The member cancelled the sign-in',
      });
      return reply;
    },
  );
  done();
};

export default interactionRoutes;
