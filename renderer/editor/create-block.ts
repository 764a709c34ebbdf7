// Puts a block chosen in the inserter where the caret's empty paragraph stands, with the caret
// in the new block's first text (or the block selected whole, when it holds none), as the block editor does.
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection, type Selection } from '@tiptap/pm/state';
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import { markupToDoc } from '../blocks/block-markup.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';
import type { Creation } from './block-catalogue.ts';
import { focusText, chainInText } from './focus-text.ts';
import { classicTag } from '../blocks/classic-mark.ts';

/** Replaces the empty paragraph at the caret (or inserts after the caret's block) with the blocks of `markup`. */
export const insertMarkup = (editor: Editor, markup: string): void => insertBlocks(editor, (markupToDoc(markup).content ?? []).map((json) => editor.schema.nodeFromJSON(json)));

/** Whether the caret stands in a box of classic content (a quote, a list item … marked as written there). */
function inClassicBox($from: ResolvedPos): boolean {
  for (let depth = $from.depth; depth > 0; depth--) if (classicTag({ attrs: $from.node(depth).attrs }) !== null) return true;
  return false;
}

/**
 * Replaces the empty paragraph at the caret (or inserts after the caret's block) with `nodes`, the
 * caret in their first text; where they hold none (a separator, a media block's placeholder, an
 * embed), the first is selected whole, so its toolbar is the writer's, as the block editor selects
 * the block it inserts (a letter typed then goes in a line after it: safe-blocks.ts).
 */
export function insertBlocks(editor: Editor, nodes: readonly PmNode[]): void {
  const { state } = editor;
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
  const first = tr.doc.nodeAt(from);
  let selection: Selection;
  if (caret !== null) selection = TextSelection.create(tr.doc, caret);
  // In classic content (a box marked as written there) a line follows, as before: its loose words after a rule stay as written.
  else if (first && NodeSelection.isSelectable(first) && !inClassicBox($from)) selection = NodeSelection.create(tr.doc, from);
  else {
    // A block that can be neither typed in nor selected: the caret goes to a paragraph after it.
    const after = tr.doc.resolve(end).nodeAfter;
    if (!(after && after.type.name === PARAGRAPH_NODE && after.content.size === 0)) tr = tr.insert(end, state.schema.nodes.paragraph.create());
    selection = TextSelection.create(tr.doc, end + 1);
  }
  editor.view.dispatch(tr.setSelection(selection).scrollIntoView());
  focusText(editor);
}

/** Makes the block chosen by its command at the caret (a text block: the caret's paragraph turned into it). */
export function madeByCommand(editor: Editor, creation: Extract<Creation, { kind: 'command' }>): void {
  creation.run(chainInText(editor)).run();
}
