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
    // Part "namespaces" of issue 16: a namespace is a plugin; the rest of the site and the
    // desktop host reach it only through its plugin in server/namespace-table.ts.
    {
      name: 'namespaces-only-through-the-table',
      comment: 'Register a namespace in server/namespace-table.ts instead of importing it.',
      severity: 'error',
      from: { path: '^(server|electron)/', pathNot: ['^server/namespaces/', '^server/namespace-table\\.ts$'] },
      to: { path: '^server/namespaces/' },
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
