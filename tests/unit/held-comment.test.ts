// @vitest-environment jsdom
// A block comment the block parser rejects (its name with capitals, special characters, a
// leading digit, in any namespace) is classic HTML: held unshown in the Classic block, the
// document wholly editable, and saved byte for byte with and without an edit (issue 29, row 33).
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from '@wordpress/block-serialization-default-parser';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { HELD_COMMENT } from '../../renderer/blocks/held-comment.ts';
import { checkSaved } from '../helpers/strict-validity.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { getSchema, type JSONContent } from '@tiptap/core';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { blockName } from '../../renderer/editor/safe-blocks.ts';

const NAMES = ['core/invalid-Capitals', 'Capitals', 'core/invalid-$special', 'sp%ecial', 'core/4-invalid', '4-invalid', '4ns/block', 'my-plugin/Block', 'My-Plugin/block', 'ns/sub/block', 'ns/b@d'];
/** Each name as a self-closing comment, and as an opening and closing pair around a paragraph. */
const SHAPES = NAMES.flatMap((name) => [`<!-- wp:${name} /-->`, `<!-- wp:${name} {"a":1} /-->`, `<!-- wp:${name} -->\n<p>Held words</p>\n<!-- /wp:${name} -->`]);
const PARAGRAPH = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;
/** Each shape alone, and between blocks. */
const DOCUMENTS = SHAPES.flatMap((shape) => [`${shape}\n`, `${PARAGRAPH('Before')}\n\n${shape}\n\n${PARAGRAPH('After')}\n`]);

const types = (doc: JSONContent): string[] => [doc.type ?? '', ...(doc.content ?? []).flatMap(types)];

/** The document with a word typed at the end of its last text. */
function withLastTextEdited(doc: JSONContent, typed: string): JSONContent {
  let done = false;
  const visit = (node: JSONContent): JSONContent => {
    if (!node.content) return node;
    const content = [...node.content];
    for (let index = content.length - 1; index >= 0 && !done; index--) {
      if (content[index].type === 'text') {
        content[index] = { ...content[index], text: `${content[index].text ?? ''}${typed}` };
        done = true;
      } else content[index] = visit(content[index]);
    }
    return { ...node, content };
  };
  return visit(doc);
}

// The block editor, the judge of what a save writes, is ~10,000 files of CommonJS to load (4.2 s of
// CPU, 20-60 s on two loaded cores): loaded before the tests, not in whichever document runs first.
beforeAll(() => {
  blockEditor();
}, 120_000);

describe('block comments the block parser rejects', () => {
  it('are not read as blocks by the block parser', () => {
    for (const shape of SHAPES) expect(parse(shape).every((block) => block.blockName === null), shape).toBe(true);
  });

  it.each(DOCUMENTS)('are held unshown in classic content, wholly editable, saved byte for byte: %s', (markup) => {
    const doc = markupToDoc(markup);
    expect(types(doc)).toContain(HELD_COMMENT);
    expect(types(doc)).not.toContain('unknownBlock');
    expect(docToMarkup(doc)).toBe(markup);
    // A word typed in a new paragraph at the end.
    const added = docToMarkup({ ...doc, content: [...(doc.content ?? []), { type: 'paragraph', content: [{ type: 'text', text: 'Typed' }] }] });
    expect(added).toBe(`${markup}\n${PARAGRAPH('Typed')}\n`);
    // A word typed in the last text (the held paragraph's, or the last block's): the comments stay as read.
    const edited = docToMarkup(withLastTextEdited(doc, ' typed'));
    for (const comment of markup.match(/<!--[\s\S]*?-->/g) ?? []) expect(edited).toContain(comment);
    expect(checkSaved(markup, edited).invalid).toEqual([]);
  });

  it('are named in the notice of what a removal took, as what they are', () => {
    const node = getSchema(editorExtensions).nodes[HELD_COMMENT].create({ markup: SHAPES[0] });
    expect(blockName(node)).toBe('a hidden block comment');
  });
});
