// Blocks copied and pasted as the block editor copies and pastes them. Block markup pasted among
// blocks is those blocks: a block copied in the block editor is on the clipboard as its markup
// (`serialize`), in the HTML and the plain text alike, and a writer may paste markup copied from
// a post's code view. It is read as a post's content is (parse-blocks.ts), not as HTML or
// Markdown, which would keep its words and lose the blocks (or show the comments as text). In
// code, in one piece of rich text (a caption, a cell) and in classic content, a paste stays what
// pasted-content.ts makes it. Whole blocks copied (or cut) here go on the clipboard as their
// markup in the plain text, beside the editor's HTML: pasted in this or another post they are the
// blocks byte for byte, which reading the HTML back is not for every block (a cover, columns).
import { Extension } from '@tiptap/core';
import { Fragment, Slice } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { markupToDoc } from './parse-blocks.ts';
import { docToMarkup } from './serialize-blocks.ts';
import { ClassicBlock } from './nodes.ts';

/** Chromium puts a `<meta charset>` before HTML read from the system clipboard; Windows a fragment's frame around it. */
const clipboardFrame = /^\s*(?:<meta [^>]*>\s*)?(?:<html>\s*)?(?:<body>\s*)?(?:<!--StartFragment-->\s*)?(?=<!-- wp:)/;

/** The block markup on the clipboard, from its HTML, else its plain text, as the block editor's paste takes it; null when neither starts with a block. */
export function clipboardBlockMarkup(html: string, text: string): string | null {
  for (const data of [html, text]) {
    const start = clipboardFrame.exec(data);
    if (start) return data.slice(start[0].length).replace(/<!--EndFragment-->[\s\S]*$/, '').trim();
  }
  return null;
}

/** Whether blocks may be pasted at the selection: not in code, one piece of rich text, nor classic content. */
function takesBlocks(state: EditorState): boolean {
  const { $from } = state.selection;
  if ($from.parent.type.spec.code || ($from.parent.inlineContent && $from.parent.type.spec.isolating)) return false;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === ClassicBlock.name) return false;
  return true;
}

/** The markup of the block selected whole (a click on its edge, the list view, Escape), or null. */
function selectedBlockMarkup(state: EditorState): string | null {
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || !selection.node.isBlock) return null;
  const markup = docToMarkup(state.schema.topNodeType.create(null, selection.node));
  return markup === '' ? null : markup;
}

/** Copies (and cuts) a block selected whole with its markup as the plain text; false for any other selection, copied as before. */
function copyBlock(view: EditorView, event: ClipboardEvent, cut: boolean): boolean {
  const markup = selectedBlockMarkup(view.state);
  if (markup === null || !event.clipboardData) return false;
  const { dom } = view.serializeForClipboard(view.state.selection.content());
  event.preventDefault();
  event.clipboardData.clearData();
  event.clipboardData.setData('text/html', dom.innerHTML);
  event.clipboardData.setData('text/plain', markup);
  if (cut) view.dispatch(view.state.tr.deleteSelection().scrollIntoView().setMeta('uiEvent', 'cut'));
  return true;
}

export const PastedBlockMarkup = Extension.create({
  name: 'pastedBlockMarkup',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pastedBlockMarkup'),
        props: {
          handleDOMEvents: {
            copy: (view, event) => copyBlock(view, event, false),
            cut: (view, event) => copyBlock(view, event, true),
          },
          handlePaste: (view, event) => {
            const data = event.clipboardData;
            const markup = data && takesBlocks(view.state) ? clipboardBlockMarkup(data.getData('text/html'), data.getData('text/plain')) : null;
            if (markup === null) return false;
            const nodes = (markupToDoc(markup).content ?? []).map((json) => view.state.schema.nodeFromJSON(json));
            view.dispatch(view.state.tr.replaceSelection(new Slice(Fragment.fromArray(nodes), 0, 0)).scrollIntoView().setMeta('paste', true).setMeta('uiEvent', 'paste'));
            return true;
          },
        },
      }),
    ];
  },
});
