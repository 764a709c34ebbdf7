import { defineConfig } from 'vitest/config';
import { LEFT_OUT_ON_POSTGRES } from './tests/helpers/postgres/left-out.ts';
import { SameEnvironmentTogether } from './tests/helpers/environment-sequencer.ts';

/** Files about PostgreSQL itself (its store, an outage of its server): nothing to run on SQLite. */
const POSTGRES_ONLY = ['tests/integration/store-postgres.test.ts', 'tests/integration/instances-outage.test.ts', 'tests/integration/database-stall.test.ts', 'tests/integration/fault-harness-database.test.ts'];

/**
 * Files that time the site's own answers (under an attack, over a stalled database): each runs alone, after the others
 * (groupOrder), so that what they measure is not the load of the files beside them on two cores.
 */
const TIMED = ['tests/integration/work-before-auth.test.ts', 'tests/integration/database-stall.test.ts', 'tests/integration/fault-harness-database.test.ts'];
/**
 * `npm test` (.ci/test) sets a seed: the tests of each file, in every project, then run in an
 * order drawn from it, so a test that leans on what another left fails there. The files keep
 * vitest's order (longest first, so that two workers finish together). Vitest reads `sequence`
 * from the root only, so the order is the run's.
 */
const SEED = process.env.INKWELL_TEST_SEED;
const SHUFFLED = SEED ? { shuffle: { files: false, tests: true }, seed: Number(SEED) } : {};
/** Longest first (vitest's times, else tests/file-durations.json's: a clean clone has none of vitest's), with the unit files of one environment together (tests/helpers/environment-sequencer.ts); `--sequence.shuffle.files` shuffles instead. */
const SEQUENCER = process.argv.some((arg) => arg.startsWith('--sequence.shuffle')) ? {} : { sequencer: SameEnvironmentTogether };
/**
 * The unit files that judge a whole corpus with the block editor (@wordpress/blocks), or generate
 * their cases over every shape a corpus holds: their own project, `blocks` (`npm run test:blocks`),
 * so that `npm run test:unit` stays a quick loop. Their purpose is the measure over the corpus:
 * every core block's sample and the fixture documents, every document saved untouched, every older
 * form, every transform offered on every sample, every block of the corpus re-indented; and
 * classic content's every shape, attribute and place (4,629 cases), every classic node shape pasted
 * among blocks and converted, each judged against Convert and the block editor's raw handler (44 s
 * of the unit files' 107 in ci61), and every element of HTML among a list item's words and every image
 * held in a piece of one, converted (held-item-convert, 256 cases), and every element in every place of an item,
 * the list set apart or not, converted as the raw handler's list block (raw-list-convert, 1,008 cases), and a
 * rule, More or page break in every place of one, and bold and italic words spelt `<b>` and `<i>`, or two of one mark side by side, in every block, a table cell too, and a `[caption]` in every place of one, in a quote too (list-markers-convert, 576 cases); every block the inserter makes pasted as the block editor's copy
 * and copied here (pasted-block-markup, 270 cases, about 60 s loaded), and written in, undone and
 * moved (writer-steps, 90 cases); every comment a quote of classic content holds, in every place, and every
 * block the inserter makes put first in such a quote (quoted-comments, 908 cases, each Convert case pasted among blocks too, comments among words outside a quote and in every box of words too: code, a definition list's term and definition, a quote's loose words); every form of a figure
 * with its caption and of code holding an image, in every place, converted and opened editable, what Convert made reopened editable, and each captioned image's alignment drawn (figures-and-code-convert, 455 cases);
 * every older cover each of the cover's deprecations saves with every set of attributes it never wrote (older-cover-switch, 860 cases),
 * every image classic content holds in every place of every block holding words, converted and reopened (reopen-converted-images, 587),
 * every element the editor cannot hold in a list item, alone and among its words (held-item-html), and every palette colour, gradient and
 * font size on every block that takes them (block-colours), every block of every parent moved to every place in the list view
 * (list-view-moves), a cover's and media & text's every form × every picked item replaced (media-switch), every older form of the
 * gallery and of an empty cover its deprecations save (older-gallery, older-cover-empty): 53 s of the unit project's 123 s of CPU in
 * session 31 (media-blocks, list-view-places, cover-save and older-names keep a sample in the unit loop). The unit loop keeps a sample of the classic ones
 * (classic-content.test.ts); pasting and history are in its pasted-content and history-keys.
 */
const BLOCK_CORPORA = [
  'tests/unit/block-corpus.test.ts', 'tests/unit/untouched-corpus.test.ts', 'tests/unit/older-forms.test.ts',
  'tests/unit/block-transforms.test.ts', 'tests/unit/equivalent-form-corpus.test.ts',
  'tests/unit/classic-editable.test.ts', 'tests/unit/classic-paste.test.ts', 'tests/unit/classic-convert.test.ts', 'tests/unit/held-item-convert.test.ts', 'tests/unit/raw-list-convert.test.ts',
  'tests/unit/pasted-block-markup.test.ts', 'tests/unit/writer-steps.test.ts', 'tests/unit/editor-page-inert.test.ts', 'tests/unit/quoted-comments.test.ts',
  'tests/unit/figures-and-code-convert.test.ts', 'tests/unit/list-markers-convert.test.ts',
  'tests/unit/older-cover-switch.test.ts', 'tests/unit/reopen-converted-images.test.ts', 'tests/unit/held-item-html.test.ts', 'tests/unit/block-colours.test.ts',
  'tests/unit/list-view-moves.test.ts', 'tests/unit/media-switch.test.ts', 'tests/unit/older-gallery.test.ts', 'tests/unit/older-cover-empty.test.ts',
];
/**
 * Unit files share their workers (what they loaded stays loaded); each leaves the process as it found it.
 * A larger young generation: a worker holds the block library (a large old generation), and its
 * tests make garbage fast (jsdom documents, editor states); with 64 MB semi-spaces fewer short-lived
 * objects are promoted and marked with it (6 % less CPU over block-colours, list-nesting and
 * list-view-drag-expand, two pairs of runs).
 */
const SHARED_WORKERS = { isolate: false, setupFiles: ['tests/helpers/unit-leaves-nothing.ts'], execArgv: ['--max-semi-space-size=64'] };
/** The site's command line compiled once for the run, for the files that start it as a process. */
const SITE_CLI = 'tests/helpers/site-cli/global-setup.ts';
/**
 * The integration files share their workers as well: the server's modules (and jsdom, sharp, the
 * S3 client where a file uses them) load once per worker, not once per file (~1 s of CPU each).
 * Each file also closes what it opened and gives back the built-in globals
 * (tests/helpers/site-leaves-nothing.ts fails one that does not).
 */
const SITE_WORKERS = { isolate: false, setupFiles: ['tests/helpers/unit-leaves-nothing.ts', 'tests/helpers/site-leaves-nothing.ts'] };
/**
 * What a browser test's `expect.poll` waits for comes after a request and a render, which on two
 * loaded cores (CI runs e2e beside the real WordPress) can take seconds: vitest's default gives
 * up after 1 s. 15 s, within the test's own timeout, so that a real failure still says what it waited for.
 */
const BROWSER_POLLS = { expect: { poll: { timeout: 15_000 } } };
const POSTGRES = { globalSetup: [SITE_CLI, 'tests/helpers/postgres/global-setup.ts'], env: { INKWELL_TEST_STORE: 'postgres' } };

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: run files in parallel but not more than the machine can carry.
    maxWorkers: 2,
    sequence: { ...SHUFFLED, ...SEQUENCER },
    projects: [
      {
        extends: true,
        // The PostgreSQL-only files run in site-postgres below; the unit files in unit.
        test: { name: 'site', include: ['tests/**/*.test.ts'], globalSetup: [SITE_CLI], exclude: ['tests/unit/**', 'tests/integration/wordpress-*.test.ts', ...POSTGRES_ONLY, ...TIMED], ...SITE_WORKERS },
      },
      {
        extends: true,
        // The unit files run one after another in each worker, which keeps what they loaded: the
        // block library (10,000 modules), tiptap and the renderer's blocks load once per worker,
        // not once per file. Each file leaves the globals, timers and environment variables as it
        // found them (tests/helpers/unit-leaves-nothing.ts fails one that does not).
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: BLOCK_CORPORA, ...SHARED_WORKERS },
      },
      {
        extends: true,
        // The corpus suites, in the same way: whole corpora (every core block's sample, the block
        // editor's fixture documents, every older form its deprecations declare) judged by the block
        // editor, a fifth of the unit files' test time; `npm test` runs them beside the unit files.
        test: { name: 'blocks', include: BLOCK_CORPORA, ...SHARED_WORKERS },
      },
      {
        extends: true,
        // The integration suite again, each test site on its own database of one throw-away
        // PostgreSQL cluster (Debian's package, installed when missing), started for the run.
        test: {
          name: 'site-postgres', include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/wordpress-*.test.ts', ...Object.keys(LEFT_OUT_ON_POSTGRES), ...TIMED], ...SITE_WORKERS, ...POSTGRES,
        },
      },
      { extends: true, test: { name: 'site-timed', include: TIMED, exclude: POSTGRES_ONLY, globalSetup: [SITE_CLI], sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'site-postgres-timed', include: TIMED, sequence: { groupOrder: 2 }, ...POSTGRES } },
      {
        extends: true,
        // Sync against a real WordPress (Debian's package, installed when missing), started once
        // for the run; its files run one at a time, as they share that one site.
        test: {
          name: 'wordpress', include: ['tests/integration/wordpress-*.test.ts'], globalSetup: ['tests/helpers/wordpress/global-setup.ts'],
          fileParallelism: false, testTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The end-to-end tests drive the built renderer: built once, before they run. Their files
        // run one after another in each worker, which keeps what they loaded: WordPress's block
        // editor, their judge (some 15 s a file), loads once per worker, not once per file.
        test: { name: 'e2e', include: ['e2e/**/*.e2e.test.ts'], globalSetup: ['e2e/global-setup.ts'], testTimeout: 60_000, isolate: false, ...BROWSER_POLLS },
      },
      {
        extends: true,
        // The packaged app (electron-builder --dir) in the real Electron, before each platform's
        // installers are built (.github/workflows/desktop-platform.yml); skipped, saying why,
        // where there is none. No browser: it needs no Chromium of the system.
        test: { name: 'packaged', include: ['e2e/packaged-smoke.electron.ts'], testTimeout: 180_000, ...BROWSER_POLLS },
      },
    ],
  },
});
