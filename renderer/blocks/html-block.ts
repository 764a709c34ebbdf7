// The Custom HTML block (`core/html`) and the Shortcode block (`core/shortcode`): their source
// as it stands, edited as text in the block (the block editor saves it as it stands too).
import { Node, mergeAttributes, type JSONContent } from '@tiptap/core';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import { dataAttribute } from './nodes.ts';
import { keptText, shownKeptHtml } from './kept-markup.ts';
import { COMMENT_ATTRIBUTES, commentAttrs, commentOnly, heldComment } from './comment-attributes.ts';
import { madeBlockMarkup, type BlockDefinition, type WrittenBlock } from './block-definition.ts';
import { CODE_NAME, madeCode } from './code-block.ts';
import { escapeText } from './inline-html.ts';
import { METADATA, carriedLook, fromText } from './text-block-markup.ts';
import type { ParsedBlock } from './split-blocks.ts';

const HTML = 'core/html';
const SHORTCODE = 'core/shortcode';
const NODE = 'sourceBlock';

/** A Custom HTML block holding `html`, as a conversion of other content makes one. */
export const customHtmlNode = (schema: Schema, html: string): PmNode => schema.nodes[NODE].create({ name: HTML, html });

/** A Custom HTML block's markup holding `html`, as the raw handler writes one of HTML it has no block for. */
export const customHtmlMarkup = (html: string): string => madeBlockMarkup(HTML, {}, html);

/** The block's source without the line breaks its comments stand on, and its lock and name; null (kept as written) with other attributes or inner blocks. */
function readSource(block: ParsedBlock): JSONContent | null {
  const held = commentOnly(block.attrs ?? {});
  if (block.innerBlocks.length > 0 || !held) return null;
  return { type: NODE, attrs: { name: block.blockName, html: block.innerHTML.replace(/^\n/, '').replace(/\n$/, ''), ...commentAttrs(held) } };
}

/** Its source between its comments, an empty one too. */
const writeSource = (node: JSONContent): WrittenBlock => ({ name: String(node.attrs?.name), attributes: heldComment(node.attrs), html: String(node.attrs?.html ?? ''), closed: true });

/**
 * An HTML or shortcode block, edited as its source in a plain text area, with what the site
 * shows under it (sanitised). The source is written back exactly as it stands in the area.
 */
const SourceBlock = Node.create({
  name: NODE,
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    // Not `source`: that is the block's remembered markup (block-source.ts).
    return { name: dataAttribute('name', '', String), html: dataAttribute('html', '', String), ...COMMENT_ATTRIBUTES };
  },
  parseHTML() {
    return [{ tag: 'div[data-source-block]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-source-block': '' })];
  },
  renderText({ node }) {
    return keptText(String(node.attrs.html));
  },
  addNodeView() {
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.className = 'source-block';
      dom.contentEditable = 'false';
      const label = document.createElement('label');
      const kind = node.attrs.name === SHORTCODE ? 'Shortcode' : 'HTML';
      label.textContent = kind;
      const area = document.createElement('textarea');
      area.value = String(node.attrs.html);
      area.spellcheck = false;
      area.setAttribute('aria-label', `${kind} source`);
      area.rows = Math.min(12, Math.max(2, area.value.split('\n').length));
      const shown = document.createElement('div');
      shown.className = 'source-block-shown';
      shown.setAttribute('inert', '');
      shown.innerHTML = shownKeptHtml(area.value);
      area.addEventListener('input', () => {
        const position = getPos();
        if (typeof position !== 'number') return;
        editor.view.dispatch(editor.state.tr.setNodeAttribute(position, 'html', area.value));
      });
      label.append(area);
      dom.append(label, shown);
      let current = node;
      return {
        dom,
        // The text area's own keys and clicks are its own, not the editor's.
        stopEvent: (event) => event.target === area,
        ignoreMutation: () => true,
        update: (next) => {
          if (next.type !== current.type) return false;
          current = next;
          const source = String(next.attrs.html);
          if (area.value !== source) area.value = source;
          shown.innerHTML = shownKeptHtml(source);
          return true;
        },
      };
    };
  },
});

/** Custom HTML turned into a code block showing it, its lock and name handed on, as the block editor's transform does. */
const codeOfHtml = (block: ParsedBlock) => madeCode(escapeText(block.innerHTML.replace(/^\n/, '').replace(/\n$/, '')), carriedLook(block, ['lock', METADATA]).look);

/** A code block turned into Custom HTML of its text (what it shows, its formatting, look and style left out, its name carried), as the block editor's transform does; null for one showing nothing. */
const htmlOfCode = fromText(({ text, look }) => {
  const shown = document.createElement('template');
  shown.innerHTML = text;
  const html = shown.content.textContent ?? '';
  return html ? madeBlockMarkup(HTML, look ?? {}, html) : null;
}, [METADATA]);

export const htmlBlock: BlockDefinition = {
  transforms: { [HTML]: [{ to: CODE_NAME, title: 'Code', make: codeOfHtml }], [CODE_NAME]: [{ to: HTML, title: 'Custom HTML', make: htmlOfCode }] },
  readers: { [HTML]: readSource, [SHORTCODE]: readSource },
  carried: { [HTML]: { classless: true }, [SHORTCODE]: { classless: true } },
  extensions: [SourceBlock],
  writers: { [NODE]: writeSource },
  inserter: [
    { title: 'Custom HTML', keywords: 'html code markup', markup: '<!-- wp:html /-->' },
    { title: 'Shortcode', keywords: 'shortcode brackets', markup: '<!-- wp:shortcode /-->' },
  ],
  described: { [NODE]: (node: PmNode) => (node.attrs.name === SHORTCODE ? 'a shortcode' : 'an HTML block') },
  remembersReading: true,
};
