// The document as the list view shows it (ListView.tsx): its blocks in order, each with its depth
// (the blocks held in a group, a column, a quote, a list's items … one deeper), its name as the
// block editor names it, and its first words.
import type { Node as PmNode } from '@tiptap/pm/model';
import { DYNAMIC_BLOCKS } from '../blocks/dynamic-blocks.ts';
import { describeKeptMarkup, keptText } from '../blocks/kept-markup.ts';
import { holdsBlocks } from '../blocks/block-nesting.ts';
import { PREFORMATTED_NODE } from '../blocks/preformatted-block.ts';
import { LIST_ITEM_NODE } from '../blocks/list-block.ts';
import { HEADING_NODE } from '../blocks/heading-block.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';
import { MEDIA_PLACEHOLDER_NODE } from '../blocks/media-placeholder.ts';

/** A listed block: where it starts and ends, how deep it stands, whether blocks go in it, and how it reads. */
export interface OutlineEntry { position: number; end: number; depth: number; holds: boolean; title: string; words: string }

const TITLES: Readonly<Record<string, string>> = {
  paragraph: 'Paragraph', bulletList: 'List', listItem: 'List item', orderedList: 'List', blockquote: 'Quote', codeBlock: 'Code', imageBlock: 'Image', embed: 'Embed', horizontalRule: 'Separator',
  tableBlock: 'Table', classicBlock: 'Classic', footnotesBlock: 'Footnotes', spacer: 'Spacer', moreBlock: 'More', pageBreak: 'Page break', sourceBlock: 'Custom HTML',
};

/** A block's name as words: "core/text-columns" as "Text columns". */
const named = (name: string) => {
  const words = name.replace(/^core\//, '').replace(/[-/]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A block's name as the block editor shows it (the list view's, and the block toolbar's for a selected block). */
export function titleOf(node: PmNode): string {
  const { name } = node.type;
  if (name === HEADING_NODE) return `Heading ${String(node.attrs.level)}`;
  if (name === PREFORMATTED_NODE) return node.attrs.variant === 'verse' ? 'Verse' : 'Preformatted';
  // A media block awaiting its media is named as the inserter names it ("Cover").
  if (name === MEDIA_PLACEHOLDER_NODE) return String(node.attrs.title);
  if (name === 'unknownBlock') return named(describeKeptMarkup(String(node.attrs.markup)).replace(/ block$/, ''));
  if (typeof node.attrs.name === 'string' && node.attrs.name) return DYNAMIC_BLOCKS[node.attrs.name]?.title ?? named(node.attrs.name);
  return TITLES[name] ?? named(name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
}

const MOST_WORDS = 8;

/** The first words of a block's text (a kept block's as the site shows it), shortened. */
function firstWords(node: PmNode): string {
  const own = node.type.name === LIST_ITEM_NODE ? node.firstChild : node;
  const text = node.type.name === 'unknownBlock' ? keptText(String(node.attrs.markup)) : (own?.textBetween(0, own.content.size, ' ', ' ') ?? '');
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > MOST_WORDS ? `${words.slice(0, MOST_WORDS).join(' ')}…` : words.join(' ');
}

/** A list item's own line is its text, no block of its own. */
const isListedBlock = (parent: PmNode, child: PmNode) =>
  child.type.name === LIST_ITEM_NODE || (child.isBlock && child.type.isInGroup('block') && !(parent.type.name === LIST_ITEM_NODE && child.type.name === PARAGRAPH_NODE));

/** The document's blocks in order, outermost first, the empty line the document ends with left out. */
export function documentOutline(doc: PmNode): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const visit = (parent: PmNode, start: number, depth: number) => {
    parent.forEach((child, offset) => {
      const position = start + offset;
      if (!isListedBlock(parent, child)) return;
      entries.push({ position, end: position + child.nodeSize, depth, holds: holdsBlocks(child), title: titleOf(child), words: firstWords(child) });
      if (holdsBlocks(child)) visit(child, position + 1, depth + 1);
    });
  };
  visit(doc, 0, 1);
  const last = doc.lastChild;
  if (last?.type.name === PARAGRAPH_NODE && last.content.size === 0) entries.pop();
  return entries;
}
