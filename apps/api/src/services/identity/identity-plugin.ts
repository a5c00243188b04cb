import fp from 'fastify-plugin';
import { createIdentity, type Identity } from './identity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Member sign-in: the bundled or the configured identity provider (docs/decisions/460). */
    identity: Identity;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate(
      'identity',
      createIdentity(app.config, () => app.server.address()),
    );
    done();
  },
  { name: 'identity' },
);
