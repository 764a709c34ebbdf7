// @vitest-environment jsdom
// The block editor's own output, read and saved by Inkwell's editor: every core block type's
// example (made and serialised by @wordpress/blocks), the Privacy Policy page and classic posts.
// Each is opened, a word typed in a paragraph at the end, and saved: the block editor's
// validator must find every block valid, and every block the edit did not touch byte-identical.
// Prints the figures issue 29 measures (wholly editable, saved byte-exact untouched, strictly
// valid after a one-word edit) for these samples and, where the shared folder holds them, the
// block editor's fixture documents; the samples' figures may not fall below their floor.
// The same corpus is opened in Chromium by e2e/block-corpus.e2e.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { keptText } from '../../renderer/blocks/kept-markup.ts';
import { htmlText } from '../../renderer/blocks/kept-attributes.ts';
import { corpus, type Sample } from '../helpers/block-editor.ts';
import { checkSaved, savedAsBlockEditorSaves, strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorFixtures, oneChange } from '../helpers/untouched-corpus.ts';

const schema = getSchema(editorExtensions);
const TYPED = 'Inkwelled';

/** The words the editor shows for a document: its text, with kept blocks' shown text, quotes' citations, captions and embeds' addresses. */
function shownText(doc: JSONContent): string {
  const node = schema.nodeFromJSON(doc);
  const citations: string[] = [];
  node.descendants((child) => {
    // The embed preview shows its address.
    for (const name of ['citation', 'caption', 'url']) if (child.attrs[name]) citations.push(htmlText(String(child.attrs[name])));
  });
  return `${node.textBetween(0, node.content.size, '\n', (leaf) => String(leaf.type.spec.toText?.({ node: leaf }) ?? '\n'))}\n${citations.join('\n')}`;
}
const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
/** What the site shows of markup: a caption shortcode's opening and closing are not shown (its attributes are not words). */
const shownWords = (markup: string) => markup.replace(/\[\/?caption[^\]]*\]/g, '');

interface Row {
  name: string;
  shown: boolean;
  editable: boolean;
  /** Saved with no edit, byte for byte as read. */
  untouched: boolean;
  roundTrips: boolean;
  savedValid: boolean;
  editedValid: boolean | null;
}

/** The document with a word typed at the end of the first editable text (or an image's alt text and caption changed), or null when it has none. */
function withFirstTextEdited(doc: JSONContent): JSONContent | null {
  let edited = false;
  const visit = (node: JSONContent): JSONContent => {
    if (edited || node.type === 'unknownBlock') return node;
    if (node.type === 'imageBlock') {
      edited = true;
      return { ...node, attrs: { ...node.attrs, alt: `${TYPED} "alt"`, caption: `${TYPED} <em>caption</em>`, align: node.attrs?.align === 'right' ? 'left' : 'right' } };
    }
    if (node.type === 'text') {
      edited = true;
      return { ...node, text: `${node.text ?? ''} ${TYPED}` };
    }
    return node.content ? { ...node, content: node.content.map(visit) } : node;
  };
  const result = visit(doc);
  return edited ? result : null;
}

/** A document opened, saved untouched, with a word typed in a new paragraph at the end and with a word typed in its first text: what holds, and what does not. */
function measure(sample: Sample): { row: Row; problems: string[] } {
  const problems: string[] = [];
  const doc = markupToDoc(sample.markup);
  const missing = new Set(words(keptText(shownWords(sample.markup))));
  for (const word of words(shownText(doc))) missing.delete(word);
  const edited: JSONContent = { ...doc, content: [...(doc.content ?? []), { type: 'paragraph', content: [{ type: 'text', text: TYPED }] }] };
  const saved = docToMarkup(edited);
  const check = checkSaved(sample.markup, saved);
  const untouched = docToMarkup(doc);
  const row: Row = {
    name: sample.name,
    shown: missing.size === 0,
    editable: !JSON.stringify(doc).includes('"type":"unknownBlock"'),
    untouched: untouched === sample.markup,
    roundTrips: checkSaved(sample.markup, untouched).changed.length === 0,
    savedValid: check.invalid.length === 0 && check.changed.length === 0 && saved.includes(TYPED),
    editedValid: null,
  };
  // A block edited inside: strictly valid, and in the form the block editor itself would save
  // (its save of the block as it read it, or a form it re-saves unchanged), unless the save is the
  // block as read with only the typed word in it (its form as read kept).
  const inside = withFirstTextEdited(doc);
  if (inside) {
    const savedInside = docToMarkup(inside);
    const edit = checkSaved(sample.markup, savedInside);
    const onlyTheWord = JSON.stringify(oneChange(sample.markup, savedInside)) === JSON.stringify({ removed: '', added: ` ${TYPED}` });
    row.editedValid = edit.invalid.length === 0 && (edit.resaved.length === 0 || onlyTheWord || savedAsBlockEditorSaves(sample.markup, savedInside, ` ${TYPED}`));
    if (!row.editedValid) problems.push(`${sample.name}: edited inside, invalid: ${edit.invalid.join(', ')}; re-saved otherwise: ${edit.resaved.join(', ')}`);
  }
  if (!row.shown) problems.push(`${sample.name}: not shown: ${[...missing].join(' ')}`);
  if (check.invalid.length > 0) problems.push(`${sample.name}: invalid after saving: ${check.invalid.join(', ')}`);
  if (check.changed.length > 0) problems.push(`${sample.name}: untouched blocks changed: ${check.changed.length}`);
  // Every block comes back byte for byte when nothing was typed (classic content too: it is one Classic block).
  if (!row.roundTrips) problems.push(`${sample.name}: an unchanged save is not byte-identical`);
  return { row, problems };
}

/** The document with no block written from its source, as if the writer had changed every one: what the serialiser writes for each. */
const writtenAnew = (node: JSONContent): JSONContent => ({
  ...node,
  ...(node.attrs ? { attrs: { ...node.attrs, source: null, canonical: null } } : {}),
  ...(node.content ? { content: node.content.map(writtenAnew) } : {}),
});

/** The document with a word typed at the end of its `index`-th text (kept blocks not counted), or null when it has fewer. */
function withTextEdited(doc: JSONContent, index: number): JSONContent | null {
  let seen = -1;
  const visit = (node: JSONContent): JSONContent => {
    if (seen >= index || node.type === 'unknownBlock') return node;
    if (node.type === 'text') return ++seen === index ? { ...node, text: `${node.text ?? ''} ${TYPED}` } : node;
    return node.content ? { ...node, content: node.content.map(visit) } : node;
  };
  const edited = visit(doc);
  return seen >= index ? edited : null;
}

/** Strictly valid after a one-word edit: typed in its first text where it has one, else in a new paragraph at the end. */
const validAfterOneWord = (row: Row) => row.editedValid ?? row.savedValid;

interface Figures { total: number; editable: number; untouched: number; validAfterOneWord: number }

/** The table of rows and the figures the issue measures, printed. */
function printed(label: string, rows: Row[]): Figures {
  const yes = (value: boolean) => (value ? 'yes' : 'NO');
  const edited = (row: Row) => (row.editedValid === null ? '-' : yes(row.editedValid));
  console.log([`${label} | shown | editable | untouched byte-exact | round-trips | saved valid | edited inside, valid`, ...rows.map((row) => `${row.name} | ${yes(row.shown)} | ${yes(row.editable)} | ${yes(row.untouched)} | ${yes(row.roundTrips)} | ${yes(row.savedValid)} | ${edited(row)}`)].join('\n'));
  const count = (test: (row: Row) => boolean) => rows.filter(test).length;
  const figures = { total: rows.length, editable: count((row) => row.editable), untouched: count((row) => row.untouched), validAfterOneWord: count(validAfterOneWord) };
  const share = (part: number) => `${part} (${((100 * part) / Math.max(1, rows.length)).toFixed(1)} %)`;
  const readOnly = rows.filter((row) => !row.editable).map((row) => row.name);
  console.log(`${label} not wholly editable (${readOnly.length}): ${readOnly.join(', ') || 'none'}`);
  console.log(`${rows.length} ${label}: ${count((row) => row.shown)} shown whole, ${share(figures.editable)} wholly editable (no read-only box), ${share(figures.untouched)} saved byte-exact untouched, ${share(figures.validAfterOneWord)} strictly valid after a one-word edit (${count((row) => row.editedValid === true)} of ${count((row) => row.editedValid !== null)} edited inside, the rest typed at the end)`);
  return figures;
}

/** The figures measured on the core-block samples (issue 29): they may rise, never fall. */
const SAMPLE_FLOORS: Figures = { total: 104, editable: 104, untouched: 104, validAfterOneWord: 104 };

/**
 * The shares measured on the block editor's fixture documents (the 266 of Gutenberg 14.1, trunk
 * dff8f7a of September 2022, the release of WordPress 6.1): they may rise, never fall. The shared
 * corpus of session 18 holds another set (its SOURCES.txt: the 240 of Gutenberg 12.5, February
 * 2022, and five of blocks new in WordPress 6.0 and 6.1), where they hold too. The share wholly
 * editable was raised in session 21 to the 239 of those 245 measured (the only set this machine
 * holds, in the shared folder and its copy): 238 before, core__table__deprecated-1 (a table of the
 * first tables' named colours, its caption without a class) now migrated (older-table.ts); then
 * to 242: the three documents of a block comment the block parser rejects (invalid-Capitals,
 * invalid-special, 4-invalid-starting-letter) hold it unshown in classic content (held-comment.ts).
 * The three left are blocks the block editor does not register (missing-block.ts), which it
 * does not edit either.
 */
const FIXTURE_FLOORS: Omit<Figures, 'total'> = { editable: 242 / 245, untouched: 1, validAfterOneWord: 266 / 266 };

let samples: Sample[] = [];

beforeAll(() => {
  samples = corpus();
}, 120_000);

describe('the block editor corpus', () => {
  it('has a sample for every core block type with an example, the Privacy Policy page and classic posts', () => {
    expect(samples.length).toBeGreaterThan(60);
    expect(samples.map((sample) => sample.name)).toEqual(expect.arrayContaining(['core/paragraph', 'core/columns', 'core/table', 'privacy-policy.html', 'classic-caption-more.html']));
  });

  it('is shown whole, saved valid with untouched blocks byte-identical, after a word typed at the end', () => {
    const measured = samples.map(measure);
    const figures = printed('core-block samples', measured.map(({ row }) => row));
    expect(measured.flatMap(({ problems }) => problems)).toEqual([]);
    for (const name of ['editable', 'untouched', 'validAfterOneWord'] as const) expect(figures[name], name).toBeGreaterThanOrEqual(SAMPLE_FLOORS[name]);
  });

  it('writes every block it models as the block editor saves it: each sample written anew is strictly valid', () => {
    const rejected = samples.flatMap((sample) => checkSaved('', docToMarkup(writtenAnew(markupToDoc(sample.markup)))).invalid.map((name) => `${sample.name}: ${name}`));
    expect(rejected).toEqual([]);
  });

  it('stays strictly valid with a word typed in any one of a sample\'s texts', () => {
    const rejected: string[] = [];
    let edits = 0;
    for (const sample of samples) {
      const doc = markupToDoc(sample.markup);
      for (let index = 0, edited = withTextEdited(doc, 0); edited !== null; edited = withTextEdited(doc, ++index)) {
        edits++;
        for (const name of checkSaved(sample.markup, docToMarkup(edited)).invalid) rejected.push(`${sample.name}, text ${index}: ${name}`);
      }
    }
    console.log(`${edits} texts of the samples edited one at a time: ${edits - rejected.length} strictly valid`);
    expect(rejected).toEqual([]);
  });

  it('measures the block editor\'s fixture documents: wholly editable, saved byte-exact untouched, strictly valid after a one-word edit', () => {
    const fixtures = blockEditorFixtures();
    if (fixtures === null) {
      console.log('NOT TESTED here: the block editor\'s fixture documents (WordPress/gutenberg\'s test/integration/fixtures/blocks) are other projects\' data, kept in the shared folder\'s corpus/block-fixtures (or INKWELL_CORPUS), which this machine does not have (no package the project installs ships them).');
      return;
    }
    const measured = fixtures.map((fixture) => ({ fixture, row: measure(fixture).row }));
    const figures = printed('block editor fixture documents', measured.map(({ row }) => row));
    // A document whose blocks the block editor itself rejects as read (its fixtures keep some, the
    // expected reading saying isValid false) cannot be made valid by a word typed in it: its
    // validity after an edit is not counted.
    const rejected = measured.filter(({ fixture }) => strictlyInvalid(fixture.markup, fixture.markup).length > 0);
    console.log(`block editor fixture documents the block editor rejects as read, their validity after an edit not counted (${rejected.length}): ${rejected.map(({ fixture }) => fixture.name).join(', ') || 'none'}`);
    const validAmongAccepted = (figures.validAfterOneWord - rejected.filter(({ row }) => validAfterOneWord(row)).length) / (figures.total - rejected.length);
    // The targets are every document wholly editable and strictly valid after a one-word
    // edit; what was measured on the 266 documents of the shared corpus is the floor meanwhile.
    // Of the 11 still read-only, the block editor itself shows 8 as missing blocks (names it does
    // not register: three invalid names, an unregistered block, the comment author's avatar, the
    // post comment, two tables of contents: its "Your site doesn't include support for …" warning
    // over the HTML as read, not editable; with the Classic block registered, as in WordPress, the
    // three invalid names are a Classic block holding that comment alone); the other 3 were a classic block written with its comment or
    // with none (now classic content edited in place: classic-editable.test.ts) and a list item standing alone
    // (now edited as a line of rich text: list-item-alone.test.ts); the floor is as measured, not yet raised
    // on a machine holding the whole corpus (session 18 measured 234 of the 245 documents then in the shared folder).
    for (const name of ['editable', 'untouched'] as const) expect(figures[name] / figures.total, name).toBeGreaterThanOrEqual(FIXTURE_FLOORS[name]);
    expect(validAmongAccepted, 'validAfterOneWord').toBeGreaterThanOrEqual(FIXTURE_FLOORS.validAfterOneWord);
  }, 600_000);
});
