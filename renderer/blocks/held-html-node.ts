// The inline piece of HTML held in a list item (held-html.ts) as the editor shows it: the name of
// its element, then its words, as text (none of its HTML is drawn, so nothing of it can run), in a
// box marked as the kept blocks are: selected, moved or deleted as one piece.
import { Node } from '@tiptap/core';
import { describeKeptMarkup, keptText } from './kept-markup.ts';
import { HELD_HTML_DATA, HELD_HTML_NODE, keyOf, markupOf } from './held-html.ts';

/** A piece's look in the editor: what it is, then its words. */
function pieceElement(markup: string): HTMLElement {
  const piece = document.createElement('span');
  piece.className = 'held-html';
  piece.setAttribute(HELD_HTML_DATA, keyOf(markup));
  piece.setAttribute('contenteditable', 'false');
  const what = describeKeptMarkup(markup);
  piece.title = `${what}: kept as written, not editable here`;
  const label = document.createElement('span');
  label.className = 'held-html-label';
  label.textContent = what.replace(/^HTML /, '');
  const words = keptText(markup).replace(/\s+/g, ' ');
  piece.append(label, ...(words === '' ? [] : [` ${words}`]));
  return piece;
}

export const HeldHtml = Node.create({
  name: HELD_HTML_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({ markup: { default: '', rendered: false, parseHTML: (element) => markupOf(element) ?? '' } }),
  // Before every mark's and node's rule for a span; only a key of this session's names a piece.
  parseHTML: () => [{ tag: `span[${HELD_HTML_DATA}]`, priority: 100, getAttrs: (element) => (markupOf(element) === null ? false : null) }],
  renderHTML: ({ node }) => pieceElement(String(node.attrs.markup)),
  // Its words count, as the site shows them.
  renderText: ({ node }) => keptText(String(node.attrs.markup)),
});
