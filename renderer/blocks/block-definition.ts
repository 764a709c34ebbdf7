// One definition per block (issue 29): everything the editor knows of a block type in the one
// module that defines it — the editor nodes it adds (with their node views and controls), how
// its markup is read into them, how they are written, and its entries in the inserter. A new
// block is its module plus its line in defined-blocks.ts; the reader, the writer, the schema
// and the inserter each take every definition from there.
import { Extension, type AnyExtension, type ChainedCommands, type JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { SOURCE_ATTRIBUTES } from './block-source.ts';
import { LAYOUT_ATTRIBUTES } from './document-layout.ts';
import type { MediaItem, PaletteColour } from '../../shared/site-types.ts';
import type { ElementRules } from './html-rules.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';

/**
 * How a reader reads HTML into the editor's nodes (html-nodes.ts), handed to it: the schema that
 * does it holds the nodes of the blocks classic HTML is read into (html-read-blocks.ts), so such a
 * block's module importing it would import itself round in a circle.
 */
export interface HtmlReading {
  /** The one node of `type` that `html` makes, or null when it holds anything the rules do not allow or makes anything else; `prepare` marks what the rules then allow. */
  onlyNode(html: string, rules: ElementRules, type: string, prepare?: (body: Element) => void): JSONContent | null;
  /** The body of an HTML document holding `html`, for reading with the DOM. */
  body(html: string): HTMLElement;
  /** Rich text as the editor holds it (by `rules`, a paragraph's unless told; `prepare` marks in the words what they then allow), or null when it holds anything the editor would lose. */
  richText(html: string, rules?: ElementRules, prepare?: (body: Element) => void): JSONContent[] | null;
}

/**
 * A block held in the one read (a quote's paragraphs), read as any block is from its own markup (a
 * block holding blocks is read from it), or null when the editor keeps it as written; handed to a
 * reader, as the reader of every block imports the definitions.
 */
export type InnerReader = (inner: ParsedBlock) => JSONContent | null;

/** Reads a block into a node, or null to keep it as written; `source` is the block's exact markup. */
export type DefinedReader = (block: ParsedBlock, source: string, html: HtmlReading, readInner: InnerReader) => JSONContent | null;

/** A block as the writer writes it: its comment's attributes and its own HTML (none: a self-closing comment, unless `closed`). */
export interface WrittenBlock { name: string; attributes: Record<string, unknown>; html: string; closed?: boolean }

/** The markup of the blocks a node holds, spaced as the block serializer spaces them; handed to a writer, as the writer of every block imports the definitions. */
export type InnerWriter = (nodes: JSONContent[]) => string;

/** Writes a node as its block. */
export type DefinedWriter = (node: JSONContent, writeInner: InnerWriter) => WrittenBlock;

/**
 * The block as the inserter offers it: `after`, the title of the entry it follows, or `first` to stand
 * first (the paragraph), else it stands with the other defined blocks; and how it is made: its `markup`, what the block editor saves for
 * a new one, put in place of the caret's empty paragraph, or made by its `command` at the caret
 * instead (a block of text turns that paragraph into itself, as the block editor does); or its
 * markup at the size the inserter asks first (`sized`: a table's rows, columns and header row), or
 * around a file of its kind chosen in its placeholder (`picked`: PickedEntry; with `several`, further
 * images picked go into it until the writer is done: a gallery's; with `judgesImageColour`, made
 * over white at once and its markup made again over the image's average colour once read: a
 * cover's), or its node around an address asked first (`addressed`: an embed's).
 */
export type InserterEntry = { title: string; keywords: string; after?: string; first?: true } & (
  | { markup: string; command?: (chain: ChainedCommands) => ChainedCommands }
  | { sized: (rows: number, columns: number, headerRow: boolean) => string }
  | { picked: PickedEntry }
  | { addressed: (url: string) => JSONContent }
);

/**
 * A media block the inserter puts in empty, as the block editor does: its `empty` markup (what the
 * block editor saves for one just inserted) is shown as its placeholder (media-placeholder.ts),
 * where a file of its kind (`media`, or any of `kinds`: a cover's image or video) is uploaded,
 * picked from the library or dropped, and `markup` makes the block around it (`several`: a
 * gallery's, around every image at once); `fromUrl`: the block made around an address typed, where
 * the block editor's placeholder offers "Insert from URL"; `embeds`: when an address one of the
 * embed block's providers knows makes that embed instead (its onSelectURL's createUpgradedEmbedBlock:
 * at once for audio and video, once the address fails to load as an image for an image), and the
 * address as the block takes it (https put before one typed without its protocol, where it does).
 */
export interface PickedEntry {
  media: MediaKind;
  kinds?: readonly MediaKind[];
  markup: (item: MediaItem) => string;
  empty: string;
  several?: (items: readonly MediaItem[]) => string;
  judgesImageColour?: boolean;
  fromUrl?: (url: string) => string;
  /** A cover's: the block made of a palette colour picked among the swatches its placeholder shows, as the block editor's cover placeholder offers them. */
  fromColour?: (colour: PaletteColour) => string;
  /** A cover's: its placeholder offers "Use featured image" (a cover showing the post's featured image: cover-featured.ts), as the block editor's cover placeholder does. */
  offersFeaturedImage?: boolean;
  embeds?: { when: 'at once' | 'unless an image'; address: (url: string) => string };
  /**
   * Media & text's: its empty block is read as the block itself (its blocks written at once, as in
   * the block editor), its placeholder shown in its figure while `awaitsMedia` (its block's name and
   * held opening HTML), and the media chosen put in that figure as its Replace puts it.
   */
  awaitsMedia?: (name: string, opening: string) => boolean;
}

/** What a media block shows: 'file' takes any file. */
export type MediaKind = 'image' | 'video' | 'audio' | 'file';

/**
 * A block's colour controls in its toolbar: its title there, and whether it takes a text colour (else
 * a background only); `onText`: its colours are written on its rich text's own element (a button's
 * link), not its block's; `plainText`: the colour of its words on a background when it sets none
 * (a button's white), else the page's.
 */
export interface ColourControls { title: string; text: boolean; onText?: boolean; plainText?: string; /** Whether it takes a link colour (its block type's `supports.color.link`). */ link?: boolean }

/** A block's own alignment in its toolbar: its title there, and the alignments its block type declares (`supports.align`). */
export interface AlignControls { title: string; options: readonly string[] }

/** A rule of where blocks stand, as the block editor's (its block types' `parent`, their inner blocks' `allowedBlocks`): the block names it allows, and why in the writer's words. */
export interface NestingRule { names: readonly string[]; why: string }

/** Where a block stands: only in these parents (`onlyIn`), holding only these blocks (`holdsOnly`), maybe left empty (`standsEmpty`). */
export interface Nesting {
  onlyIn?: NestingRule;
  holdsOnly?: NestingRule;
  /** Kept when its last block leaves: the block editor shows an empty place to add one. */
  standsEmpty?: boolean;
  /** The blocks, as saved, the block editor fills it with while it holds none (its block type's `template`, e.g. media & text's empty paragraph). */
  template?: string;
}

/** Rich text cut from a block container's own HTML: the HTML held, and the text's element (`open`, `close`) around its rich text's HTML. */
export interface TextCut { held: string; open: string; text: string; close: string }

/**
 * A transform the block editor offers from one block to another (a `transforms.to` or `.from` of its block
 * types, type 'block'): the block's name and title it makes, and `make`: the markup the block editor saves
 * for what it makes of `block` (`source`: that block's markup as the editor writes it now), or null where
 * the block editor does not offer it for this block or the editor cannot yet make it exactly.
 */
export interface BlockTransform {
  to: string;
  title: string;
  make(block: ParsedBlock, source: string): string | null;
  /** What it makes of several blocks selected at once (the block editor's `isMultiBlock` transforms), each with its markup; none: one block at a time only. */
  several?(blocks: readonly WrittenSource[]): string | null;
  /** Whether the block editor's transform hands the block's anchor on to the block it makes (carried-by-supports.ts writes it). */
  carriesAnchor?: boolean;
}

/** A block as read with its markup as the editor writes it now. */
export interface WrittenSource { block: ParsedBlock; source: string }

export interface BlockDefinition {
  /** Readers by block name (the block and its inner blocks that have a node of their own). */
  readers?: Readonly<Record<string, DefinedReader>>;
  /** Blocks read as a `blockContainer`: their own HTML held around the blocks they hold. */
  containers?: readonly string[];
  /**
   * Containers, by name, that are a figure whose caption (rich text, a `captionPart`) stands after
   * their blocks, with the caption's opening tag: one is offered when it has none (a gallery's).
   */
  captioned?: Readonly<Record<string, string>>;
  /**
   * Those of its containers whose own HTML shows rich text before their blocks (a details block's
   * summary), by block name: their opening cut into the HTML held and that text, or null to keep the
   * container as written (any other container whose own HTML shows words is kept as written).
   */
  textBefore?: Readonly<Record<string, (opening: string) => TextCut | null>>;
  /** The editor nodes (and plugins) the block adds. */
  extensions?: readonly AnyExtension[];
  /** Writers by node type, for the nodes the block adds. */
  writers?: Readonly<Record<string, DefinedWriter>>;
  inserter?: readonly InserterEntry[];
  /** The transforms it declares, by the name of the block they turn (`*`: any block): each in the module of one of its two blocks, mostly the one whose `transforms` the block editor declares it on. */
  transforms?: Readonly<Record<string, readonly BlockTransform[]>>;
  /** The placeholders a rich block's pieces of text show while empty (rich-blocks.ts), by block name, in the pieces' order, as the block editor's edit shows them (a file's "Write file name…"); one for every piece of a block of any number of them (a tab list's "Tab title"). */
  placeholders?: Readonly<Record<string, readonly string[] | string>>;
  /** The placeholder an empty one of the text nodes it adds shows (maybe by the node holding it: a table cell by its row's section), by node type, or the first text in one of its nodes (a list item's paragraph), as the block editor's edit shows its block's (a heading's "Heading", verse's "Write poetry…", a list item's "List"): drawn only, never saved; a block's own `placeholder` attribute wins. */
  textPlaceholders?: Readonly<Record<string, (node: PmNode, parent: PmNode | null) => string | null>>;
  /** The blocks, by name, whose file is replaced from the media library (media-blocks.ts), with what they show. */
  media?: Readonly<Record<string, MediaKind>>;
  /** The node types it adds that draw their block's colours themselves (a block of text's element holds its colour's class and style as saved); any other node's are drawn for it (renderer/editor/block-colours-drawn.ts). */
  drawsOwnColours?: readonly string[];
  /** The blocks, by name, whose save writes their padding on elements inside their box (their support's skipped serialization: a button's link), where the editor draws it too (renderer/editor/block-box-style-drawn.ts). */
  paddedInside?: readonly string[];
  /** The blocks, by name, that take colours from the block's toolbar (renderer/editor/block-colours.ts). */
  colours?: Readonly<Record<string, ColourControls>>;
  /** The blocks, by name, aligned from the block's toolbar (renderer/editor/block-settings.ts). */
  alignments?: Readonly<Record<string, AlignControls>>;
  /** Where its blocks, by name, may stand and what they may hold (block-nesting.ts), as the block editor's rules say. */
  nesting?: Readonly<Record<string, Nesting>>;
  /** How a removal names its nodes to the writer, by node type (else by the type's own name). */
  described?: Readonly<Record<string, (node: PmNode) => string>>;
  /**
   * Whether the nodes it writes remember the block they were read from, so an untouched block is
   * written byte for byte (block-source.ts), and the spacing before it (document-layout.ts).
   */
  remembersReading?: boolean;
  /**
   * Readers of another module's blocks, by block name, tried where that block's own reader reads null (a code
   * block holding an image, which the code block's node cannot hold, read as preformatted text's node).
   */
  readsBeside?: Readonly<Record<string, DefinedReader>>;
  /** How the block editor's supports carry a class and an anchor into its blocks a transform makes, by block name (carried-by-supports.ts). */
  carried?: Readonly<Record<string, CarriedShape>>;
  /**
   * Whether its nodes hold HTML as read (`heldHtml`) only in the block's current form, so one written
   * with formatting the block editor does not see is read without it (block-to-node.ts: formattedNode).
   */
  holdsCurrentFormOnly?: boolean;
}

/** A block's supports as a transform's carrying meets them: no custom class name (`customClassName: false`), or its save writing the anchor's `id` before its class. */
export interface CarriedShape {
  classless?: true;
  idBeforeClass?: true;
}

/** A new block's markup as the inserter makes it: its comment (`name` without `core/`, maybe attributes) around its HTML. */
export const newBlockMarkup = (name: string, html: string, attributes?: Record<string, unknown>) =>
  `<!-- wp:${name}${attributes ? ` ${JSON.stringify(attributes)}` : ''} -->\n${html}\n<!-- /wp:${name} -->`;

/** A block as the block serializer writes one made from attributes (a transform's): its comment (the block's name, `core/` left out, the attributes escaped as it escapes them) around its HTML. */
export const madeBlockMarkup = (name: string, attributes: Record<string, unknown>, html: string) => {
  const written = name.replace(/^core\//, '');
  return `<!-- wp:${written}${Object.keys(attributes).length > 0 ? ` ${serializeBlockAttributes(attributes)}` : ''} -->\n${html}\n<!-- /wp:${written} -->`;
};

/** Blocks made one after another, spaced as the block serializer spaces them. */
export const madeBlocks = (blocks: readonly string[]) => blocks.join('\n\n');

/** The attributes in the order the block type declares them, those without a value left out. */
export function inDeclaredOrder(attributes: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(order.filter((name) => attributes[name] !== undefined).map((name) => [name, attributes[name]]));
}

/** A block's comment attributes as read (none: an empty set). */
export const attributesOf = (block: ParsedBlock): Record<string, unknown> => block.attrs ?? {};

/** A block holding no blocks as read (an inner block of one a transform turns), written back as the block serializer writes it. */
export const leafMarkup = (block: ParsedBlock) => {
  const name = String(block.blockName).replace(/^core\//, '');
  const comment = `wp:${name}${Object.keys(attributesOf(block)).length > 0 ? ` ${serializeBlockAttributes(attributesOf(block))}` : ''}`;
  return block.innerHTML === '' ? `<!-- ${comment} /-->` : `<!-- ${comment} -->${block.innerHTML}<!-- /wp:${name} -->`;
};

/**
 * Whether `written` is exactly `block` as the block serializer writes it and the parser reads it
 * back (its name, attributes and HTML): a block whose markup follows from a few attributes is read
 * only then, so any attribute, class or element its node does not hold keeps it as written.
 */
export function writesBackExactly(block: ParsedBlock, written: WrittenBlock): boolean {
  const html = written.html === '' && !written.closed ? '' : `\n${written.html}\n`;
  return block.innerBlocks.length === 0 && written.name === block.blockName && JSON.stringify(written.attributes) === JSON.stringify(block.attrs) && html === block.innerHTML;
}

/** The attributes by which the nodes of the definitions that ask for it remember how they were read (BlockDefinition.remembersReading). */
export function rememberingReading(name: string, definitions: readonly BlockDefinition[]): AnyExtension {
  const types = definitions.flatMap((definition) => (definition.remembersReading ? Object.keys(definition.writers ?? {}) : []));
  return Extension.create({
    name,
    addGlobalAttributes() {
      return [{ types, attributes: { ...SOURCE_ATTRIBUTES, ...LAYOUT_ATTRIBUTES } }];
    },
  });
}
