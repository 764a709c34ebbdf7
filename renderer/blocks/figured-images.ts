// Where the block editor's raw handler puts an image of classic content in a figure in place (its
// figure content reducer): an image, or the link it stands in alone, not in a paragraph or a
// division (among the words of a heading, a table cell, a definition, preformatted text, a form);
// and once more for each quote around it, whose HTML the raw handler reads again. Convert to blocks
// (classic-convert.ts) writes those figures as it does: around a held image among a heading's, a
// cell's or preformatted text's words (its `figures`, written by inline-html.ts) and in the HTML of a Custom HTML block.
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

/** HTML with each image in no paragraph or division put in `figures` figures, around the link it stands in alone. */
export function imagesInFigures(html: string, figures: number): string {
  const body = htmlBody(html);
  const images = [...body.querySelectorAll('img')].filter((image) => image.closest('p, div') === null);
  if (figures === 0 || images.length === 0) return html;
  for (const image of images) {
    const link = image.parentElement;
    let figured: Element = link?.tagName === 'A' && link.childNodes.length === 1 ? link : image;
    for (let count = 0; count < figures; count++) {
      const figure = body.ownerDocument.createElement('figure');
      figured.replaceWith(figure);
      figure.append(figured);
      figured = figure;
    }
  }
  return body.innerHTML;
}
