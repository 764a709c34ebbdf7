// A part of a Classic block copied and pasted among blocks, against the block editor's paste
// (`pasteHandler`) of the HTML the block editor's Classic block (TinyMCE) copies of the same
// selection: the browser's range of that selection in the block's HTML as TinyMCE holds it
// (paragraphs formed in a classic post), serialised. Selections start at each top-level node's first
// words or inside them, and end at each later node's last words or inside them (a node without words:
// at its edge); the whole content (Convert's case) left out.
import { autop } from '@wordpress/autop';
import { TextSelection } from '@tiptap/pm/state';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from './block-editor.ts';
import type { EditorOpener } from './editors-for-file.ts';

/** One selection's copy: what the block editor's paste makes of the HTML its Classic block copies, and what the editor pastes. */
export type PartPasted = { selection: string; cut: string; ours: string; theirs: string };

const EMPTY_PARAGRAPH = '<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->';

/** An end of a selection, in the editor's document and in the HTML TinyMCE holds. */
type End = { at: number; dom: [Node, number]; inside: boolean };

/** The words of a node (the first or last of its text nodes that hold some) and where they start in the editor's document. */
function wordsOf(node: ProseMirrorNode, at: number, last: boolean): { at: number; text: string } | null {
  let found: { at: number; text: string } | null = null;
  node.descendants((inner, position) => {
    if (found && !last) return false;
    if (inner.isText && (inner.text ?? '').trim() !== '') found = { at: at + position, text: inner.text ?? '' };
    return true;
  });
  return found;
}

function domWordsOf(node: Node, last: boolean): Text | null {
  if (node.nodeType === node.TEXT_NODE) return (node.textContent ?? '').trim() === '' ? null : (node as Text);
  const walker = (node.ownerDocument as Document).createTreeWalker(node, NodeFilter.SHOW_TEXT);
  let found: Text | null = null;
  for (let text = walker.nextNode(); text && !(found && !last); text = walker.nextNode()) if ((text.textContent ?? '').trim() !== '') found = text as Text;
  return found;
}

/** The classic post (`formed`: its paragraphs formed) or HTML between blocks `classic` with an empty paragraph before it, opened. */
function opened(openEditor: EditorOpener, classic: string, formed: boolean) {
  const editor = openEditor(formed ? classic : `${EMPTY_PARAGRAPH}\n\n${classic}`);
  if (formed) editor.view.dispatch(editor.state.tr.insert(0, editor.schema.nodeFromJSON(openEditor.read(EMPTY_PARAGRAPH).content?.[0] ?? {})));
  return editor;
}

/** Each selection's copy of the Classic block `classic` (a classic post where `formed`, else HTML between blocks) pasted into an empty paragraph before it; none where its nodes and TinyMCE's do not line up. */
export function partsPasted(openEditor: EditorOpener, classic: string, formed: boolean): PartPasted[] | null {
  const editor = opened(openEditor, classic, formed);
  const block = editor.state.doc.child(1);
  const body = new DOMParser().parseFromString(formed ? autop(classic) : classic, 'text/html').body;
  const tops = [...body.childNodes].filter((node) => node.nodeType !== node.TEXT_NODE || (node.textContent ?? '').trim() !== '');
  const count = block.childCount;
  const starts: number[] = [editor.state.doc.child(0).nodeSize + 1];
  block.forEach((child) => starts.push(starts[starts.length - 1] + child.nodeSize));
  openEditor.done(editor);
  if (block.type.name !== 'classicBlock' || tops.length !== count) return null;
  /** The ends a selection can have at the start (`first`) or end of node `index`: at its words' edge, and inside them. */
  const endsAt = (index: number, first: boolean): End[] => {
    const words = wordsOf(block.child(index), starts[index] + 1, !first);
    const text = domWordsOf(tops[index], !first);
    if (!words || !text || words.text.trim() !== text.data.trim() || words.text !== text.data) {
      return [{ at: first ? starts[index] : starts[index + 1], dom: [body, [...body.childNodes].indexOf(tops[index] as ChildNode) + (first ? 0 : 1)], inside: false }];
    }
    const edge = first ? 0 : text.data.length;
    const inside = first ? 3 : text.data.length - 3;
    return [edge, inside].map((offset) => ({ at: words.at + offset, dom: [text, offset], inside: offset === inside }));
  };
  const pasted: PartPasted[] = [];
  for (let first = 0; first < count; first++) {
    for (const start of endsAt(first, true)) {
      for (let last = first; last < count; last++) {
        for (const end of endsAt(last, false)) {
          if (end.at <= start.at || (first === 0 && last === count - 1 && !start.inside && !end.inside)) continue;
          const range = document.createRange();
          range.setStart(...start.dom);
          range.setEnd(...end.dom);
          const holder = document.createElement('div');
          holder.append(range.cloneContents());
          const cut = holder.innerHTML;
          const wp = blockEditor();
          const handled = quietly(() => wp.pasteHandler({ HTML: cut, plainText: '' }));
          const theirs = typeof handled === 'string' ? `<!-- wp:paragraph -->\n<p>${handled}</p>\n<!-- /wp:paragraph -->` : quietly(() => wp.serialize(handled));
          pasted.push({ selection: `${first}${start.inside ? ' inside' : ''} to ${last}${end.inside ? ' inside' : ''}`, cut, ours: pastedPart(openEditor, classic, formed, start.at, end.at), theirs });
        }
      }
    }
  }
  return pasted;
}

/** The selection `from`–`to` copied as the editor copies a selection, pasted into the empty paragraph before the Classic block; the blocks pasted, saved. */
function pastedPart(openEditor: EditorOpener, classic: string, formed: boolean, from: number, to: number): string {
  const editor = opened(openEditor, classic, formed);
  const block = editor.state.doc.child(1);
  // (An end at a node without words is no text position: the selection is made as given.)
  editor.view.dispatch(editor.state.tr.setSelection(quietly(() => TextSelection.create(editor.state.doc, from, to))));
  const { dom } = editor.view.serializeForClipboard(editor.state.selection.content());
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)));
  // (jsdom has no ClipboardEvent: the paste's HTML is all it reads.)
  editor.view.pasteHTML(dom.innerHTML, new Event('paste') as ClipboardEvent);
  // (The blocks pasted kept, the Classic block copied from and what follows it taken out.)
  let pastedEnd = -1;
  editor.state.doc.forEach((node, at) => {
    if (node === block) pastedEnd = at;
  });
  editor.view.dispatch(editor.state.tr.delete(pastedEnd, editor.state.doc.content.size));
  const ours = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  return ours;
}
