// The house drawing (README "A tour of the code"; docs/decisions.md "The house drawing"): imports run one way, down the layers, and never in a circle.
//   core      pure rules: nothing of ours but lib
//   lib       small helpers: nothing of ours at all
//   db        core, lib; the only layer that imports kysely: all SQL is written here
//   render    core, lib
//   services  core, db, render, lib (and each other only through a feature's index.ts)
//   http, web services, core, render, lib; web is drawn by http, never the other way
//   cli       the outermost shell
// src/errors.ts and src/config.ts sit beside the layers and may be imported by any of them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules are one module in two files; break it by moving the shared part down.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: 'core holds the rules and arithmetic; it must not know about storage, services, transport or rendering.',
      from: { path: '^src/core/' },
      to: { path: '^src/(db|services|http|render|web|cli|server)' },
    },
    {
      name: 'lib-is-the-floor',
      severity: 'error',
      comment: 'lib is the bottom layer: it imports nothing of ours.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(core|db|services|http|render|web|cli|server|config|errors)' },
    },
    {
      name: 'db-below-services',
      severity: 'error',
      comment: 'db may use core and lib only.',
      from: { path: '^src/db/' },
      to: { path: '^src/(services|http|render|web|cli|server)' },
    },
    {
      name: 'render-below-services',
      severity: 'error',
      comment: 'render turns a label model into SVG/PNG/PDF; it may use core and lib only.',
      from: { path: '^src/render/' },
      to: { path: '^src/(db|services|http|web|cli|server)' },
    },
    {
      name: 'services-below-transport',
      severity: 'error',
      comment: 'services never reach up to HTTP, the web pages or the CLI.',
      from: { path: '^src/services/' },
      to: { path: '^src/(http|web|cli|server)' },
    },
    {
      name: 'transport-above-storage',
      severity: 'error',
      comment: 'http and web go through services; they never read the database themselves.',
      from: { path: '^src/(http|web)/' },
      to: { path: '^src/(db|cli)/' },
    },
    {
      name: 'sql-only-in-db',
      severity: 'error',
      comment:
        'SQL is written in src/db only: no other layer imports kysely (its sql tag, builders or types); they call a repository function.',
      from: { path: '^src/(?!db/)' },
      to: { path: '(^|/)node_modules/kysely/' },
    },
    {
      name: 'web-below-http',
      severity: 'error',
      comment: 'http serves the pages web draws; web does not know about routes.',
      from: { path: '^src/web/' },
      to: { path: '^src/(http|server)' },
    },
    {
      name: 'services-through-their-index',
      severity: 'error',
      comment: 'A service feature folder has one entry, index.ts; other folders import that, never its inner files.',
      from: { path: '^src/(?!services/)' },
      to: { path: '^src/services/[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'services-features-through-their-index',
      severity: 'error',
      comment: 'One service feature uses another only through that feature\'s index.ts.',
      from: { path: '^src/services/([^/]+)/' },
      to: { path: '^src/services/(?!$1/)[^/]+/(?!index\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
