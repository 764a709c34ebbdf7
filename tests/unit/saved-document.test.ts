// @vitest-environment jsdom
// A save serialises the document once, and only what changed: the markup of the blocks typed
// in since the last save, and the footnotes block for the footnotes meta. Measured on the real
// editor by counting the nodes turned to JSON (ProseMirror's Node.toJSON, which every writing
// of a block goes through), and checked against writing the whole document out.
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { metaWithFootnotes, withFootnoteNotes } from '../../renderer/blocks/footnote-notes.ts';
import { savedDocument } from '../../renderer/editor/saved-document.ts';

const NOTE = '4b2b4b1e-1c3d-4f5e-8a9b-0c1d2e3f4a5b';
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const BLOCKS = 100;
const POST = [
  ...Array.from({ length: BLOCKS }, (_, n) => paragraph(`Paragraph ${n} with <strong>some</strong> words.`)),
  paragraph(`Noted<sup data-fn="${NOTE}" class="fn"><a href="#${NOTE}" id="${NOTE}-link">1</a></sup>.`),
  '<!-- wp:footnotes /-->',
].join('\n\n');
const META = { footnotes: JSON.stringify([{ content: 'The note', id: NOTE }]) };

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

/** The nodes `work` turns to JSON (a node's toJSON writes its children through theirs). */
function nodesWrittenBy<T>(work: () => T): { result: T; written: PmNode[] } {
  const original = PmNode.prototype.toJSON;
  const written: PmNode[] = [];
  PmNode.prototype.toJSON = function (this: PmNode) {
    written.push(this);
    return original.call(this);
  };
  try {
    return { result: work(), written };
  } finally {
    PmNode.prototype.toJSON = original;
  }
}

/** The nodes of a top-level block and everything in it. */
function nodesOf(block: PmNode): Set<PmNode> {
  const nodes = new Set<PmNode>([block]);
  block.descendants((node) => void nodes.add(node));
  return nodes;
}

describe('what a save writes out', () => {
  /** The editor once made: it learns the blocks as read when it tells it was created, as the screen's does. */
  const open = async () => {
    const made = new Editor({ extensions: editorExtensions, content: withFootnoteNotes(markupToDoc(POST), META.footnotes) as JSONContent });
    editor = made;
    await new Promise((resolve) => made.once('create', resolve));
    return made;
  };
  const footnotesBlock = (doc: PmNode) => {
    let block: PmNode | undefined;
    doc.forEach((node) => {
      if (node.type.name === 'footnotesBlock') block = node;
    });
    return block!;
  };

  it('a document opened untouched: no block but the footnotes block, the document never', async () => {
    const { state } = await open();
    const { result, written } = nodesWrittenBy(() => savedDocument(state.doc, META));
    expect(written.filter((node) => !nodesOf(footnotesBlock(state.doc)).has(node))).toEqual([]);
    expect(result).toEqual({ content: POST, meta: META });
  });

  it('after typing in one block of a long document: that block once, and again nothing at the next save', async () => {
    const typing = await open();
    let target = 0;
    typing.state.doc.forEach((_block, offset, index) => {
      if (index === BLOCKS / 2) target = offset + 1;
    });
    typing.commands.insertContentAt(target, 'Typed ');
    const { doc } = typing.state;
    const changed = doc.child(BLOCKS / 2);
    const first = nodesWrittenBy(() => savedDocument(doc, META));
    const allowed = new Set([...nodesOf(changed), ...nodesOf(footnotesBlock(doc))]);
    // Checking the changed block's patch reads its markup back into nodes of its own: not the document's.
    const ofDocument = nodesOf(doc);
    expect(first.written.filter((node) => ofDocument.has(node) && !allowed.has(node)).map((node) => `${node.type.name} ${node.textContent.slice(0, 30)}`)).toEqual([]);
    expect(first.written.filter((node) => node === changed)).toHaveLength(1);
    // The same as writing the whole document out.
    const whole = typing.getJSON();
    expect(first.result).toEqual({ content: docToMarkup(whole), meta: metaWithFootnotes(META, whole) });
    expect(first.result.content).toContain('<p>Typed Paragraph 50 with');

    const again = nodesWrittenBy(() => savedDocument(doc, META));
    expect(again.written.filter((node) => !nodesOf(footnotesBlock(doc)).has(node))).toEqual([]);
    expect(again.result).toEqual(first.result);
  });

  it('a deleted mark drops its note, as writing the whole document out does', async () => {
    const typing = await open();
    let mark = -1;
    typing.state.doc.descendants((node, position) => {
      if (node.type.name === 'footnoteMark') mark = position;
    });
    typing.commands.deleteRange({ from: mark, to: mark + 1 });
    const whole = typing.getJSON();
    expect(savedDocument(typing.state.doc, META)).toEqual({ content: docToMarkup(whole), meta: metaWithFootnotes(META, whole) });
    expect(savedDocument(typing.state.doc, META).meta).toEqual({ footnotes: '' });
  });
});
