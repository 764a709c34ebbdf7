// The list block (`core/list`), bulleted or numbered, and its items (`core/list-item`): each item
// one line of rich text, maybe with a nested list. A list's own attributes (reversed, a style,
// colours) and opening tag are held as read, around the items the writer edits; its nested lists
// hold only what the editor models. A list without its class, or without list-item blocks, is an
// older form (older-forms.ts). The nodes are also what classic HTML's lists are read into
// (html-read-blocks.ts); Enter, Tab and Backspace in them are tiptap's list keys. A list item
// standing outside a list (the block editor shows and edits one there) is one line of rich text in
// its `<li>` (rich-blocks.ts), when it holds no nested list and nothing but its text; one holding a
// nested list is a block container, its text before the list.
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import type { JSONContent } from '@tiptap/core';
import { BLOCK_ATTRIBUTES, OPENING_TAG, heldFor, splitOpeningTag, withKeptAttributes } from './kept-attributes.ts';
import { LIST_HTML, itemRules } from './html-rules.ts';
import { holdItemHtml } from './held-html.ts';
import { escapeAttribute, inlineHtml } from './inline-html.ts';
import { itemImagesInFigures } from './item-image.ts';
import { PARAGRAPH_NAME, PARAGRAPH_NODE, madeParagraph } from './paragraph-block.ts';
import { HEADING_NAME, madeHeading } from './heading-block.ts';
import { ONE_TO_ONE, PRESETS, carriedLook, textOf, type PlainText } from './text-block-markup.ts';
import { attributesOf, madeBlockMarkup, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource, type DefinedReader, type DefinedWriter, type InnerWriter } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { richBlockReader, type RichFrame } from './rich-blocks.ts';
import { LIST_ITEM_HELD, SPACE_BEFORE, SPACE_BEFORE_ATTRIBUTE, SPACE_BEFORE_END, SPACE_BEFORE_END_ATTRIBUTE, SPACE_BEFORE_LIST, SPACE_BEFORE_LIST_ATTRIBUTE, classicListHtml, type ListTag } from './classic-list.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE, classicTag } from './classic-mark.ts';

/** The blocks' names, by which the nesting rules know them (block-nesting.ts). */
export const LIST_NAME = 'core/list';
export const LIST_ITEM_NAME = 'core/list-item';
/** The nodes: a bulleted list, a numbered one, and the item either holds. */
export const BULLET_LIST_NODE = 'bulletList';
export const ORDERED_LIST_NODE = 'orderedList';
export const LIST_ITEM_NODE = 'listItem';

/** A list's items hold nothing but text and nested lists, with attributes the editor models. */
function listItemsFollow(list: ParsedBlock): boolean {
  const nestedFollows = (nested: ParsedBlock) =>
    nested.blockName === LIST_NAME &&
    Object.entries(nested.attrs ?? {}).every(([name, value]) => (name === 'ordered' ? typeof value === 'boolean' : name === 'start' && Number.isInteger(value))) &&
    listItemsFollow(nested);
  return list.innerBlocks.every((item) => item.blockName === LIST_ITEM_NAME && Object.keys(item.attrs ?? {}).length === 0 && item.innerBlocks.every(nestedFollows));
}

/** A block's HTML with its inner blocks' HTML in place (and their comments left out). */
function blockHtml(block: ParsedBlock): string {
  let inner = 0;
  return block.innerContent.map((piece) => piece ?? blockHtml(block.innerBlocks[inner++])).join('');
}

const LIST_ITEM_RULES = itemRules(LIST_HTML);

const readList: DefinedReader = (block, _source, html) => {
  const start: unknown = block.attrs?.start ?? 1;
  if (!Number.isInteger(start) || !listItemsFollow(block)) return null;
  const ordered = block.attrs?.ordered === true;
  const split = splitOpeningTag(blockHtml(block), ordered ? 'ol' : 'ul');
  if (!split) return null;
  // HTML the editor cannot hold in an item is a piece of it, held as read (held-html.ts).
  const body = html.body(split.bare);
  holdItemHtml(body, LIST_ITEM_RULES);
  // The element without attributes is read with the start the block says.
  const list = html.onlyNode(body.innerHTML.replace(/^<ol>/, start === 1 ? '<ol>' : `<ol start="${Number(start)}">`), LIST_HTML, ordered ? ORDERED_LIST_NODE : BULLET_LIST_NODE);
  return list ? withKeptAttributes(list, block.attrs as Record<string, unknown>, split.openingTag) : null;
};

const isParagraph = (node: JSONContent) => node.type === PARAGRAPH_NODE;

/** A list item holds one line of rich text: further paragraphs become line breaks in it. */
function listItemMarkup(item: JSONContent, writeInner: InnerWriter): string {
  const children = item.content ?? [];
  const text = children.filter(isParagraph).map((paragraph) => itemImagesInFigures(inlineHtml(paragraph.content))).join('<br>');
  return newBlockMarkup('list-item', `<li>${text}${writeInner(children.filter((child) => !isParagraph(child)))}</li>`);
}

const listTag: ListTag = (node) => (node.type === ORDERED_LIST_NODE ? 'ol' : node.type === BULLET_LIST_NODE ? 'ul' : null);

const writeList: DefinedWriter = (list, writeInner) => {
  // A list of classic content stays classic HTML, its tags as read (classic-list.ts).
  if (classicTag(list) !== null) return { name: LIST_NAME, attributes: {}, html: classicListHtml(list, listTag, writeInner) };
  const ordered = list.type === ORDERED_LIST_NODE;
  const start = ordered ? Number(list.attrs?.start ?? 1) : 1;
  const tag = ordered ? 'ol' : 'ul';
  const items = (list.content ?? []).map((item) => listItemMarkup(item, writeInner)).join('\n\n');
  // Held attributes stand while the numbering starts where it did; a list read without the
  // block's class (an older format) is written anew in the current one.
  const held = heldFor(list, ordered ? /^<ol[\s>]/ : /^<ul[\s>]/);
  // (A bulleted list's start is no numbering the editor changes: held as its block says it.)
  if (held && /\sclass="/.test(held.openingTag) && (!ordered || (held.blockAttributes.start ?? 1) === start)) return { name: LIST_NAME, attributes: held.blockAttributes, html: `${held.openingTag}${items}</${tag}>` };
  const attributes = ordered ? { ordered: true, ...(start !== 1 ? { start } : {}) } : {};
  const startAttribute = start !== 1 ? ` start="${start}"` : '';
  return { name: LIST_NAME, attributes, html: `<${tag}${startAttribute} class="wp-block-list">${items}</${tag}>` };
};

/** The list element's opening tag the block's save writes for its attributes (numbering, anchor, class). */
export function listOpeningTag(ordered: boolean, attributes: Record<string, unknown>): string {
  const reversed = attributes.reversed === true ? ' reversed' : '';
  const start = attributes.start === undefined ? '' : ` start="${Number(attributes.start)}"`;
  // (A bulleted list's type is no list style the save writes.)
  const style = ordered && typeof attributes.type === 'string' ? ` style="list-style-type:${attributes.type}"` : '';
  const anchor = typeof attributes.anchor === 'string' ? ` id="${escapeAttribute(attributes.anchor)}"` : '';
  const classes = ['wp-block-list', ...(typeof attributes.className === 'string' ? [escapeAttribute(attributes.className)] : [])].join(' ');
  return `<${ordered ? 'ol' : 'ul'}${reversed}${start}${style}${anchor} class="${classes}">`;
}

/** A list's block attributes and opening tag as read (kept-attributes.ts), whether it is classic content's and the spacing before its closing tag there. */
const keptAttributes = { blockAttributes: BLOCK_ATTRIBUTES, openingTag: OPENING_TAG, [CLASSIC]: CLASSIC_ATTRIBUTE, [SPACE_BEFORE_END]: SPACE_BEFORE_END_ATTRIBUTE };
const KeptBulletList = BulletList.extend({
  addAttributes() {
    return { ...this.parent?.(), ...keptAttributes };
  },
});
const KeptOrderedList = OrderedList.extend({
  addAttributes() {
    return { ...this.parent?.(), ...keptAttributes };
  },
});

/** An item, holding its attributes and its spacing as read in classic content (classic-list.ts). */
const HeldListItem = ListItem.extend({
  addAttributes() {
    return { ...this.parent?.(), held: LIST_ITEM_HELD, [SPACE_BEFORE]: SPACE_BEFORE_ATTRIBUTE, [SPACE_BEFORE_END]: SPACE_BEFORE_END_ATTRIBUTE, [SPACE_BEFORE_LIST]: SPACE_BEFORE_LIST_ATTRIBUTE };
  },
});

/** What the block editor saves for a new list, bulleted or numbered. */
const newList = (tag: 'ul' | 'ol') =>
  newBlockMarkup('list', `<${tag} class="wp-block-list">${newBlockMarkup('list-item', '<li></li>')}</${tag}>`, tag === 'ol' ? { ordered: true } : undefined);

/** A list item's `<li>` held as read (with the classes of its attributes) around its text. */
const itemFrame: RichFrame = (html) => {
  const match = /^\s*(<li(?:\s[^>]*)?>)([\s\S]*)(<\/li>)\s*$/.exec(html);
  return match && { before: '', pieces: [{ open: match[1], html: match[2], close: match[3] }], after: '' };
};

/** A list item outside a list, its text rich text (the items a list holds are read by readList). */
const readItemAlone: DefinedReader = richBlockReader(itemFrame);

/** A bulleted list a transform makes of items' words, as the block editor saves it. */
const madeList = (items: readonly string[]) => madeBlockMarkup(LIST_NAME, {}, `<ul class="wp-block-list">${madeBlocks(items.map((item) => madeBlockMarkup(LIST_ITEM_NAME, {}, `<li>${item}</li>`)))}</ul>`);

/** A paragraph or heading turned into a list of one item, its words alone (the block editor's transform hands on none of its attributes); null for words on several lines (split into items there: not made here yet). */
const listOfText = (block: ParsedBlock) => {
  const text = textOf(block);
  return text === null || text.includes('<br') ? null : madeList([text]);
};

/** Several paragraphs or headings turned into a list of one item each (their words as they are), as the block editor's transform does; null for one whose words are not had. */
const listOfSeveral = (blocks: readonly WrittenSource[]) => {
  const words = blocks.map(({ block }) => textOf(block));
  return words.every((text) => text !== null) ? madeList(words as string[]) : null;
};

/** The words of a list's items in order, each followed by those of the lists it holds; null for an item setting attributes or holding other blocks (not made here yet). */
const wordsOfItems = (list: ParsedBlock): (string | null)[] =>
  list.innerBlocks.flatMap((item) =>
    item.blockName === LIST_ITEM_NAME && Object.keys(attributesOf(item)).length === 0 ? [textOf(item), ...item.innerBlocks.flatMap((inner) => (inner.blockName === LIST_NAME ? wordsOfItems(inner) : [null]))] : [null],
  );

/** The words of a list's items, nested lists' among them, each made a block, as the block editor's transforms to paragraphs and headings do; null for a list holding an item not made. */
const eachItem = (make: (text: PlainText) => string) => (block: ParsedBlock) => {
  const items = wordsOfItems(block);
  // The list's presets on each block made (its class and name on one alone), as the block editor's supports carry them.
  const { look } = carriedLook(block, [...PRESETS, ...(items.length === 1 ? ONE_TO_ONE : [])]);
  return items.length > 0 && items.every((text) => text !== null) ? madeBlocks(items.map((text) => make({ text: String(text), look }))) : null;
};

export const listBlock: BlockDefinition = {
  // An item's words stand in its first paragraph.
  textPlaceholders: { [LIST_ITEM_NODE]: () => 'List' },
  transforms: {
    [PARAGRAPH_NAME]: [{ to: LIST_NAME, title: 'List', make: listOfText, several: listOfSeveral }],
    [HEADING_NAME]: [{ to: LIST_NAME, title: 'List', make: listOfText, several: listOfSeveral }],
    [LIST_NAME]: [{ to: PARAGRAPH_NAME, title: 'Paragraph', make: eachItem(madeParagraph) }, { to: HEADING_NAME, title: 'Heading', make: eachItem(madeHeading) }],
  },
  readers: { [LIST_NAME]: readList, [LIST_ITEM_NAME]: readItemAlone },
  // A list item outside a list holding a nested list: its text before the list it holds, as a details block's summary before its blocks.
  containers: [LIST_ITEM_NAME],
  textBefore: {
    [LIST_ITEM_NAME]: (opening) => {
      const item = /^(\s*<li(?:\s[^>]*)?>)([\s\S]*)$/.exec(opening);
      return item && { held: item[1], open: '', text: item[2], close: '' };
    },
  },
  // In the starter kit's order.
  extensions: [KeptBulletList, HeldListItem, ListKeymap, KeptOrderedList],
  writers: { [BULLET_LIST_NODE]: writeList, [ORDERED_LIST_NODE]: writeList },
  drawsOwnColours: [BULLET_LIST_NODE, ORDERED_LIST_NODE],
  inserter: [
    { title: 'List', keywords: 'bulleted unordered bullet points', markup: newList('ul'), after: 'Heading 6', command: (chain) => chain.toggleBulletList() },
    { title: 'Numbered list', keywords: 'ordered list numbers', markup: newList('ol'), after: 'List', command: (chain) => chain.toggleOrderedList() },
  ],
  remembersReading: true,
};
