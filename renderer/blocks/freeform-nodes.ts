// HTML outside blocks (classic content, or HTML between blocks) as editor nodes: each
// top-level element the editor can hold becomes editable, and so does a `[caption]`
// shortcode; any other is kept as it was.
import type { JSONContent } from '@tiptap/core';
import { htmlBody, schemaNodes } from './html-nodes.ts';
import { FREEFORM_HTML, nodeFollows } from './html-rules.ts';
import { keptMarkup } from './kept-markup.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { CAPTION_SHORTCODE, captionNode } from './classic-caption.ts';

/** The HTML of a node the editor cannot hold (an element or a comment: text it always holds), to write back as it is. */
function outerHtml(node: ChildNode): string {
  return node.nodeType === node.COMMENT_NODE ? `<!--${node.textContent ?? ''}-->` : (node as Element).outerHTML;
}

const isEmptyParagraph = (node: JSONContent) => node.type === PARAGRAPH_NODE && !node.content;

/** Classic HTML with its `[caption]` shortcodes as captioned images (see classic-caption.ts), the rest read as HTML. */
export function freeformNodes(html: string): JSONContent[] {
  const nodes: JSONContent[] = [];
  let at = 0;
  for (const match of html.matchAll(CAPTION_SHORTCODE)) {
    nodes.push(...htmlNodes(html.slice(at, match.index)), captionNode(match[0], match[1], match[2]) ?? keptMarkup(match[0]));
    at = match.index + match[0].length;
  }
  return [...nodes, ...htmlNodes(html.slice(at))];
}

/**
 * The more tag and page break inside a paragraph (as the site's paragraph filter leaves them,
 * with line breaks around them) stand between paragraphs of their own, so they show as the
 * markers they are and the words around them stay editable.
 */
const MARKER_IN_PARAGRAPH = /(?:<br\s*\/?>\s*)?(<!--(?:more|nextpage)[\s\S]*?-->)(?:\s*<br\s*\/?>)?/g;

function htmlNodes(html: string): JSONContent[] {
  const body = htmlBody(html.replace(MARKER_IN_PARAGRAPH, '</p>$1<p>'));
  const nodes: JSONContent[] = [];
  // Neighbouring text and inline elements are read together, so they form one paragraph.
  let run = body.ownerDocument.createElement('div');
  const readRun = () => {
    if (!run.hasChildNodes()) return;
    // Whitespace alone between elements reads as an empty paragraph, which is not content.
    nodes.push(...schemaNodes(run).filter((node) => !isEmptyParagraph(node)));
    run = body.ownerDocument.createElement('div');
  };
  for (const child of [...body.childNodes]) {
    if (nodeFollows(child, FREEFORM_HTML)) {
      run.append(child);
    } else {
      readRun();
      nodes.push(keptMarkup(outerHtml(child)));
    }
  }
  readRun();
  return nodes;
}
