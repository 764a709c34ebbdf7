// A parsed block as an editor node, only when the node holds everything the block says.
// Null tells the caller to keep the block as written.
import type { JSONContent } from '@tiptap/core';
import { HTML_READING, htmlBody, richTextContent } from './html-nodes.ts';
import { readsBackWith, withSource } from './block-source.ts';
import { PARAGRAPH_NAME } from './paragraph-block.ts';
import { keptMarkup } from './kept-markup.ts';
import { BLOCK_SPACING, nodeMarkup } from './serialize-blocks.ts';
import { currentForm, currentFormInContainer } from './older-forms.ts';
import type { Migration } from './older-inner-blocks.ts';
import { equivalentForm, innerSources } from './equivalent-form.ts';
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { readRichBlock } from './rich-blocks.ts';
import { DYNAMIC_BLOCKS, readDynamicBlock } from './dynamic-blocks.ts';
import type { InnerReader } from './block-definition.ts';
import { emptyMediaNode, CURRENT_FORM_HOLDERS, DEFINED_CAPTIONS, DEFINED_CONTAINERS, DEFINED_READERS, DEFINED_TEXT_BEFORE } from './defined-blocks.ts';
import { standsEmpty } from './block-nesting.ts';
import { emptyContainerCut } from './empty-container.ts';

/** Reads a block into a node; `source` is the block's exact markup, for blocks holding blocks. */
type BlockReader = (block: ParsedBlock, source: string) => JSONContent | null;

/** Blocks whose own HTML follows from their attributes alone, around inner blocks the writer edits. */
const CONTAINERS = ['core/social-links', ...DEFINED_CONTAINERS];

/** A piece of rich text in a container's own HTML (a details block's summary, a gallery's caption). */
function richPart(open: string, content: JSONContent[], close: string, optional: boolean, type = 'richPart'): JSONContent {
  return { type, attrs: { open, close, optional }, ...(content.length > 0 ? { content } : {}) };
}

/** A captioned figure's closing HTML as its caption's rich text (empty when it has none) and what closes the figure after it, or null. */
function figureCaption(last: string, open: string): { content: JSONContent[]; closing: string } | null {
  const captioned = last.startsWith(open) ? /^([\s\S]*)<\/figcaption>(<\/figure>\s*)$/.exec(last.slice(open.length)) : null;
  const content = captioned ? richTextContent(captioned[1]) : /^<\/figure>\s*$/.test(last) ? richTextContent('') : null;
  return content ? { content, closing: captioned ? captioned[2] : last } : null;
}

/**
 * The one piece of HTML of a container left empty, where the block editor keeps one (a group, a
 * column, details, a cover, media & text), as its opening and its closing: the end tags after its
 * last start tag, which is its own element or the part holding its blocks (a cover's inner
 * container, media & text's content), or, where its own text stands before its blocks (a details
 * summary), its last end tag. Null for any other block.
 */
function emptyContainerPieces(block: ParsedBlock, textFirst: boolean): [string, string] | null {
  const [only, ...rest] = block.innerContent;
  const name = block.blockName ?? '';
  if (block.innerBlocks.length > 0 || rest.length > 0 || typeof only !== 'string' || !standsEmpty(name)) return null;
  if (!textFirst) return emptyContainerCut(only, name);
  const split = /^([\s\S]*)(<\/[a-z][\w-]*>\s*)$/i.exec(only);
  return split ? [split[1], split[2]] : null;
}

/**
 * A block holding blocks, when its own HTML is an opening and a closing around its inner blocks
 * with only spacing between them, and shows no words of its own (they would not be seen).
 */
function readContainer(block: ParsedBlock, source: string): JSONContent | null {
  // Rich text before its inner blocks (a details block's summary), as its definition cuts it.
  const cutBefore = Object.hasOwn(DEFINED_TEXT_BEFORE, block.blockName ?? '') ? DEFINED_TEXT_BEFORE[block.blockName ?? ''] : null;
  const emptied = emptyContainerPieces(block, cutBefore !== null);
  const pieces = emptied ?? block.innerContent;
  const before = cutBefore ? cutBefore(pieces[0] ?? '') : null;
  const beforeContent = before ? richTextContent(before.text) : null;
  if (cutBefore && !beforeContent) return null;
  const opening = before ? before.held : pieces[0];
  // A captioned figure's caption (rich text, a gallery's) stands after its blocks; one is offered when it has none.
  const captionOpen = Object.hasOwn(DEFINED_CAPTIONS, block.blockName ?? '') ? DEFINED_CAPTIONS[block.blockName ?? ''] : null;
  const caption = captionOpen === null ? null : figureCaption(pieces[pieces.length - 1] ?? '', captionOpen);
  if (captionOpen !== null && !caption) return null;
  const closing = caption ? caption.closing : pieces[pieces.length - 1];
  const between = pieces.slice(1, -1);
  const inner = innerSources(block, source);
  if (typeof opening !== 'string' || typeof closing !== 'string' || !inner || (inner.length === 0 && !emptied)) return null;
  // Inner blocks (null) alternate with spacing: [block, spacing, block, ..., block].
  if (!between.every((piece, index) => (index % 2 === 0 ? piece === null : typeof piece === 'string' && piece.trim() === '')) || between.length !== Math.max(0, inner.length * 2 - 1)) return null;
  if (htmlBody(opening + closing).textContent?.trim() !== '') return null;
  const content = block.innerBlocks.map((innerBlock, index) => sourcedNode(innerBlock, inner[index], currentFormInContainer));
  if (before && beforeContent) content.unshift(richPart(before.open, beforeContent, before.close, false));
  if (caption && captionOpen !== null) content.push(richPart(captionOpen, caption.content, '</figcaption>', true, 'captionPart'));
  // The line breaks around the block's HTML are the block comments', written with them.
  const spacing = between.filter((piece): piece is string => typeof piece === 'string');
  const attrs = { name: block.blockName, blockAttributes: block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null, opening: opening.trimStart(), closing: closing.trimEnd(), spacing: spacing.every((piece) => piece === BLOCK_SPACING) ? null : spacing };
  return { type: 'blockContainer', attrs, content };
}

/** Reads a block's inner blocks, each with its markup cut from the block's (cut once, when one is read). */
function innerReader(block: ParsedBlock, source: string): InnerReader {
  let sources: string[] | null | undefined;
  return (inner) => {
    sources ??= innerSources(block, source);
    return blockToNode(inner, sources?.[block.innerBlocks.indexOf(inner)] ?? '');
  };
}

const READERS: Readonly<Record<string, BlockReader>> = {
  ...Object.fromEntries(CONTAINERS.map((name) => [name, readContainer])),
  ...Object.fromEntries(Object.keys(DYNAMIC_BLOCKS).map((name) => [name, readDynamicBlock])),
  // A block both read by its definition and a container (a list item outside a list) is read as a container where its reader does not read it.
  ...Object.fromEntries(Object.entries(DEFINED_READERS).map(([name, read]): [string, BlockReader] => [name, (block, source) => read(block, source, HTML_READING, innerReader(block, source)) ?? (CONTAINERS.includes(name) ? readContainer(block, source) : null)])),
  'core/text-columns': (block) => readRichBlock(block, HTML_READING),
};

export function blockToNode(block: ParsedBlock, source: string): JSONContent | null {
  const name = block.blockName ?? '';
  return Object.hasOwn(READERS, name) ? READERS[name](block, source) : null;
}

/** `markup` read by `read` when it is one block, else null. */
function readAsBlock(markup: string | null, read: BlockReader): JSONContent | null {
  const pieces = markup === null ? [] : splitBlocks(markup);
  return pieces.length === 1 && pieces[0].kind === 'block' ? read(pieces[0].block, pieces[0].source) : null;
}

/** A block in an older form, read as the block the block editor migrates it to (older-forms.ts), or null. */
const migratedNode = (block: ParsedBlock, source: string, migrate: Migration = currentForm) => readAsBlock(migrate(block, source), blockToNode);

/**
 * Whether the node or one inside it holds a figure as read that may be an older form. Not one a
 * definition holds only in its current form (an embed's: it is read only with the caption's current
 * class, the one thing its older forms differ in).
 */
const holdsFigure = (node: JSONContent): boolean => (!CURRENT_FORM_HOLDERS.includes(node.type ?? '') && typeof node.attrs?.heldHtml === 'string') || (node.content ?? []).some(holdsFigure);

/**
 * A block of its own HTML alone in an older form, written with formatting the block editor does not see: read as
 * the block its unformatted form migrates to, or null. (A container's migration keeps its inner blocks as written.)
 */
const formattedMigration = (block: ParsedBlock, source: string, migrate: Migration = currentForm) =>
  block.innerBlocks.length > 0 ? null : readAsBlock(equivalentForm(block, source), (equivalent, its) => migratedNode(equivalent, its, migrate));

/**
 * A block written with formatting the block editor does not see, which the editor does not read as
 * it stands: read as the same block without it (equivalent-form.ts), or null. Not with a figure held as read: whether that figure is the block
 * editor's current form or an older one is not known here (its edit would write it back as it is).
 */
function formattedNode(block: ParsedBlock, source: string): JSONContent | null {
  const node = readAsBlock(equivalentForm(block, source), (equivalent, its) => migratedNode(equivalent, its) ?? blockToNode(equivalent, its));
  return node && !holdsFigure(node) ? node : null;
}

/**
 * A block read from its exact markup: a node remembering that source, or the markup kept as it is.
 * An older form read as its current block still writes its source until it is edited (also one the
 * editor could read as it stands: its first edit saves the current form, as the block editor's does),
 * and so does one read without the formatting the block editor does not see. `migrate`: the
 * migrations for where it stands (a block in a container kept as written has fewer).
 */
export function sourcedNode(block: ParsedBlock, source: string, migrate: Migration = currentForm): JSONContent {
  const node = emptyMediaNode(source) ?? migratedNode(block, source, migrate) ?? formattedMigration(block, source, migrate) ?? blockToNode(block, source) ?? formattedNode(block, source);
  return node ? withSource(node, source, nodeMarkup(node)) : keptMarkup(source);
}

/** The markup the editor writes for one block read from `source`, or null when it is not one block the editor models. */
readsBackWith('block', (source, read) => {
  const pieces = splitBlocks(source);
  const block = pieces.length === 1 && pieces[0].kind === 'block' ? pieces[0].block : null;
  // A paragraph aligned by its class was migrated where it stood alone: kept as written (in a container kept so), the node holds the attributes it was read with.
  const keptAsRead = block?.blockName === PARAGRAPH_NAME && JSON.stringify(read.attrs?.blockAttributes ?? {}) === JSON.stringify(block.attrs ?? {});
  const migrate = keptAsRead ? currentFormInContainer : currentForm;
  // An edited block in an older form is not patched: its edit writes the current form (as does a formatted one the editor reads only without its formatting).
  const node = block && migrate(block, source) === null && formattedMigration(block, source, migrate) === null ? blockToNode(block, source) : null;
  return node && nodeMarkup(node);
});
