// The blocks defined each in one module (block-definition.ts): a line each here registers a
// block with the reader, the writer, the editor's schema and the inserter.
import type { AnyExtension, JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { rememberingReading, type AlignControls, type BlockDefinition, type BlockTransform, type CarriedShape, type ColourControls, type DefinedReader, type DefinedWriter, type InnerWriter, type InserterEntry, type MediaKind, type TextCut, type WrittenBlock } from './block-definition.ts';
import { HTML_READ_DEFINITIONS } from './html-read-blocks.ts';
import { nestsAs } from './block-nesting.ts';
import { colouredAs } from './container-colours.ts';
import { mathBlock } from './math-block.ts';
import { accordionBlock } from './accordion-block.ts';
import { tabsBlock } from './tabs-block.ts';
import { iconBlock } from './icon-block.ts';
import { spacerBlock } from './spacer-block.ts';
import { moreBlock } from './more-block.ts';
import { pageBreakBlock } from './page-break-block.ts';
import { htmlBlock } from './html-block.ts';
import { pullquoteBlock } from './pullquote-block.ts';
import { fileBlock } from './file-block.ts';
import { audioBlock } from './audio-block.ts';
import { videoBlock } from './video-block.ts';
import { embedBlock } from './embed-block.ts';
import { galleryBlock } from './gallery.ts';
import { coverBlock } from './cover-block.ts';
import { mediaTextBlock } from './media-text-block.ts';
import { detailsBlock } from './details-block.ts';
import { groupBlock } from './group-block.ts';
import { columnsBlock } from './columns-block.ts';
import { buttonsBlock } from './buttons-block.ts';
import { mediaPlaceholderBlock } from './media-placeholder.ts';
// Apart from its definition's line: the registry's lines each import one definition alone (tests/unit/rules-block-definitions.test.ts reads them).
import { placeholderNode } from './media-placeholder.ts';
import { DYNAMIC_TRANSFORMS } from './dynamic-transforms.ts';

/** The blocks whose nodes only they make (the built-in schema has those of html-read-blocks.ts), in the inserter's order. */
const OWN_SCHEMA_DEFINITIONS: readonly BlockDefinition[] = [galleryBlock, coverBlock, mediaTextBlock, pullquoteBlock, fileBlock, audioBlock, videoBlock, embedBlock, columnsBlock, groupBlock, buttonsBlock, detailsBlock, spacerBlock, moreBlock, pageBreakBlock, htmlBlock, mathBlock, accordionBlock, tabsBlock, iconBlock, mediaPlaceholderBlock];
export const DEFINITIONS: readonly BlockDefinition[] = [...HTML_READ_DEFINITIONS, ...OWN_SCHEMA_DEFINITIONS];

const OWN_READERS: Readonly<Record<string, DefinedReader>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.readers ?? {}));
/** Each block's own reader, then those other modules declare beside it (BlockDefinition.readsBeside). */
export const DEFINED_READERS: Readonly<Record<string, DefinedReader>> = DEFINITIONS.flatMap((definition) => Object.entries(definition.readsBeside ?? {})).reduce<Record<string, DefinedReader>>((all, [name, beside]) => {
  const own = all[name];
  all[name] = own ? (...read) => own(...read) ?? beside(...read) : beside;
  return all;
}, { ...OWN_READERS });
/** How the supports of each block carry a class and an anchor into it (carried-by-supports.ts). */
export const DEFINED_CARRIED: Readonly<Record<string, CarriedShape>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.carried ?? {}));
export const DEFINED_CONTAINERS: readonly string[] = DEFINITIONS.flatMap((definition) => definition.containers ?? []);
export const DEFINED_CAPTIONS: Readonly<Record<string, string>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.captioned ?? {}));
export const DEFINED_TEXT_BEFORE: Readonly<Record<string, (opening: string) => TextCut | null>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.textBefore ?? {}));
export const DEFINED_EXTENSIONS: readonly AnyExtension[] = [...OWN_SCHEMA_DEFINITIONS.flatMap((definition) => definition.extensions ?? []), rememberingReading('definedBlocksRead', OWN_SCHEMA_DEFINITIONS)];
export const DEFINED_INSERTER: readonly InserterEntry[] = DEFINITIONS.flatMap((definition) => definition.inserter ?? []);
/** The empty media blocks, by their markup (the block editor's save of one just inserted), each its placeholder's title (media-placeholder.ts). */
const EMPTY_MEDIA: ReadonlyMap<string, string> = new Map(DEFINED_INSERTER.flatMap((entry) => ('picked' in entry && !entry.picked.awaitsMedia ? [[entry.picked.empty, entry.title] as const] : [])));
/** An empty media block's markup with its comment's attributes left out when they are only its media item's id (a video media & text of no media is turned into keeps its `mediaId`). */
const withoutItemId = (source: string) => source.replace(/^(<!-- wp:[a-z][\w/-]*) \{"id":\d+\} -->/, '$1 -->');
/** A media block holding no media, as the block editor saves one just inserted (maybe naming an item), read as its placeholder; else null. */
export const emptyMediaNode = (source: string): JSONContent | null => {
  const markup = source.trim();
  const title = EMPTY_MEDIA.get(markup) ?? EMPTY_MEDIA.get(withoutItemId(markup));
  return title === undefined ? null : placeholderNode(title, markup);
};
/** The placeholders of rich blocks' pieces of text, by block name (BlockDefinition.placeholders). */
export const DEFINED_PLACEHOLDERS: Readonly<Record<string, readonly string[] | string>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.placeholders ?? {}));
/** The placeholders of text nodes' blocks, by node type (BlockDefinition.textPlaceholders). */
export const DEFINED_TEXT_PLACEHOLDERS: Readonly<Record<string, (node: PmNode, parent: PmNode | null) => string | null>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.textPlaceholders ?? {}));
export const DEFINED_MEDIA: Readonly<Record<string, MediaKind>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.media ?? {}));
/** The node types that draw their block's colours themselves (BlockDefinition.drawsOwnColours). */
export const OWN_COLOURS_DRAWN: ReadonlySet<string> = new Set(DEFINITIONS.flatMap((definition) => definition.drawsOwnColours ?? []));
/** The blocks whose padding is drawn inside their box (BlockDefinition.paddedInside). */
export const PADDED_INSIDE: ReadonlySet<string> = new Set(DEFINITIONS.flatMap((definition) => definition.paddedInside ?? []));
export const DEFINED_COLOURS: Readonly<Record<string, ColourControls>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.colours ?? {}));
/** The node types whose HTML held as read is never an older form (BlockDefinition.holdsCurrentFormOnly). */
export const CURRENT_FORM_HOLDERS: readonly string[] = DEFINITIONS.flatMap((definition) => (definition.holdsCurrentFormOnly ? Object.keys(definition.writers ?? {}) : []));
colouredAs(DEFINED_COLOURS);
export const DEFINED_ALIGNMENTS: Readonly<Record<string, AlignControls>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.alignments ?? {}));
nestsAs(Object.assign({}, ...DEFINITIONS.map((definition) => definition.nesting ?? {})));
/** The transforms every definition declares, and the dynamic blocks', by the name of the block they turn (`*`: any block). */
export const DEFINED_TRANSFORMS: Readonly<Record<string, readonly BlockTransform[]>> = [...DEFINITIONS.map((definition) => definition.transforms ?? {}), DYNAMIC_TRANSFORMS].reduce<Record<string, BlockTransform[]>>((all, declared) => {
  for (const [from, transforms] of Object.entries(declared)) all[from] = [...(all[from] ?? []), ...transforms];
  return all;
}, {});
const WRITERS: Readonly<Record<string, DefinedWriter>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.writers ?? {}));

/** How a defined block's node is written (the blocks it holds by `writeInner`), or null for a node no definition writes. */
export function definedBlockWritten(node: JSONContent, writeInner: InnerWriter): WrittenBlock | null {
  return Object.hasOwn(WRITERS, node.type ?? '') ? WRITERS[node.type ?? ''](node, writeInner) : null;
}

const DESCRIBED: Readonly<Record<string, (node: PmNode) => string>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.described ?? {}));

/** How a removal names a defined block's node to the writer, or null for a node no definition names. */
export function definedBlockDescribed(node: PmNode): string | null {
  return Object.hasOwn(DESCRIBED, node.type.name) ? DESCRIBED[node.type.name](node) : null;
}
