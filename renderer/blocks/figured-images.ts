// Where the block editor's raw handler puts an image of classic content in a figure in place (its
// figure content reducer): an image, or the link it stands in alone, not in a paragraph or a
// division (among the words of a heading, a table cell, a definition, preformatted text, a form);
// and once more for each quote around it, whose HTML the raw handler reads again; out of a paragraph
// or division, before it, where aligned or alone there. Convert to blocks (classic-convert.ts)
// writes those figures as it does: around a held image among a heading's, a cell's or preformatted
// text's words (its `figures`, written by inline-html.ts), in the HTML of a Custom HTML block and
// of a piece held in a list item (one rule, `imagesInFigures`, read as each holds its HTML).
import { HEADING_NODE } from './heading-block.ts';
import { QUOTE_NODE } from './quote-block.ts';
import { PREFORMATTED_NODE } from './preformatted-block.ts';
import { htmlBody } from './html-nodes.ts';

/** What stands around a node of classic content as the raw handler reads it: the quotes, and the figures it puts an image among its words in (0: none, in a paragraph). */
export type Around = { readonly quotes: number; readonly figures: number };

export const AT_TOP: Around = { quotes: 0, figures: 0 };

/** The nodes whose words stand in no paragraph in the HTML the raw handler reads. */
const WORDS_OUTSIDE_PARAGRAPHS: ReadonlySet<string> = new Set([HEADING_NODE, 'tableCell', 'tableHeader', PREFORMATTED_NODE]);

/** What stands around the children of a node of a type named so (a quote's kept as written too) standing in `around`. */
export function aroundChildren(typeName: string, around: Around): Around {
  if (typeName === QUOTE_NODE) return { quotes: around.quotes + 1, figures: 0 };
  return WORDS_OUTSIDE_PARAGRAPHS.has(typeName) ? { ...around, figures: around.quotes + 1 } : around;
}

/** An image, or a link holding one alone: what the raw handler's figure reducer sets in a figure. */
export const isFigureContent = (node: ChildNode) => node.nodeName === 'IMG' || (node.nodeName === 'A' && node.childNodes.length === 1 && node.firstChild?.nodeName === 'IMG');

/** How a piece of HTML is read for the figure reducer's rule. */
export type FigureReading = {
  /** The figures set around an image: one for each time the raw handler reads the HTML (0: none). */
  readonly figures: number;
  /**
   * Whether the HTML is held in rich text (a piece held in a list item): an image the reducer
   * takes out of its paragraph or division (aligned, or alone there) stays in it, in a figure
   * before that paragraph or division, which is dropped where left empty and bare (the rich text
   * drops an empty one). Else (a Custom HTML block's) the paragraph or division stays, emptied or
   * not, and an image taken out of the HTML's own top element is handed back apart: the raw
   * handler makes its image block before the block.
   */
  readonly heldInRichText: boolean;
};

/** A piece held in a list item (held-html.ts), read once. */
export const HELD_IN_ITEM: FigureReading = { figures: 1, heldInRichText: true };

const ALIGNED = ['alignleft', 'alignright', 'aligncenter'];

/** Whether the reducer takes `image` out of `wrapper`, the paragraph or division it stands in. */
const takenOut = (image: Element, wrapper: Element) => ALIGNED.some((name) => image.classList.contains(name)) || (wrapper.textContent ?? '').trim() === '';

/** HTML with its images set in figures, and the images (or links holding one alone) taken out of its top element, each as HTML, in order. */
export type Figured = { readonly html: string; readonly takenOut: readonly string[] };

/**
 * `html` with its images set in figures as the raw handler's figure reducer sets them, once for each
 * time it reads the HTML (an image already in a figure is read where it stands: wrapped again, or
 * taken out of a paragraph or division around that figure, which is left empty), read as its
 * `FigureReading` says; as it was where none moves.
 */
export function imagesInFigures(html: string, { figures, heldInRichText }: FigureReading): Figured {
  const body = htmlBody(html);
  const taken: string[] = [];
  let moved = false;
  for (let reading = 0; reading < figures; reading++) {
    for (const image of body.querySelectorAll('img')) {
      const link = image.parentElement;
      const figured: Element = link && isFigureContent(link) ? link : image;
      const wrapper = figured.parentElement?.closest('p, div') ?? null;
      if (wrapper && !takenOut(image, wrapper)) continue;
      moved = true;
      if (wrapper?.parentElement === body && !heldInRichText) {
        taken.push(figured.outerHTML);
        figured.remove();
        continue;
      }
      const figure = body.ownerDocument.createElement('figure');
      (wrapper ?? figured).before(figure);
      figure.append(figured);
      if (heldInRichText && wrapper && !wrapper.hasChildNodes() && wrapper.attributes.length === 0) wrapper.remove();
    }
  }
  return { html: moved ? body.innerHTML : html, takenOut: taken };
}
