// HTML outside blocks (classic content, or HTML between blocks) as editor nodes: each
// top-level element the editor can hold becomes editable; any other is kept as it was.
import type { JSONContent } from '@tiptap/core';
import { htmlBody, schemaNodes } from './html-nodes.ts';
import { FREEFORM_HTML, nodeFollows } from './html-rules.ts';
import { keptMarkup } from './kept-markup.ts';

/** The HTML of a node the editor cannot hold (an element or a comment: text it always holds), to write back as it is. */
function outerHtml(node: ChildNode): string {
  return node.nodeType === node.COMMENT_NODE ? `<!--${node.textContent ?? ''}-->` : (node as Element).outerHTML;
}

const isEmptyParagraph = (node: JSONContent) => node.type === 'paragraph' && !node.content;

export function freeformNodes(html: string): JSONContent[] {
  const body = htmlBody(html);
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
