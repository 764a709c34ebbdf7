// Whole blocks (images, embeds, separators, tables, blocks holding blocks, blocks the editor keeps as written) are never
// lost by accident: Backspace or Delete beside one first selects it, so the writer sees what
// the next key removes; typing while one is selected writes in a new paragraph after it
// instead of replacing it; Ctrl/Cmd+End goes to the text at the end; a removal is reported
// with its name so it can be undone; the document always ends in a paragraph, so the caret
// never has to stand on a block to type. Backspace and Delete at the edge of a table cell, a
// caption or a column stop there, rather than let the browser merge text across it.
import { Extension, type Editor, type JSONContent } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey, Selection, TextSelection, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { Node as PmNode, ResolvedPos, Slice } from '@tiptap/pm/model';
import { ReplaceAroundStep, ReplaceStep } from '@tiptap/pm/transform';
import { galleryInsertion } from '../blocks/gallery.ts';
import { describeKeptMarkup } from '../blocks/kept-markup.ts';
import { DYNAMIC_BLOCKS } from '../blocks/dynamic-blocks.ts';
import { definedBlockDescribed } from '../blocks/defined-blocks.ts';
import { TABLE_NODE } from '../blocks/table-block.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';
import { IMAGE_NODE } from '../blocks/image-block.ts';
import { HELD_COMMENT } from '../blocks/held-comment.ts';
import { focusText, chainInText } from './focus-text.ts';

export interface SafeBlocksOptions {
  /** Called with the names of whole blocks a change removed (not by undo or redo). */
  onRemoved(names: string[]): void;
}

/** Blocks the writer types inside, but that go only whole and on purpose. */
const WHOLE_BLOCKS = new Set([TABLE_NODE, 'blockContainer']);

/** A block that goes only whole (one the writer cannot type inside, a table, a block holding blocks), named as the writer knows it. */
export function blockName(node: PmNode): string | null {
  if (!node.isBlock || !(node.isAtom || WHOLE_BLOCKS.has(node.type.name))) return null;
  switch (node.type.name) {
    case 'blockContainer': return `a ${String(node.attrs.name).replace(/^core\//, '').replace(/-/g, ' ')} block`;
    case 'unknownBlock': return `a ${describeKeptMarkup(String(node.attrs.markup))}`;
    // Not shown, but removed only as a whole block is: the notice says what went.
    case HELD_COMMENT: return 'a hidden block comment';
    case 'dynamicBlock': return `a ${(DYNAMIC_BLOCKS[String(node.attrs.name)]?.title ?? String(node.attrs.name)).toLowerCase()} block`;
    default: return definedBlockDescribed(node) ?? `a ${node.type.name} block`;
  }
}

/** Where the caret is, when the selection is a caret (read from the page before the key: dom-selection.ts). */
function caret(editor: Editor): ResolvedPos | null {
  const { selection } = editor.state;
  return selection.empty ? selection.$from : null;
}

/** Selects the whole block beside an empty caret at the edge of its paragraph, instead of deleting it. */
function selectBlockBeside(editor: Editor, direction: -1 | 1): boolean {
  const $from = caret(editor);
  if (!$from) return false;
  if (!$from.parent.isTextblock) return false;
  const atEdge = direction < 0 ? $from.parentOffset === 0 : $from.parentOffset === $from.parent.content.size;
  if (!atEdge || $from.depth === 0) return false;
  const index = $from.index($from.depth - 1);
  const container = $from.node($from.depth - 1);
  const neighbourIndex = index + direction;
  if (neighbourIndex < 0 || neighbourIndex >= container.childCount) return false;
  const neighbour = container.child(neighbourIndex);
  if (blockName(neighbour) === null) return false;
  const position = direction < 0 ? $from.before() - neighbour.nodeSize : $from.after();
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, position)).scrollIntoView());
  return true;
}

/** Whether the caret is at the edge of a cell, a caption or the first or last block of a column (any isolating node): nothing to delete there. */
function atIsolatingEdge(editor: Editor, direction: -1 | 1): boolean {
  const $from = caret(editor);
  if (!$from || !$from.parent.isTextblock) return false;
  const atEdge = direction < 0 ? $from.parentOffset === 0 : $from.parentOffset === $from.parent.content.size;
  if (!atEdge) return false;
  if ($from.parent.type.spec.isolating) return true;
  for (let depth = $from.depth - 1; depth > 0; depth -= 1) {
    const index = $from.index(depth);
    if (direction < 0 ? index > 0 : index < $from.node(depth).childCount - 1) return false;
    if ($from.node(depth).type.spec.isolating) return true;
  }
  return false;
}

/**
 * A step that puts one block in the place of one of the same type: its attributes changed
 * (setNodeMarkup: an image's alt text, a block's media replaced on purpose), nothing removed,
 * unless the writer pasted or dropped that block over the one selected.
 */
function remarksOneBlock(doc: PmNode, from: number, to: number, slice: Slice): boolean {
  const before = doc.nodeAt(from);
  return before !== null && from + before.nodeSize === to && slice.content.childCount === 1 && slice.content.firstChild!.type === before.type;
}

/** Names of whole blocks a transaction removed, less those it put back as they were (a drag moves a block). */
export function removedBlocks(transaction: Transaction): string[] {
  const removed: { name: string; node: PmNode }[] = [];
  const inserted: PmNode[] = [];
  const pastedOrDropped = ['paste', 'drop'].includes(String(transaction.getMeta('uiEvent')));
  transaction.steps.forEach((step, index) => {
    if (!(step instanceof ReplaceStep || step instanceof ReplaceAroundStep)) return;
    const { from, to, slice } = step as unknown as { from: number; to: number; slice: Slice };
    const doc = transaction.docs[index];
    if (!pastedOrDropped && remarksOneBlock(doc, from, to, slice)) return;
    if (from < to) {
      doc.nodesBetween(from, to, (node, position) => {
        const name = blockName(node);
        // Only blocks wholly inside the replaced range are gone.
        if (name !== null && position >= from && position + node.nodeSize <= to) removed.push({ name, node });
        return name === null;
      });
    }
    slice.content.descendants((node) => {
      if (blockName(node) !== null) inserted.push(node);
    });
  });
  // Another block of the same kind in its place (an image picked over a selected one) is still a removal.
  for (const node of inserted) {
    const at = removed.findIndex((gone) => gone.node.eq(node));
    if (at >= 0) removed.splice(at, 1);
  }
  return removed.map((gone) => gone.name);
}

/** Typing with a whole block selected writes a paragraph after it: a block goes only by Backspace or Delete. */
function typeAfterSelectedBlock(view: EditorView, text: string): boolean {
  const { selection, schema } = view.state;
  if (!(selection instanceof NodeSelection) || blockName(selection.node) === null) return false;
  const tr = view.state.tr.insert(selection.to, schema.nodes.paragraph.create(null, schema.text(text)));
  view.dispatch(tr.setSelection(TextSelection.create(tr.doc, selection.to + 1 + text.length)).scrollIntoView());
  return true;
}

/** Ctrl/Cmd+End puts the caret at the end of the text, never on a block (the browser's own move can leave a block selected). */
function caretAtEnd(editor: Editor): boolean {
  const { state } = editor;
  editor.view.dispatch(state.tr.setSelection(Selection.atEnd(state.doc)).scrollIntoView());
  return true;
}

const trailingKey = new PluginKey('trailingParagraph');

/** Names the blocks a transaction removes on purpose (the block toolbar's Delete), whatever they are. */
export const REMOVED_NAMES = 'inkwell:removedNames';

/** Marks a transaction that puts a whole other version in the editor (a restore): not a removal to report. */
export const REPLACES_DOCUMENT = 'inkwell:replacesDocument';

export const SafeBlocks = Extension.create<SafeBlocksOptions>({
  name: 'safeBlocks',
  // Before the default keymap, which would delete the block outright.
  priority: 1000,
  addOptions() {
    return { onRemoved: () => {} };
  },
  addKeyboardShortcuts() {
    return {
      Backspace: ({ editor }) => selectBlockBeside(editor, -1) || atIsolatingEdge(editor, -1),
      Delete: ({ editor }) => selectBlockBeside(editor, 1) || atIsolatingEdge(editor, 1),
      'Mod-End': ({ editor }) => caretAtEnd(editor),
    };
  },
  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin({
        key: trailingKey,
        appendTransaction: (_transactions, _old, state) => {
          const last = state.doc.lastChild;
          if (last && last.type.name === PARAGRAPH_NODE) return null;
          // Not a writer's change: it is not undone, and an empty last paragraph is not saved.
          return state.tr.insert(state.doc.content.size, state.schema.nodes.paragraph.create()).setMeta('addToHistory', false);
        },
      }),
      new Plugin({ props: { handleTextInput: (view, _from, _to, text) => typeAfterSelectedBlock(view, text) } }),
      new Plugin({
        filterTransaction: (transaction) => {
          if (transaction.docChanged && !transaction.getMeta('history$') && !transaction.getMeta(REPLACES_DOCUMENT)) {
            const names: string[] = transaction.getMeta(REMOVED_NAMES) ?? removedBlocks(transaction);
            if (names.length > 0) queueMicrotask(() => options.onRemoved(names));
          }
          return true;
        },
      }),
    ];
  },
});

/**
 * Inserts a block where the caret is and leaves the caret in a paragraph after it, so the
 * next keystroke types there instead of replacing the block. What is selected stays: a new
 * block goes beside a selected block, and after selected words (replacing is a command of its own).
 */
export function insertBlock(editor: Editor, content: JSONContent): void {
  const inGallery = content.type === IMAGE_NODE ? galleryInsertion(editor.state) : null;
  if (inGallery !== null) {
    const tr = editor.state.tr.insert(inGallery, editor.schema.nodeFromJSON(content));
    editor.view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, inGallery)).scrollIntoView());
    focusText(editor);
    return;
  }
  const { selection } = editor.state;
  if (selection instanceof NodeSelection && selection.node.isBlock) {
    const block = editor.schema.nodeFromJSON(content);
    editor.view.dispatch(editor.state.tr.insert(selection.to, block));
    caretAfter(editor, selection.to + block.nodeSize);
    return;
  }
  if (!selection.empty) editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, selection.to)));
  chainInText(editor).insertContent(content).run();
  const { state } = editor;
  const inserted = state.selection;
  if (inserted instanceof TextSelection && inserted.$from.parent.type.name === PARAGRAPH_NODE && inserted.$from.parent.content.size === 0) return;
  // The end of the inserted block: the caret, or the selected block itself.
  caretAfter(editor, inserted instanceof NodeSelection ? inserted.to : inserted.$from.after(Math.max(1, inserted.$from.depth)));
}

/** Puts the caret in an empty paragraph at `end` (after an inserted block), making one if there is none. */
function caretAfter(editor: Editor, end: number): void {
  const { state } = editor;
  const after = state.doc.resolve(end).nodeAfter;
  let tr = state.tr;
  if (!(after && after.type.name === PARAGRAPH_NODE && after.content.size === 0)) tr = tr.insert(end, state.schema.nodes.paragraph.create());
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, end + 1)).scrollIntoView());
  focusText(editor);
}
