// @vitest-environment jsdom
// Blocks written with formatting the block editor does not see (equivalent-form.ts): every block
// of the core samples and, where the shared folder holds them, of the block editor's fixture
// documents that the editor reads is re-indented (tests/helpers/reindented.ts) and must stay
// editable, be saved byte for byte untouched, and be written anew, and with a word typed in it,
// exactly as the same block unindented is. Prints how many are written exactly as the block editor
// writes them after its own parse, and how many are strictly valid after the edit.
import { beforeAll, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { withoutFormatting } from '../../renderer/blocks/equivalent-form.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';
import { blockEditor, corpus, quietly } from '../helpers/block-editor.ts';
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
/** Whether the document holds a figure as read (a held figure may be an older form: not read from its re-indented form). */
const holdsFigure = (doc: JSONContent) => JSON.stringify(doc).includes('"heldHtml":"');

let blocks: { name: string; source: string }[] = [];
beforeAll(() => {
  const documents = [...corpus(), ...(blockEditorFixtures() ?? [])];
  blocks = documents.flatMap((document) => splitBlocks(document.markup).flatMap((piece, index) => (piece.kind === 'block' ? [{ name: `${document.name}, block ${index + 1}`, source: piece.source }] : [])));
}, 120_000);

it('reads every block it reads re-indented as the same block: editable, untouched byte for byte, written anew and edited as unindented', () => {
  const wp = blockEditor();
  const problems: string[] = [];
  let tried = 0;
  let exactly = 0;
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
    const anew = docToMarkup(writtenAnew(read));
    if (anew !== docToMarkup(writtenAnew(doc))) problems.push(`${name}: written anew otherwise than unindented:\n${anew}`);
    if (anew === quietly(() => wp.serialize(wp.parse(indented)))) exactly++;
    // The same edit saves the same markup as in the unindented block (whose validity the block corpus tests judge).
    const [typed, typedUnindented] = [typedAtLastText(read), typedAtLastText(doc)];
    const saved = typed && docToMarkup(typed);
    if (saved !== (typedUnindented && docToMarkup(typedUnindented))) problems.push(`${name}: after an edit, saved otherwise than unindented: ${saved}`);
    if (strictlyInvalid(saved ?? anew, indented).length === 0) valid++;
  }
  console.log(`${tried} editable blocks re-indented: ${tried - problems.length} read as the same block; ${exactly} written anew exactly as the block editor writes them, ${valid} strictly valid after an edit`);
  expect(problems).toEqual([]);
  expect(tried).toBeGreaterThan(50);
}, 600_000);

it('leaves preformatted text as written: whitespace in pre, code and textarea is the writer\'s', () => {
  for (const tag of ['pre', 'code', 'textarea']) {
    const html = `<figure>\n\t<${tag}>  one\n\t\ttwo\n</${tag}>\n</figure>`;
    expect(withoutFormatting(html)).toBe(`<figure><${tag}>  one\n\t\ttwo\n</${tag}></figure>`);
  }
  for (const name of ['verse', 'preformatted', 'code', 'html']) {
    const source = `<!-- wp:${name} -->\n<pre class="wp-block-${name}">\n\tIndented\n</pre>\n<!-- /wp:${name} -->`;
    expect(docToMarkup(markupToDoc(source))).toBe(source);
  }
});

it('keeps a line break within a line of text, and removes those at the edges of a block of HTML', () => {
  expect(withoutFormatting('<p>\n\tOne <em>two</em>\n\t<strong>three</strong>\n\tfour\n</p>')).toBe('<p>One <em>two</em>\n\t<strong>three</strong>\n\tfour</p>');
  expect(withoutFormatting('<ul>\n\t<li>One</li>\n\t<li>Two</li>\n</ul>')).toBe('<ul><li>One</li><li>Two</li></ul>');
  expect(withoutFormatting('<img\n\tsrc="a.jpg"\n\talt="A\n door"\n/>')).toBe('<img src="a.jpg" alt="A\n door"/>');
});
