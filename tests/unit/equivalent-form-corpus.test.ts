// @vitest-environment jsdom
// Blocks written with formatting the block editor does not see (equivalent-form.ts), measured over
// a corpus: every block of the core samples and, where the shared folder holds them, of the block
// editor's fixture documents that the editor reads is re-indented (tests/helpers/reindented.ts)
// and must stay editable, be saved byte for byte untouched, and be written anew, and with a word
// typed in it, as the same block unindented is, or at least be no less valid for the block editor.
// Prints how many are written as unindented, and how many are strictly valid after the edit.
// A corpus suite (the `blocks` project); the rules of the form itself: equivalent-form.test.ts.
import { beforeAll, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';
import { corpus } from '../helpers/block-editor.ts';
import { reindented } from '../helpers/reindented.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorFixtures } from '../helpers/untouched-corpus.ts';

const TYPED = 'Inkwelled';

/** Every node written anew, as after an edit of each. */
const writtenAnew = (node: JSONContent): JSONContent => ({
  ...node,
  ...(node.attrs ? { attrs: { ...node.attrs, source: null, canonical: null } } : {}),
  ...(node.content ? { content: node.content.map(writtenAnew) } : {}),
});

/** The document with a word typed after its last text, or null when it has none. */
function typedAtLastText(doc: JSONContent): JSONContent | null {
  let typed = false;
  const visit = (node: JSONContent): JSONContent => {
    if (typed || node.type === 'unknownBlock') return node;
    const content = node.content ? [...node.content].reverse().map(visit).reverse() : undefined;
    if (node.type === 'text' && !typed) {
      typed = true;
      return { ...node, text: `${node.text ?? ''} ${TYPED}` };
    }
    return content ? { ...node, content } : node;
  };
  const result = visit(doc);
  return typed ? result : null;
}

const editable = (doc: JSONContent) => !JSON.stringify(doc).includes('"type":"unknownBlock"');
/** Whether the document holds a figure as read (a held figure may be an older form: not read from its re-indented form; an embed's is its current form). */
const holdsFigure = (node: JSONContent): boolean => (node.type !== 'embed' && typeof node.attrs?.heldHtml === 'string') || (node.content ?? []).some(holdsFigure);

let blocks: { name: string; source: string }[] = [];
beforeAll(() => {
  const documents = [...corpus(), ...(blockEditorFixtures() ?? [])];
  blocks = documents.flatMap((document) => splitBlocks(document.markup).flatMap((piece, index) => (piece.kind === 'block' ? [{ name: `${document.name}, block ${index + 1}`, source: piece.source }] : [])));
}, 120_000);

it('reads every block it reads re-indented as the same block: editable, untouched byte for byte, written anew and edited as validly as unindented', () => {
  const problems: string[] = [];
  let tried = 0;
  let asUnindented = 0;
  let valid = 0;
  for (const { name, source } of blocks) {
    const doc = markupToDoc(source);
    const indented = reindented(source);
    if (!editable(doc) || holdsFigure(doc) || indented === source) continue;
    tried++;
    const read = markupToDoc(indented);
    if (!editable(read)) {
      problems.push(`${name}: read-only once re-indented:\n${indented}`);
      continue;
    }
    if (docToMarkup(read) !== indented) problems.push(`${name}: changed with no edit`);
    // Written anew, and with a word typed in it, it is the block editor's as unindented, or at least no less valid than unindented (a block the
    // editor reads as it stands, formatting and all, is written with its formatting, which the block editor's validator does not see).
    const unindented = { ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, source: null, canonical: null } })) };
    const [typed, typedUnindented] = [typedAtLastText(read), typedAtLastText(unindented)];
    const pairs: [string, string, string][] = [['written anew', docToMarkup(writtenAnew(read)), docToMarkup(writtenAnew(doc))], ...(typed && typedUnindented ? [['edited', docToMarkup(typed), docToMarkup(typedUnindented)] as [string, string, string]] : [])];
    for (const [what, saved, savedUnindented] of pairs) {
      if (saved === savedUnindented) continue;
      const worse = strictlyInvalid(saved, indented).filter((name) => !strictlyInvalid(savedUnindented, source).includes(name));
      if (worse.length > 0) problems.push(`${name}: ${what}, invalid for the block editor (${worse.join(', ')}) unlike unindented: ${saved}`);
    }
    if (pairs.every(([, saved, savedUnindented]) => saved === savedUnindented)) asUnindented++;
    if (strictlyInvalid(pairs[pairs.length - 1][1], indented).length === 0) valid++;
  }
  console.log(`${tried} editable blocks re-indented: ${asUnindented} written as unindented once edited, ${valid} strictly valid after an edit`);
  expect(problems).toEqual([]);
  // Measured: the core samples' blocks alone, and with the fixture documents where the shared folder holds them.
  expect(tried).toBeGreaterThanOrEqual(blockEditorFixtures() === null ? 38 : 129);
}, 600_000);
