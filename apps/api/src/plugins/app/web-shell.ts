import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadWebShell, type WebShell } from '../../services/web-shell.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built PWA read once at start; undefined when WEB_DIST_DIR holds no build. */
    webShell: WebShell | undefined;
  }
}

function webShellPlugin(app: FastifyInstance): void {
  const shell = loadWebShell(app.config.webDistDir);
  if (!shell) {
    app.log.warn(
      `no web build in ${app.config.webDistDir}: '/' answers 503 until \`npm run build\` has run`,
    );
  }
  app.decorate('webShell', shell);
}

export default fp(webShellPlugin, { name: 'web-shell' });
