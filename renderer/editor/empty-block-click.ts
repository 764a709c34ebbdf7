// A click on a block left holding no block (an emptied cover, group or column) selects it, as in
// the block editor: it has no text for the caret to land in, so the click would select nothing and
// its toolbar (a cover's Replace) would be out of reach. A block whose block type has a template
// (media & text: an empty paragraph showing "Content…"; details after its summary) is given it
// instead, the caret in its first text, as the block editor fills such a block while it holds none;
// until then the template's placeholder shows in it (block-placeholders.ts).
import { Extension } from '@tiptap/core';
import { NodeSelection, Plugin, TextSelection } from '@tiptap/pm/state';
import { blockNameOf, emptyTemplate, holdsNoBlock, mayStandEmpty } from '../blocks/block-nesting.ts';
import { markupToDoc } from '../blocks/block-markup.ts';

export const EmptyBlockClick = Extension.create({
  name: 'emptyBlockClick',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            click(view, event) {
              const block = event.target instanceof Element ? event.target.closest('.block-container') : null;
              if (!block || !view.dom.contains(block)) return false;
              // The block's own position: the one just before its content's start (the block drawn there is the one clicked).
              const position = view.posAtDOM(block, 0) - 1;
              const node = position >= 0 && view.nodeDOM(position) === block ? view.state.doc.nodeAt(position) : null;
              // A click in text of its own (a details summary) is the caret's.
              if (!node || !mayStandEmpty(node) || !holdsNoBlock(node) || (event.target as Element).closest('.rich-part')) return false;
              const template = emptyTemplate(blockNameOf(node));
              if (template === null) {
                if (node.childCount === 0) view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, position)));
                return false;
              }
              // After its text of its own, where its blocks stand.
              const at = position + node.nodeSize - 1;
              const { schema } = view.state;
              const tr = view.state.tr.insert(at, (markupToDoc(template).content ?? []).map((json) => schema.nodeFromJSON(json)));
              view.dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(at + 1))));
              return false;
            },
          },
        },
      }),
    ];
  },
});
