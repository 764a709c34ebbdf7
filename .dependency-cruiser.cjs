// The arrows of DESIGN.md: renderer -> shared; electron -> server, shared; server -> shared.
// shared imports nothing of ours; only electron/main.ts and electron/preload.ts import electron.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'renderer-only-shared',
      comment: 'The renderer talks HTTP through shared/; it never imports server or electron code.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(server|electron)/' },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'shared/ is the contract; it imports none of server, electron or renderer.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|electron|renderer)/' },
    },
    {
      name: 'server-not-upwards',
      comment: 'The site knows nothing of the desktop host or the editor.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(electron|renderer)/' },
    },
    {
      name: 'electron-only-in-main-and-preload',
      comment: 'Only electron/main.ts and electron/preload.ts import electron, so the rest runs in plain Node.',
      severity: 'error',
      from: { pathNot: '^electron/(main|preload)\\.ts$' },
      to: { path: '^electron$', dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core', 'unknown', 'undetermined'] },
    },
    {
      name: 'electron-module-only-in-main-and-preload',
      severity: 'error',
      from: { pathNot: '^electron/(main|preload)\\.ts$' },
      to: { path: 'node_modules/electron/' },
    },
    // Layers inside the server (issue 16), bottom to top; each imports only what is below it:
    //   shared/                          the contract and the pure vocabulary
    //   server/rest/, server/store/      the REST core; the core's storage (its npm packages: the
    //                                    driver only, checked in tests/unit/rules-layers.test.ts, as
    //                                    npm modules are excluded from this cruise)
    //   the domain                       server/content, media, auth, net, and the two files every
    //                                    part is handed: site-context.ts (types) and dom-window.ts
    //   server/namespaces/<ns>/          one folder per namespace (server/seo/ is seo's until it moves in)
    //   the top                          pages, http, site, cli, deployments, initialise, ...
    {
      name: 'server-rest-only-itself-and-shared',
      comment: 'The REST core knows no resource: it imports only server/rest and shared.',
      severity: 'error',
      from: { path: '^server/rest/' },
      to: { path: '^(server|electron|renderer)/', pathNot: '^server/rest/' },
    },
    {
      name: 'server-store-only-itself-and-shared',
      comment: 'The core storage imports only itself, shared and the SQLite driver: nothing above it.',
      severity: 'error',
      from: { path: '^server/store/' },
      to: { path: '^(server|electron|renderer)/', pathNot: '^server/store/' },
    },
    {
      name: 'namespace-store-only-itself-and-the-store',
      comment: "A namespace's own tables sit on the core storage (its Store) and nothing higher.",
      severity: 'error',
      from: { path: '^server/namespaces/([^/]+)/store/' },
      to: { path: '^(server|electron|renderer)/', pathNot: '^server/(store|namespaces/$1/store)/' },
    },
    {
      name: 'server-domain-not-upward',
      comment: 'The domain (content, media, auth) imports only itself, the REST core, the storage and shared: no namespace, page or adapter.',
      severity: 'error',
      from: {
        path: '^server/((content|media|auth|net)/|(site-context|dom-window)[.]ts$)',
        // The credential-grant page moves to the pages room (part http of issue 16).
        pathNot: '^server/auth/grant-page[.]ts$',
      },
      to: { path: '^server/', pathNot: '^server/((rest|store|content|media|auth|net)/|(site-context|dom-window)[.]ts$)' },
    },
    {
      name: 'server-namespace-not-upward',
      comment: 'A namespace builds on the domain; the top (pages, http, site, cli, deployments) registers it, never the reverse.',
      severity: 'error',
      from: { path: '^server/(namespaces|seo)/' },
      to: { path: '^server/', pathNot: '^server/((rest|store|content|media|auth|net|namespaces|seo)/|(site-context|dom-window)[.]ts$)' },
    },
    {
      name: 'server-namespace-not-another',
      comment: 'A namespace folder knows nothing of the others; what two share lives in the domain below them.',
      severity: 'error',
      from: { path: '^server/namespaces/([^/]+)/' },
      to: { path: '^server/namespaces/', pathNot: '^server/namespaces/$1/' },
    },
    {
      name: 'server-seo-domain-only-seo',
      comment: "server/seo/ is the seo namespace's domain (until it moves into its folder): it imports no other namespace, and none imports it.",
      severity: 'error',
      from: { path: '^server/(seo/|namespaces/seo/)' },
      to: { path: '^server/namespaces/', pathNot: '^server/namespaces/seo/' },
    },
    {
      name: 'server-seo-domain-seo-only',
      severity: 'error',
      from: { path: '^server/namespaces/', pathNot: '^server/namespaces/seo/' },
      to: { path: '^server/seo/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^node_modules' },
  },
};
