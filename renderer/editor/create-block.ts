// Puts a block chosen in the inserter where the caret's empty paragraph stands, with the caret
// in the new block's first text (or after it, when it holds none), as the block editor does.
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { markupToDoc } from '../blocks/block-markup.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';
import type { Creation } from './block-catalogue.ts';
import { focusText, chainInText } from './focus-text.ts';

/** Replaces the empty paragraph at the caret (or inserts after the caret's block) with the blocks of `markup`. */
export function insertMarkup(editor: Editor, markup: string): void {
  const { state } = editor;
  const nodes = (markupToDoc(markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  const { $from } = state.selection;
  const inEmpty = $from.parent.isTextblock && $from.parent.content.size === 0 && $from.depth > 0;
  const from = inEmpty ? $from.before() : $from.after(Math.max(1, $from.depth));
  const to = inEmpty ? $from.after() : from;
  let tr = state.tr.replaceWith(from, to, nodes);
  const end = tr.mapping.map(to, 1);
  let caret: number | null = null;
  tr.doc.nodesBetween(from, end, (node, position) => {
    if (caret === null && node.isTextblock) caret = position + 1;
    return caret === null;
  });
  if (caret === null) {
    // A block without text (a separator, a spacer): the caret goes to a paragraph after it.
    const after = tr.doc.resolve(end).nodeAfter;
    if (!(after && after.type.name === PARAGRAPH_NODE && after.content.size === 0)) tr = tr.insert(end, state.schema.nodes.paragraph.create());
    caret = end + 1;
  }
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, caret)).scrollIntoView());
  focusText(editor);
}

/** Makes the block chosen by its command at the caret (a text block: the caret's paragraph turned into it). */
export function madeByCommand(editor: Editor, creation: Extract<Creation, { kind: 'command' }>): void {
  creation.run(chainInText(editor)).run();
}
