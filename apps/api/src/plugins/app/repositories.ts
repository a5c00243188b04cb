import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
  }
}

function repositoriesPlugin(app: FastifyInstance): void {
  app.decorate('repositories', createRepositories(app.database.db));
}

export default fp(repositoriesPlugin, { name: 'repositories', dependencies: ['database'] });
