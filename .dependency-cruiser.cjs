// The architecture rules of CONTRIBUTING.md ("The map of the house"), checked by `npm run lint`.
// Written for any libs/<name>, so a new context is covered the day it is created.

// The libraries from the floor up: each may import only those before it. A new library gets its
// place here (every-library-has-a-layer fails until it has one). cohorts and person-analytics
// come from the persons split (issue 18, item 1).
const LAYERS = [
  'platform',
  'targeting',
  'event-deletion',
  'flag-definition-changes',
  'webhook-outbox',
  'persons',
  'cohorts',
  'person-analytics',
  'event-definitions',
  'flags',
  'roles',
  'webhooks',
];

const layerRules = LAYERS.slice(0, -1).map((lib, i) => ({
  name: `layers-run-one-way-from-${lib}`,
  comment: `${lib} may import only the libraries below it (${LAYERS.slice(0, i).join(', ') || 'none'}); see LAYERS.`,
  severity: 'error',
  from: { path: `^libs/${lib}/` },
  to: { path: `^libs/(${LAYERS.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'console-speaks-http-only',
      comment: 'The web console (apps/console) reaches the server through its public API, never its code.',
      severity: 'error',
      from: { path: '^apps/console/' },
      to: { path: '^(libs|apps/(api|worker))/' },
    },
    {
      name: 'every-library-has-a-layer',
      comment: 'Give the library its place in LAYERS (.dependency-cruiser.cjs): the layer rules cannot see it.',
      severity: 'error',
      from: { path: '^libs/[^/]+/', pathNot: `^libs/(${LAYERS.join('|')})/` },
      to: { path: '^libs/' },
    },
    {
      name: 'domain-is-plain-typescript',
      comment:
        'domain/ is plain TypeScript: no Nest, no TypeORM, no platform barrel (which pulls in both). ' +
        'Import DomainError from @app/platform/errors/domain-error and shared rules from @app/platform/domain/*.',
      severity: 'error',
      from: { path: '^libs/[^/]+/src/(domain|.*/domain)/' },
      to: {
        path: ['^node_modules/(@nestjs/|typeorm/|@electric-sql/|pg/)', '^libs/platform/src/index\\.ts$'],
      },
    },
    {
      name: 'contexts-meet-through-index',
      comment:
        "A library imports another only through that library's index.ts (@app/<name>). The two " +
        'exceptions are the Nest-free platform parts domain/ code needs: errors/domain-error and domain/*.',
      severity: 'error',
      from: { path: '^libs/([^/]+)/' },
      to: {
        path: '^libs/[^/]+/',
        pathNot: [
          '^libs/$1/',
          '^libs/[^/]+/src/index\\.ts$',
          '^libs/platform/src/errors/domain-error\\.ts$',
          '^libs/platform/src/domain/',
        ],
      },
    },
    {
      name: 'http-stays-in-its-context',
      comment: 'Controllers, DTOs and response mapping (http/) belong to their context; call its service instead.',
      severity: 'error',
      from: { path: '^(libs|apps)/([^/]+)/' },
      to: { path: '^libs/[^/]+/src/(http|.*/http)/', pathNot: '^libs/$2/' },
    },
    {
      name: 'testing-is-for-tests',
      comment: 'testing/ holds factories and fakes; production code never imports it.',
      severity: 'error',
      from: {
        path: '^(apps|libs)/[^/]+/src/',
        pathNot: ['\\.spec\\.ts$', '/testing/'],
      },
      to: { path: '^(apps|libs)/[^/]+/src/(testing|.*/testing)/' },
    },
    {
      name: 'platform-is-the-floor',
      comment: 'libs/platform is below every context: it imports none of them.',
      severity: 'error',
      from: { path: '^libs/platform/' },
      to: { path: '^libs/', pathNot: '^libs/platform/' },
    },
    {
      name: 'libraries-never-import-apps-or-tests',
      comment: 'apps wire libraries; test/ drives them. Neither is imported from a library.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^(apps|test)/' },
    },
    {
      name: 'no-cycle-between-libraries',
      comment: 'The layers run one way (apps → roles → flags → … → platform); no library imports back up.',
      severity: 'error',
      from: { path: '^libs/([^/]+)/' },
      to: {
        circular: true,
        viaSomeNot: '^libs/$1/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
