/**
 * Boundaries that hold (docs/architecture.md, docs/decisions/177): `npm run lint` runs this after
 * ESLint. Type-only imports count: a layer that needs another's types depends on it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycle in any package, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-stand-alone',
      comment:
        'A web feature imports only shared layers (components, lib, config, stores, api, shared) and its own folder; app/routes composes features.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-layers-below-features',
      comment: 'Shared layers of the web app never import a feature or the app layer.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config|stores|api|shared)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'api-repositories-talk-sql-only',
      comment: 'Repositories never import services, plugins or routes.',
      severity: 'error',
      from: { path: '^apps/api/src/repositories/' },
      to: { path: '^apps/api/src/(services|plugins|routes)/' },
    },
    {
      name: 'api-services-below-routes',
      comment: 'Services never import routes.',
      severity: 'error',
      from: { path: '^apps/api/src/(services|lib|db|config)/' },
      to: { path: '^apps/api/src/routes/' },
    },
    {
      name: 'packages-below-apps',
      comment: 'The packages never import an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-schemas-below-rules',
      comment:
        'packages/domain/src/contract holds the wire schemas; rules import schemas, never the reverse. Schemas may use the enumerations, service types and statuses, dates, brand schema and constants.',
      severity: 'error',
      from: { path: '^packages/domain/src/contract/', pathNot: '[.]test[.]ts$' },
      to: {
        path: '^packages/domain/src/',
        pathNot: [
          '^packages/domain/src/contract/',
          '^packages/domain/src/(enumerations|service-types|service-status|dates|brand|constants)[.]ts$',
        ],
      },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain depends on zod only (CONVENTIONS).',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer'],
        pathNot: 'node_modules/zod/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data|artifacts|boundary-fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
