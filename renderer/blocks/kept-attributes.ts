// Paragraphs, headings, lists, preformatted text and verse keep the attributes the editor has no control for (alignment, drop
// cap, anchor, reversed numbering, classes, colours, font sizes): the block's comment attributes and its element's
// opening tag are held as read and written back around the text the writer edits, as the block
// editor saves them. They travel with a copy inside the editor and with either half of a split,
// except an anchor (the element's id), which names one place in the page: only the first block
// holding it keeps it. A paragraph turned into a heading (or a bulleted list into a numbered one)
// leaves them behind. (They, preformatted text and verse, and the quote hold them on their own nodes: paragraph-block.ts, heading-block.ts, list-block.ts, preformatted-block.ts, quote-block.ts.)
import { Extension, type Attribute, type JSONContent } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { HtmlReading } from './block-definition.ts';
import type { ElementRules } from './html-rules.ts';
import type { ParsedBlock } from './split-blocks.ts';

/** The block's comment attributes, written into the editor's HTML as JSON so a copy inside the editor keeps them (none when it is not JSON). */
export const BLOCK_ATTRIBUTES = {
  default: null,
  parseHTML: (element: HTMLElement) => {
    try {
      return JSON.parse(element.getAttribute('data-block-attributes') ?? 'null') as unknown;
    } catch {
      return null;
    }
  },
  renderHTML: (attributes: Record<string, unknown>) => (attributes.blockAttributes ? { 'data-block-attributes': JSON.stringify(attributes.blockAttributes) } : {}),
};

/** A block's own HTML as read, written around what the writer edits in it. */
export const HELD_HTML = {
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute('data-held-html'),
  renderHTML: (attributes: Record<string, unknown>) => (attributes.heldHtml ? { 'data-held-html': attributes.heldHtml as string } : {}),
};

/** The element's opening tag as read, written back around the text the writer edits. */
export const OPENING_TAG: Attribute = {
  default: null,
  parseHTML: (element) => element.getAttribute('data-opening-tag'),
  // Its classes show too, so a centred paragraph looks centred while it is written, and its custom colours (its inline colour declarations) as the site shows them.
  renderHTML: (attributes) => {
    const tag = attributes.openingTag as string | null;
    if (!tag) return {};
    const colours = (/\sstyle="([^"]*)"/.exec(tag)?.[1] ?? '').split(';').filter((declaration) => /^\s*(?:color|background|background-color)\s*:/i.test(declaration));
    return { 'data-opening-tag': tag, class: /\sclass="([^"]*)"/.exec(tag)?.[1] ?? null, style: colours.length > 0 ? colours.join(';') : null };
  },
};

export const KeptAttributes = Extension.create({
  name: 'keptAttributes',
  addProseMirrorPlugins() {
    return [
      new Plugin({ key: new PluginKey('uniqueAnchors'), appendTransaction: (transactions, _old, state) => (transactions.some((tr) => tr.docChanged) ? withoutRepeatedAnchors(state) : null) }),
    ];
  },
});

const ANCHOR = /\sid="([^"]*)"/;

/** A transaction taking a repeated anchor off every block but the first holding it (a split or a copy repeats it), or null when none repeats. */
function withoutRepeatedAnchors(state: EditorState): Transaction | null {
  const seen = new Set<string>();
  let tr: Transaction | null = null;
  state.doc.descendants((node, position) => {
    const openingTag: unknown = node.attrs.openingTag;
    const anchor = typeof openingTag === 'string' ? ANCHOR.exec(openingTag)?.[1] : undefined;
    if (anchor === undefined) return true;
    if (seen.has(anchor)) {
      tr ??= state.tr;
      tr.setNodeAttribute(position, 'openingTag', (openingTag as string).replace(ANCHOR, ''));
    }
    seen.add(anchor);
    return true;
  });
  return tr;
}

/** The words of HTML, as the reader sees them. */
export const htmlText = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body.textContent ?? '';

/** Rich text's words as the reader sees them, a line break between the words it parts (a caption's, counted). */
export const htmlLines = (html: string) => htmlText(html.replace(/<br\s*\/?>/gi, '\n'));

/** The element's opening tag as written, and the element without attributes, for reading its content. */
export function splitOpeningTag(html: string, tags: string): { openingTag: string; bare: string } | null {
  const match = new RegExp(`^\\s*(<(${tags}))(\\s[^>]*)?>`).exec(html);
  if (!match) return null;
  return { openingTag: match[0].trimStart(), bare: `<${match[2]}>${html.slice(match[0].length)}` };
}

export function withKeptAttributes(node: JSONContent, blockAttributes: Record<string, unknown> | undefined, openingTag: string): JSONContent {
  const held = blockAttributes && Object.keys(blockAttributes).length > 0 ? blockAttributes : null;
  return { ...node, attrs: { ...node.attrs, blockAttributes: held, openingTag } };
}

/** What a node holds for the element `tags` match (attributes and opening tag), or null when it holds none for it. */
export function heldFor(node: JSONContent, tags: RegExp): { blockAttributes: Record<string, unknown>; openingTag: string } | null {
  const openingTag: unknown = node.attrs?.openingTag;
  if (typeof openingTag !== 'string' || !tags.test(openingTag)) return null;
  const held: unknown = node.attrs?.blockAttributes;
  return { blockAttributes: held !== null && typeof held === 'object' ? (held as Record<string, unknown>) : {}, openingTag };
}

/** Rich text in one element (`tags`) whose attributes (and the block's) are held as read, around the text the writer edits: a paragraph's, a heading's. */
export function heldTextNode(block: ParsedBlock, tags: string, html: HtmlReading, rules: ElementRules, type: string, prepare?: (body: Element) => void): JSONContent | null {
  const split = block.innerBlocks.length === 0 ? splitOpeningTag(block.innerHTML, tags) : null;
  const node = split && html.onlyNode(split.bare, rules, type, prepare);
  return node && split ? withKeptAttributes(node, block.attrs as Record<string, unknown>, split.openingTag) : null;
}
