// Whether the HTML the editor writes for a block says what the block's HTML as read says, bold and
// italic spelt either way: the editor's marks write `<strong>` and `<em>` for a `<b>` or `<i>`, one
// element for two beside each other (a `<b>` beside a `<strong>`), bold around italic whichever was
// written around the other. The block's bytes as read are kept until edited (block-source.ts), so
// the spelling is no loss; any other difference (an attribute, an element, the words) still is.

/** The mark each element of bold or italic words is read as. */
export const MARK_OF: Readonly<Record<string, string>> = { B: 'bold', STRONG: 'bold', I: 'italic', EM: 'italic' };

/** A piece of the words: text under its elements (each other element by its place in the order, its opening tag) and marks; or a node holding no words (an image, a comment). */
type Piece = { under: string; text: string | null };

/** An element other than an attribute-less mark's, by its place among them (one of bold or italic words, with its attributes, named by its mark). */
const openingTag = (element: Element, at: number) =>
  `${at}<${MARK_OF[element.tagName] ?? element.tagName}${[...element.attributes].map(({ name, value }) => ` ${name}="${value}"`).sort().join('')}>`;

/** The pieces of what `parent` holds, text under the same elements and marks run together. */
function piecesOf(parent: Node): Piece[] {
  const pieces: Piece[] = [];
  let elements = 0;
  const walk = (node: Node, path: readonly string[], marks: ReadonlySet<string>) => {
    for (const child of node.childNodes) {
      const under = `${path.join('')}|${[...marks].sort().join(',')}`;
      if (child.nodeType === child.TEXT_NODE) {
        const last = pieces.at(-1);
        if (last?.under === under && last.text !== null) last.text += child.nodeValue ?? '';
        else pieces.push({ under, text: child.nodeValue ?? '' });
      } else if (child.nodeType === child.ELEMENT_NODE) {
        const element = child as Element;
        // (One with attributes is an element of its own, named by its mark: openingTag.)
        const mark = element.attributes.length === 0 ? MARK_OF[element.tagName] : undefined;
        if (mark) walk(element, path, new Set([...marks, mark]));
        else if (element.childNodes.length === 0) pieces.push({ under: `${under}${openingTag(element, elements++)}`, text: null });
        else walk(element, [...path, openingTag(element, elements++)], marks);
      } else pieces.push({ under: `${under}${child.nodeType}:${child.nodeValue ?? ''}`, text: null });
    }
  };
  walk(parent, [], new Set());
  return pieces;
}

/** Whether `written` and `read` hold the same words, elements and marks, bold and italic spelt and nested either way. */
export function markedAlike(written: Node, read: Node): boolean {
  if (written.isEqualNode(read)) return true;
  const [ours, theirs] = [piecesOf(written), piecesOf(read)];
  return ours.length === theirs.length && ours.every((piece, at) => piece.under === theirs[at].under && piece.text === theirs[at].text);
}
