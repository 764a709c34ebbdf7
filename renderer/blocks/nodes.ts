// The editor's own nodes: markup the editor does not model, kept and shown read-only as the site
// shows it, and the frames of blocks holding blocks or a few pieces of rich text.
// Every attribute is written into the editor's HTML and read back from it, so copy and
// paste inside the editor keep it.
import { Node, mergeAttributes, type Attribute, type Editor } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { BLOCK_ATTRIBUTES } from './kept-attributes.ts';
import { keptBlockElement, keptText, shownKeptHtml } from './kept-markup.ts';
import { containerColourStyle, richBlockColourStyle } from './container-colours.ts';
import { holdsNoFile } from './rich-blocks.ts';
import { AWAITING_MEDIA, mediaTextAwaitsMedia } from './media-text-awaiting.ts';
import { HELD_HTML_DATA, markupOf } from './held-html.ts';
import { drawnAlignment } from './drawn-alignment.ts';

/** A node attribute written into the editor's HTML as `data-…` (left out at its default), so a copy inside the editor keeps it. */
export function dataAttribute<T>(name: string, fallback: T, read: (value: string) => T): Attribute {
  const htmlName = `data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return {
    default: fallback,
    parseHTML: (element) => {
      const value = element.getAttribute(htmlName);
      return value === null ? fallback : read(value);
    },
    renderHTML: (attributes) => (attributes[name] === fallback ? {} : { [htmlName]: String(attributes[name]) }),
  };
}

const text = (name: string) => dataAttribute(name, '', (value) => value);

export const UnknownBlock = Node.create({
  name: 'unknownBlock',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    // (A piece of a quote names its markup by its key.)
    return { markup: { ...text('markup'), parseHTML: (element: HTMLElement) => element.getAttribute('data-markup') ?? markupOf(element) ?? '' } };
  },
  parseHTML() {
    // A piece of a quote of classic content (held-html.ts): only a key of this session's names one.
    return [{ tag: `div[${HELD_HTML_DATA}]`, priority: 100, getAttrs: (element) => (markupOf(element) === null ? false : null) }, { tag: 'div[data-unknown-block]' }];
  },
  // Shown as the site shows it, also when copied out of the editor; the markup travels in data-markup.
  renderHTML({ node }) {
    return keptBlockElement(String(node.attrs.markup), document);
  },
  // Its words count, as the site shows them.
  renderText({ node }) {
    return keptText(String(node.attrs.markup));
  },
});

/**
 * A block's element, with the image, video, audio or file preview of its held HTML shown
 * (sanitised, not editable) before the element holding its editable content.
 */
function withHeldMedia(attributes: Record<string, unknown>, held: string): DOMOutputSpec {
  const media = /<(img|video|audio|object)[\s>][\s\S]*?(?:<\/\1>|\/?>)/.exec(held)?.[0];
  if (!media) return mediaTextAwaitsMedia(held) ? ['div', attributes, AWAITING_MEDIA, ['div', { class: 'held-media-content' }, 0]] : ['div', attributes, 0];
  const dom = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) if (value !== null && value !== undefined) dom.setAttribute(name, String(value));
  const shown = document.createElement('div');
  shown.className = 'held-media';
  shown.contentEditable = 'false';
  shown.innerHTML = shownKeptHtml(media);
  const contentDOM = document.createElement('div');
  contentDOM.className = 'held-media-content';
  dom.append(shown, contentDOM);
  return { dom, contentDOM };
}

/** Where a copy of a block shown with its held media (withHeldMedia) holds its content: the media shown is no content of it. */
const heldMediaContent = (dom: HTMLElement): HTMLElement => dom.querySelector<HTMLElement>(':scope > .held-media-content') ?? dom;

/**
 * A block holding blocks (a group, columns and each column, a cover, media & text, buttons, details): its blocks
 * are edited in place; its own HTML around them and its comment attributes are held as read
 * (they follow from its attributes alone, so the block editor would write them the same).
 */
export const BlockContainer = Node.create({
  name: 'blockContainer',
  group: 'block',
  // A details block's summary first (see rich-blocks.ts), then its blocks, then a gallery's caption;
  // a group, a column … may be left with no block (block-nesting.ts says which).
  content: 'richPart? block* captionPart?',
  // The caret and Backspace stay inside: a column is not merged into its neighbour.
  isolating: true,
  defining: true,
  draggable: true,
  addAttributes() {
    return {
      name: text('name'),
      blockAttributes: BLOCK_ATTRIBUTES,
      opening: text('opening'),
      closing: text('closing'),
      // The spacing between its blocks as read, when not the usual blank line (kept while it has as many blocks).
      spacing: { default: null, rendered: false },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-block-container]' }];
  },
  // Shown with the block's own classes (columns side by side), named for the writer; a cover's
  // or media & text's image or video shows with its blocks.
  renderHTML({ node, HTMLAttributes }) {
    const classes = /^<[a-z]+[^>]*?\sclass="([^"]*)"/.exec(String(node.attrs.opening))?.[1] ?? '';
    const colours = containerColourStyle(String(node.attrs.name), node.attrs.blockAttributes, String(node.attrs.opening));
    const attributes = mergeAttributes(HTMLAttributes, { 'data-block-container': '', class: `block-container ${classes}`, 'data-block-name': String(node.attrs.name).replace(/^core\//, ''), ...(colours && { style: colours }) });
    return withHeldMedia(attributes, `${String(node.attrs.opening)}${String(node.attrs.closing)}`);
  },
});

/** What a block remembers of how it was read (block-source.ts, document-layout.ts; the classic mark, classic-mark.ts). */
const READ_ATTRIBUTES = new Set(['source', 'canonical', 'inClassic', 'gap', 'readAt', 'classic']);

export const withoutReadAttributes = (attrs: Record<string, unknown>) => Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name, READ_ATTRIBUTES.has(name) ? null : value]));

/**
 * A node's attributes without the classic mark (classic-mark.ts) and the opening tag held as read
 * with it, so it is written as its block makes it (the block editor's raw handler keeps none of it).
 */
export function withoutClassicMark(attrs: Record<string, unknown>): Record<string, unknown> {
  return typeof attrs.classic === 'string' ? { ...attrs, classic: null, ...(Object.hasOwn(attrs, 'openingTag') ? { openingTag: null } : {}) } : attrs;
}

/**
 * Classic content (HTML outside blocks), edited in place and written back as read until the
 * writer edits inside it (classic-block.ts); Convert to blocks makes its contents blocks (classic-convert.ts).
 */
export const ClassicBlock = Node.create({
  name: 'classicBlock',
  group: 'block',
  content: 'block+',
  // Backspace after it does not pull a block into the classic content.
  isolating: true,
  defining: true,
  addAttributes() {
    // A Classic block written with its comment holds the comment as read (classic-block.ts).
    return { autop: dataAttribute('autop', false, (value) => value === 'true'), commentBefore: text('commentBefore'), commentAfter: text('commentAfter') };
  },
  parseHTML() {
    // (Its content, not its label.)
    return [{ tag: 'div[data-classic-block]', contentElement: (dom) => dom.querySelector(':scope > .classic-block-content') ?? dom }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-classic-block': '', class: 'classic-block' }), ['div', { class: 'classic-block-label', contenteditable: 'false' }, 'Classic'], ['div', { class: 'classic-block-content' }, 0]];
  },
});

/** A block of a few pieces of rich text in held HTML (a button, a pullquote): see rich-blocks.ts. */
export const RichBlock = Node.create({
  name: 'richBlock',
  group: 'block',
  content: 'richPart+',
  isolating: true,
  draggable: true,
  addAttributes() {
    return {
      name: text('name'),
      blockAttributes: BLOCK_ATTRIBUTES,
      before: text('before'),
      after: text('after'),
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-rich-block]', contentElement: heldMediaContent }];
  },
  // An audio's or a video's player (held HTML) shows above its caption, as the site shows it.
  renderHTML({ node, HTMLAttributes }) {
    // A button's or a pullquote's colours, as the site shows them.
    const colours = richBlockColourStyle(String(node.attrs.name), node.attrs.blockAttributes);
    const held = `${String(node.attrs.before)}${String(node.attrs.after)}`;
    // A media block without its file (an audio read from `<!-- wp:audio /-->`) says so, where its Replace picks one.
    const withoutFile = holdsNoFile(node.toJSON()) ? { 'data-without-file': '' } : {};
    // A captioned image of classic content drawn aligned as WordPress's themes show it (drawn-alignment.ts).
    const aligned = drawnAlignment(String(node.attrs.name), String(node.attrs.before));
    const attributes = mergeAttributes(HTMLAttributes, { 'data-rich-block': '', class: `rich-block rich-block-${String(node.attrs.name).replace(/^core\//, '')}${aligned ? ` ${aligned}` : ''}`, ...(colours && { style: colours }), ...withoutFile });
    return withHeldMedia(attributes, held);
  },
});

/**
 * Enter breaks the line in one piece of rich text that stands alone (a cell, a caption, a
 * button's text): the hard break's own command does nothing in such isolating nodes.
 */
export function lineBreakOnEnter(this: { editor: Editor; name: string }) {
  return {
    Enter: () => {
      const { state, view } = this.editor;
      if (state.selection.$from.parent.type.name !== this.name) return false;
      view.dispatch(state.tr.replaceSelectionWith(state.schema.nodes.hardBreak.create()).scrollIntoView());
      return true;
    },
  };
}

/** One piece of a rich block's text; Enter breaks the line, as the piece is one piece of rich text. */
export const RichPart = Node.create({
  name: 'richPart',
  content: 'inline*',
  marks: '_',
  isolating: true,
  addAttributes() {
    return { open: text('open'), close: text('close'), optional: dataAttribute('optional', false, (value) => value === 'true') };
  },
  parseHTML() {
    return [{ tag: 'div[data-rich-part]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const tag = /^<([a-z]+)/.exec(String(node.attrs.open))?.[1] ?? 'p';
    return ['div', mergeAttributes(HTMLAttributes, { 'data-rich-part': '', class: `rich-part rich-part-${tag}` }), 0];
  },
  addKeyboardShortcuts: lineBreakOnEnter,
});

/**
 * A piece of rich text after a block's inner blocks (a gallery's caption). Its opening tag has
 * no default, so the editor never makes one itself: Enter at the end of the last inner block
 * makes a paragraph, not a second caption.
 */
export const CaptionPart = RichPart.extend({
  name: 'captionPart',
  parseHTML() {
    return [{ tag: 'div[data-caption-part]' }];
  },
  addAttributes() {
    const parent = (this.parent?.() ?? {}) as Record<string, Attribute>;
    return { ...parent, open: { ...parent.open, default: undefined, isRequired: true } };
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-caption-part': '', class: 'rich-part rich-part-figcaption' }), 0];
  },
});
