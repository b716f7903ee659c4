// The code's boundaries, checked by dependency-cruiser: `npm run lint`, and by `npm test` through
// scripts/boundaries.test.ts, which also shows that a deliberate breach of each rule fails.
// This file is the single source of the rules; docs/ARCHITECTURE.md ("Boundaries") says them in words.
const server = '^apps/server/src/';
const web = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'packages-import-no-app',
      comment:
        'The engine and the contracts stand alone: nothing in packages/ imports an app, the bench or a script.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|bench|scripts)/' },
    },
    {
      name: 'ifc-imports-nothing-ours',
      comment: 'packages/ifc reads IFC and imports no other code of ours.',
      severity: 'error',
      from: { path: '^packages/ifc/' },
      to: { path: '^(packages/(?!ifc/)|apps/|bench/|scripts/)' },
    },
    {
      name: 'i18n-imports-nothing-ours',
      comment: 'packages/i18n (locales, rendering messages from catalogues) is below every other package.',
      severity: 'error',
      from: { path: '^packages/i18n/' },
      to: { path: '^(packages/(?!i18n/)|apps/|bench/|scripts/)' },
    },
    {
      name: 'ids-imports-only-ifc',
      comment:
        'packages/ids builds on packages/ifc (and, for its command line, packages/validity) alone; it renders its messages with packages/i18n.',
      severity: 'error',
      from: { path: '^packages/ids/' },
      to: { path: '^(packages/(?!ids/|ifc/|validity/|i18n/)|apps/|bench/|scripts/)' },
    },
    {
      name: 'validity-imports-only-ifc',
      comment:
        'packages/validity (model validity, rules beyond IDS) builds on packages/ifc alone and renders its messages with packages/i18n; ids may use it, not the reverse.',
      severity: 'error',
      from: { path: '^packages/validity/' },
      to: { path: '^(packages/(?!validity/|ifc/|i18n/)|apps/|bench/|scripts/)' },
    },
    {
      name: 'contracts-import-nothing-ours',
      comment:
        'packages/contracts is shared by web and server and depends on neither; of the engine it takes only ' +
        'the one percentage rule and the one folding of long enumerations (issue 35), which the engine ' +
        'package defines because it may import nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: {
        path: '^(packages/(?!contracts/|i18n/)|apps/|bench/|scripts/)',
        pathNot: '^packages/ids/src/report/(percent|fold)\\.ts$',
      },
    },
    {
      name: 'platform-imports-no-module',
      comment:
        'The platform (config, db, queue, http, storage) knows no module and no job; the composition root ' +
        '(src/server.ts) wires modules onto it. The message catalogues (src/messages) are data it renders.',
      severity: 'error',
      from: { path: `${server}platform/` },
      to: { path: `${server}(?!platform/|schema/|messages/)` },
    },
    {
      name: 'modules-import-no-job-or-root',
      comment:
        'Modules sit below the job handlers (src/jobs/) and the entry points; they send jobs by the job specs ' +
        'they own (jobs.ts in the module).',
      severity: 'error',
      from: { path: `${server}modules/` },
      to: { path: `${server}(?!modules/|platform/|schema/)` },
    },
    {
      name: 'modules-meet-through-index',
      comment: "A server module reaches another module only through that module's index.ts.",
      severity: 'error',
      from: { path: `${server}modules/([^/]+)/` },
      to: {
        path: `${server}modules/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'explorer-rows-through-store',
      comment:
        'Explorer rows (element × property set × property) are read through the ExplorerStore ' +
        '(modules/metadata/explorer-store.ts): only the SQL store reaches their queries (decision 0273).',
      severity: 'error',
      from: { path: server, pathNot: `${server}modules/metadata/(sql-store|repo|row-query)\\.ts$` },
      to: { path: `${server}modules/metadata/(repo|row-query)\\.ts$` },
    },
    {
      name: 'web-features-import-only-projects-lib-components',
      comment:
        'A web feature uses lib/, components/, the projects feature and itself; screens that combine ' +
        'features are assembled in app/ (decision 0060, 0174).',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: {
        path: web,
        pathNot: [`${web}features/($1|projects)/`, `${web}(lib|components)/`],
      },
    },
    {
      name: 'web-lib-components-import-no-feature',
      comment: 'lib/ and components/ are below every feature and the app shell.',
      severity: 'error',
      from: { path: `${web}(lib|components)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere, type-only ones included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.node|build/out)/' },
    // Type-only imports count: a boundary holds for types as much as for values.
    tsPreCompilationDeps: true,
    // The web's `@/` alias (its tsconfig, from where depcruise runs); every other import is relative or a
    // workspace package.
    tsConfig: { fileName: require('node:path').resolve('apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: true,
  },
};
