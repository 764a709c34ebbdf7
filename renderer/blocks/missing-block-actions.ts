// A missing block's "Keep as HTML" (its HTML as a Custom HTML block, as the block editor's Missing
// block converts it) and "Remove", the buttons of its box (kept-markup.ts, missing-block.ts).
import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import { KEEP_AS_HTML, MISSING_ACTION, missingBlock } from './missing-block.ts';
import { customHtmlNode } from './html-block.ts';

/** A click on a missing block's "Keep as HTML" or "Remove": the block becomes a Custom HTML block of its HTML, or goes. */
export const MissingBlockActions = Extension.create({
  name: 'missingBlockActions',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            click: (view, event) => {
              const button = event.target instanceof Element ? event.target.closest(`[${MISSING_ACTION}]`) : null;
              const box = button?.closest('[data-unknown-block]');
              if (!button || !box) return false;
              let position = -1;
              view.state.doc.descendants((_node, at) => {
                if (view.nodeDOM(at) === box) position = at;
                return position < 0;
              });
              const node = position < 0 ? null : view.state.doc.nodeAt(position);
              const missing = node?.type.name === 'unknownBlock' ? missingBlock(String(node.attrs.markup)) : null;
              if (!node || !missing) return false;
              const { tr } = view.state;
              if (button.getAttribute(MISSING_ACTION) === KEEP_AS_HTML) tr.replaceWith(position, position + node.nodeSize, customHtmlNode(view.state.schema, missing.html));
              else tr.delete(position, position + node.nodeSize);
              view.dispatch(tr);
              event.preventDefault();
              return true;
            },
          },
        },
      }),
    ];
  },
});
