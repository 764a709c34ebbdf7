// The arrows of DESIGN.md: renderer -> shared; electron -> server, shared; server -> shared.
// shared imports nothing of ours; only electron/main.ts and electron/preload.ts import electron.

// The renderer's rooms, bottom to top: a room imports only its own files and the rooms in the
// tiers below it, so the renderer has no loop between rooms (no-circular sees only files).
// routing/ (addresses, navigation) serves every feature and imports none; app/ composes the
// features and nothing but main.tsx imports it.
const RENDERER_TIERS = [['routing'], ['api'], ['components'], ['blocks'], ['posts', 'media'], ['editor'], ['sites', 'settings'], ['screens'], ['app']];
const rendererRoomRules = RENDERER_TIERS.flatMap((tier, level) => {
  const above = RENDERER_TIERS.slice(level).flat();
  return tier.map((room) => ({
    name: `renderer-${room}-imports-only-rooms-below`,
    comment: `renderer/${room}/ may import only rooms below its tier (${RENDERER_TIERS.slice(0, level).flat().join(', ') || 'none'}); not ${above.filter((other) => other !== room).join(', ')}.`,
    severity: 'error',
    from: { path: `^renderer/${room}/` },
    to: { path: `^renderer/(${above.filter((other) => other !== room).join('|')})/` },
  }));
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'media-files-through-storage',
      comment: 'Media files may be in a shared folder or an S3 bucket: the rooms that handle them reach them through site.media (server/media/storage.ts), never the file system; only the folder backend uses fs.',
      severity: 'error',
      from: { path: '^server/(media/|content/media-|http/serve-files|local-copy/|namespaces/cms/media-)', pathNot: '^server/media/folder-storage\\.ts$' },
      to: { path: '^(node:)?fs(/promises)?$', dependencyTypes: ['core'] },
    },
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
    // The renderer's inner layering (issue 16): routing in a room of its own, app/ on top.
    {
      name: 'renderer-features-not-app',
      comment: 'app/ composes the features; a feature that needs an address imports renderer/routing, never renderer/app.',
      severity: 'error',
      from: { path: '^renderer/', pathNot: '^renderer/(app/|main\\.tsx$)' },
      to: { path: '^renderer/app/' },
    },
    {
      name: 'renderer-routing-imports-no-feature',
      comment: 'renderer/routing/ is below every feature: it imports only itself and shared/.',
      severity: 'error',
      from: { path: '^renderer/routing/' },
      to: { path: '^renderer/', pathNot: '^renderer/routing/' },
    },
    ...rendererRoomRules,
    // Part sync-door of issue 16: sync has one door into the local copy. The desktop host
    // never touches the site's storage; sync imports from the server only that door.
    {
      name: 'electron-not-into-server-store',
      comment: 'electron/ never imports server/store: the local copies are reached through their routes or server/local-copy.',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^server/store/' },
    },
    {
      name: 'sync-only-through-the-local-copy-door',
      comment: 'electron/remote imports from the server only server/local-copy/index.ts (the door, its driver and shared words).',
      severity: 'error',
      from: { path: '^electron/remote/' },
      to: { path: '^server/', pathNot: '^server/local-copy/index\\.ts$' },
    },
    // Sync's rooms (issue 30): the client and connecting know nothing of a run; the pull
    // knows nothing of media, push or the run; the look stands apart from sync.
    {
      name: 'remote-client-and-connect-below-the-run',
      comment: 'electron/remote/client and connect/ (talking to a remote, signing in) import no pull, media, push, merge, look, run or sync.',
      severity: 'error',
      from: { path: '^electron/remote/(client|connect)/' },
      to: { path: '^electron/remote/((pull|media|push|merge|look)/|run\\.ts$|sync\\.ts$)' },
    },
    {
      name: 'remote-pull-below-media-and-push',
      comment: 'electron/remote/pull writes what the remote holds into the copy: it imports no media, push, run or sync.',
      severity: 'error',
      from: { path: '^electron/remote/pull/' },
      to: { path: '^electron/remote/((media|push|look)/|run\\.ts$|sync\\.ts$)' },
    },
    {
      name: 'remote-look-apart-from-sync',
      comment: "electron/remote/look (an item previewed in the remote's look) uses the client and the connection, nothing of a sync run.",
      severity: 'error',
      from: { path: '^electron/remote/look/' },
      to: { path: '^electron/remote/', pathNot: '^electron/remote/(look|client|connect)/' },
    },
    {
      name: 'site-behind-a-copy-only-for-tests',
      comment: 'siteOf (server/local-copy/site-copy.ts) reaches past the door: only tests and benches may use it.',
      severity: 'error',
      from: { path: '^(electron|renderer|shared)/' },
      to: { path: '^server/local-copy/site-copy\\.ts$' },
    },
    // Layers inside the server (issue 16), bottom to top; each imports only what is below it:
    //   shared/                          the contract and the pure vocabulary
    //   server/rest/, server/store/      the REST core; the core's storage (its npm packages: the
    //                                    driver only, checked in tests/unit/rules-layers.test.ts)
    //   the domain                       server/content, media, auth, net, and the two files every
    //                                    part is handed: site-context.ts (types) and dom-window.ts
    //   server/namespaces/<ns>/          one folder per namespace: its routes, domain and store
    //   the top                          pages/, http/, http.ts, site, cli, deployments, namespace-table,
    //                                    local-copy/ (sync's door, beside site.ts), initialise, ...
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
      from: { path: '^server/((content|media|auth|net)/|(site-context|dom-window)[.]ts$)' },
      to: { path: '^server/', pathNot: '^server/((rest|store|content|media|auth|net)/|(site-context|dom-window)[.]ts$)' },
    },
    {
      name: 'server-namespace-not-upward',
      comment: 'A namespace builds on the domain; the top (pages, http, site, cli, deployments) registers it, never the reverse.',
      severity: 'error',
      from: { path: '^server/namespaces/' },
      to: { path: '^server/', pathNot: '^server/((rest|store|content|media|auth|net|namespaces)/|(site-context|dom-window)[.]ts$)' },
    },
    {
      name: 'server-namespace-not-another',
      comment: 'A namespace folder knows nothing of the others; what two share lives in the domain below them.',
      severity: 'error',
      from: { path: '^server/namespaces/([^/]+)/' },
      to: { path: '^server/namespaces/', pathNot: '^server/namespaces/$1/' },
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
    // Built bundles are not sources. npm modules stay in the graph as leaves (doNotFollow), so
    // rules about them (the electron module) can fire.
    exclude: { path: '^(electron|renderer)/dist/' },
  },
};
