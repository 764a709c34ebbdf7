// Bold and italic words spelt as classic content wrote them: the block editor's raw handler keeps a
// `<b>` or `<i>` (its rich text has no format for them, and keeps an element it has none for as
// written), where the editor's marks write `<strong>` and `<em>`. A block Convert to blocks makes
// keeps the spelling as its bytes as read (block-source.ts), until the writer edits it.
import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { nodeMarkup } from './serialize-blocks.ts';
import { markupToDoc } from './parse-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { MARK_OF } from './marked-alike.ts';

const marked = (container: Element) => [...container.querySelectorAll('b, strong, i, em')];

/** The bold or italic element written right after `element`, no words between, if any. */
const markedNext = (element: Element): Element | null => {
  const next = element.nextElementSibling;
  return next && element.nextSibling === next && Object.hasOwn(MARK_OF, next.tagName) ? next : null;
};

/**
 * The classic HTML as written (`written`), which the blocks were converted from, and its bold and
 * italic elements not yet matched: a block's elements are each matched, in order, with the first
 * one left read as the same mark around the same words (not always the next: the marks write bold
 * around italic, whichever was written around the other), or else with the first run of them
 * written side by side that the mark runs together (a `<b>` beside a `<strong>`: one mark, one element).
 */
function spellings(written: string): (element: Element) => Element[] {
  const left = marked(htmlBody(written));
  const sameMark = (candidate: Element, element: Element) => MARK_OF[candidate.tagName] === MARK_OF[element.tagName];
  const runFrom = (first: Element, element: Element): Element[] => {
    const run = [first];
    let words = first.textContent ?? '';
    for (let next = markedNext(first); next && sameMark(next, element) && left.includes(next) && words.length < (element.textContent ?? '').length; next = markedNext(next)) {
      run.push(next);
      words += next.textContent ?? '';
    }
    return run.length > 1 && words === element.textContent ? run : [];
  };
  return (element) => {
    const alone = left.find((candidate) => sameMark(candidate, element) && candidate.textContent === element.textContent);
    const run = alone ? [alone] : left.filter((candidate) => sameMark(candidate, element)).map((first) => runFrom(first, element)).find((found) => found.length > 0) ?? [];
    for (const found of run) left.splice(left.indexOf(found), 1);
    return run;
  };
}

/** Sets `range`'s end `offset` characters into the words `element` holds: after the outermost element within it whose words end there. */
function endAt(range: Range, element: Element, offset: number): void {
  let before = 0;
  const walker = element.ownerDocument.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const length = text.nodeValue?.length ?? 0;
    if (before + length > offset) return range.setEnd(text, offset - before);
    before += length;
    if (before === offset) {
      let last: Node = text;
      while (last.parentNode && last.parentNode !== element && last.parentNode.lastChild === last) last = last.parentNode;
      return range.setEndAfter(last);
    }
  }
  range.setEnd(element, element.childNodes.length);
}

/** `element` split into one element like it for each run of its words `written` hold (their lengths, in order), the elements around its words split with them. */
function splitAlong(element: Element, written: readonly Element[]): Element[] {
  const pieces = written.slice(0, -1).map((piece) => {
    const range = element.ownerDocument.createRange();
    range.setStart(element, 0);
    endAt(range, element, piece.textContent?.length ?? 0);
    const split = element.cloneNode(false) as Element;
    split.append(range.extractContents());
    element.before(split);
    return split;
  });
  return [...pieces, element];
}

/** `element` renamed `tag`, its attributes and what it holds kept. */
function renamed(element: Element, tag: string): Element {
  const spelt = element.ownerDocument.createElement(tag);
  for (const { name, value } of [...element.attributes]) spelt.setAttribute(name, value);
  spelt.append(...element.childNodes);
  element.replaceWith(spelt);
  return spelt;
}

/** `inner`, the one node `outer` holds, set around `outer` (the marks write bold around italic, whichever was written around the other). */
function turnedInsideOut(outer: Element, inner: Element): void {
  outer.replaceWith(inner);
  outer.append(...inner.childNodes);
  inner.append(outer);
}

/** A node as the editor writes it anew: no bytes as read kept, its own or those of what it holds (a list Convert made of its HTML as written). */
function anew(node: JSONContent): JSONContent {
  const attrs = node.attrs && Object.hasOwn(node.attrs, 'source') ? { ...node.attrs, source: null, canonical: null } : node.attrs;
  return { ...node, ...(attrs ? { attrs } : {}), ...(node.content ? { content: node.content.map(anew) } : {}) };
}

/** `block` read from its markup with the bold and italic elements spelt and nested as written (its bytes, kept until edited), or as it is where none is spelt otherwise or that markup reads otherwise. */
function speltBlock(block: ProseMirrorNode, spelling: (element: Element) => Element[], schema: Schema): ProseMirrorNode {
  const markup = nodeMarkup(block.toJSON() as JSONContent);
  const body = htmlBody(markup);
  if (body.innerHTML !== markup) return block;
  const writtenAs = new Map<Element, Element>();
  for (const element of marked(body)) {
    const written = spelling(element);
    const pieces = written.length > 1 ? splitAlong(element, written) : [element];
    written.forEach((spelt, at) => writtenAs.set(spelt.tagName === pieces[at].tagName ? pieces[at] : renamed(pieces[at], spelt.tagName.toLowerCase()), spelt));
  }
  for (const [outer, written] of writtenAs) {
    const inner = outer.childNodes.length === 1 ? outer.firstElementChild : null;
    const innerWritten = inner && writtenAs.get(inner);
    if (inner && innerWritten && innerWritten.childNodes.length === 1 && innerWritten.firstChild === written) turnedInsideOut(outer, inner);
  }
  if (body.innerHTML === markup) return block;
  const [read, ...more] = markupToDoc(body.innerHTML).content ?? [];
  const readsAsBlock = more.length === 0 && read?.type === block.type.name && nodeMarkup(anew(read)) === nodeMarkup(anew(block.toJSON() as JSONContent));
  // (Where it stands is Convert's: no spacing read before it.)
  return readsAsBlock ? schema.nodeFromJSON({ ...read, attrs: { ...read.attrs, gap: null, readAt: null } }) : block;
}

/** The blocks converted from the classic HTML `written`, their bold and italic words spelt as written there. */
export function speltAsWritten(blocks: readonly ProseMirrorNode[], written: string, schema: Schema): ProseMirrorNode[] {
  const spelling = spellings(written);
  return blocks.map((block) => speltBlock(block, spelling, schema));
}
