// @vitest-environment jsdom
// What the writer did not touch never changes: every document of the corpus (WordPress's theme
// unit test posts and pages, the block editor's fixture documents and its own output for every
// core block's example, each also with its blocks spaced in each way found in the wild) opened in the editor's schema
// and saved with no edit is byte-identical, and with a word typed at the end of its last text
// differs from what was read by exactly that word (from the current form of a block read in an
// older form, which its first edit saves). Prints the counts per source, and how many are wholly
// editable (no read-only box: what issue 29 counts of the theme unit test's classic content).
import { beforeAll, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { corpus } from '../helpers/block-editor.ts';
import { beforeTypingIn, isJustTyped, oneChange, respaced, untouchedCorpus, type Document } from '../helpers/untouched-corpus.ts';

const schema = getSchema(editorExtensions);
const TYPED = 'Inkwelled';

/** The document as the editor holds it: read through its schema, as setContent does. */
const opened = (markup: string) => schema.nodeFromJSON(markupToDoc(markup));
const saved = (doc: PmNode) => docToMarkup(doc.toJSON() as JSONContent);

/** The end of the last text the writer can type into, or null when there is none. */
function endOfLastText(doc: PmNode): number | null {
  let end: number | null = null;
  doc.descendants((node, pos) => {
    if (node.isTextblock && node.textContent.trim() !== '' && node.type.spec.code !== true) end = pos + 1 + node.content.size;
    return !node.isTextblock;
  });
  return end;
}

/** The word typed at the end of the last text, with the marks there (as the caret takes them), or in a new paragraph when there is none. */
function typedAtEnd(doc: PmNode): { doc: PmNode; inNewParagraph: boolean } {
  const at = endOfLastText(doc);
  const state = EditorState.create({ doc });
  if (at === null) return { doc: doc.copy(doc.content.addToEnd(schema.nodes.paragraph.create(null, schema.text(TYPED)))), inNewParagraph: true };
  const tr = state.tr.setSelection(TextSelection.create(state.doc, at)).insertText(` ${TYPED}`);
  return { doc: tr.doc, inNewParagraph: false };
}

let documents: Document[] = [];
beforeAll(() => {
  const made = corpus().map((sample) => ({ name: `block editor output: ${sample.name}`, markup: sample.markup }));
  const read = [...untouchedCorpus(), ...made];
  documents = [...read, ...respaced(read)];
}, 120_000);

it('saves every document untouched byte for byte, and with a word typed at the end differs by exactly that word', () => {
  const rows = new Map<string, { total: number; editable: number; untouched: number; typed: number }>();
  const problems: string[] = [];
  for (const document of documents) {
    const source = document.name.replace(/^respaced .*? at the end: /, 'respaced: ').split(':')[0];
    const row = rows.get(source) ?? { total: 0, editable: 0, untouched: 0, typed: 0 };
    rows.set(source, row);
    row.total++;
    const doc = opened(document.markup);
    let readOnly = false;
    doc.descendants((node) => !(readOnly ||= node.type.name === 'unknownBlock'));
    if (!readOnly) row.editable++;
    const untouched = saved(doc);
    if (untouched === document.markup) row.untouched++;
    else problems.push(`${document.name}: saved with no edit, changed: ${JSON.stringify(oneChange(document.markup, untouched)).slice(0, 300)}`);
    const typed = typedAtEnd(doc);
    // A block in an older form is saved in its current form once edited: the word is the change from that form.
    const after = saved(typed.doc);
    const change = oneChange(typed.inNewParagraph ? document.markup : beforeTypingIn(document.markup, after, ` ${TYPED}`), after);
    // The word and its space: where the text as read ends in whitespace the editor does not hold (" Cover! "), the space is found after the word.
    const exact = typed.inNewParagraph ? change.removed === '' && change.added.includes(`<p>${TYPED}</p>`) : isJustTyped(change, ` ${TYPED}`);
    if (exact) row.typed++;
    else problems.push(`${document.name}: a word typed at the end changed: ${JSON.stringify(change).slice(0, 300)}`);
  }
  console.log(['source | documents | wholly editable | byte-identical with no edit | exactly the word typed', ...[...rows].map(([source, row]) => `${source} | ${row.total} | ${row.editable} | ${row.untouched} | ${row.typed}`)].join('\n'));
  if (process.env.CORPUS_PROBLEMS) console.log(problems.join('\n'));
  expect(documents.length).toBeGreaterThan(500);
  expect(problems).toEqual([]);
}, 300_000);
