// The query loop's older forms (issue 29), migrated as the block library's deprecations of
// core/query migrate them (its deprecated.js, applied as @wordpress/blocks applies them): the
// first form without an element of its own (its layout a `layout` attribute), the forms whose
// items were laid out by `displayLayout` (now the post template's layout: flex → grid, columns →
// columnCount), coloured by the block itself (now a group inside it holding its blocks), laid out
// by `inherit`/`contentSize` (now a constrained layout), and filtered by categoryIds/tagIds or a
// taxQuery of taxonomies (now taxQuery.include). The block editor tries each deprecation in turn:
// one whose save writes the HTML read migrates it, from the attributes it declares (with its own
// defaults), and once one has, a later one only where it says the read attributes are its own
// (`eligible`). tests/unit/older-forms.test.ts holds each to the block editor's own migration.
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { BLOCK_SPACING, blockMarkup } from './serialize-blocks.ts';
import { innerSources } from './equivalent-form.ts';
import { inDeclaredOrder } from './older-form-parts.ts';
import { withInnerBlocksAsSaved, type Migration } from './older-inner-blocks.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';
import { DEFAULT_QUERY, DYNAMIC_BLOCKS, writtenAttributes } from './dynamic-blocks.ts';
import { GROUP_ATTRIBUTES, currentGroup } from './older-group.ts';
import { withColoursReplaced } from './text-colours.ts';

type Attributes = Record<string, unknown>;

/** The query of the first forms (categories and tags as ids of their own). */
const FIRST_QUERY = { perPage: null, pages: 0, offset: 0, postType: 'post', categoryIds: [], tagIds: [], order: 'desc', orderBy: 'date', author: '', search: '', exclude: [], sticky: '', inherit: true };
const without = (query: Attributes, name: string) => Object.fromEntries(Object.entries(query).filter(([key]) => key !== name));
/** The query of the forms before `excludeCurrent`, and before `format`. */
const FORMAT_QUERY = without(DEFAULT_QUERY, 'excludeCurrent');
const TAX_QUERY = without(FORMAT_QUERY, 'format');
const LIST = { type: 'list' };
const COLOURS = ['backgroundColor', 'textColor', 'gradient', 'style'];

interface Version {
  /** The attributes the deprecation declares, its supports' included, with their defaults (undefined: none). */
  declared: Readonly<Attributes>;
  /** Whether its save writes an element of its own (the first wrote its blocks alone) and the colour classes. */
  element: boolean;
  coloured: boolean;
  /** Whether the block editor applies it to a block another deprecation (or its current save) read: by the attributes read. */
  eligible(read: Attributes): boolean;
  migrate(attributes: Attributes, inner: string[]): [Attributes, string[]] | null;
}

const supported = (names: string[]) => Object.fromEntries(names.map((name) => [name, undefined]));
const isObject = (value: unknown): value is Attributes => typeof value === 'object' && value !== null && !Array.isArray(value);
const queryOf = (attributes: Attributes): Attributes => (isObject(attributes.query) ? attributes.query : {});

/** Categories and tags by id, or a taxQuery naming taxonomies, as the taxQuery's `include`. */
function migrateToTaxQuery(attributes: Attributes): Attributes {
  const { categoryIds, tagIds, taxQuery, ...query } = queryOf(attributes);
  const ids = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value : undefined);
  if (ids(categoryIds) || ids(tagIds)) query.taxQuery = { include: { category: ids(categoryIds), post_tag: ids(tagIds) } };
  if (isObject(taxQuery) && Object.keys(taxQuery).length > 0) query.taxQuery = { include: taxQuery };
  return { ...attributes, query };
}

/** A new group holding the blocks, of the colours given it, as the group's save writes it: its element (its class, its colours) around them. */
function groupMarkup(attributes: Attributes, inner: string[]): string {
  const { classes, declarations } = colourSupport(attributes);
  return blockMarkup('core/group', inDeclaredOrder(attributes, GROUP_ATTRIBUTES), `${openingTag({ tag: 'div', classes: ['wp-block-group', ...classes], declarations })}${inner.join(BLOCK_SPACING)}</div>`);
}

/** A group's markup: its opening comment, its element's opening tag, the rest (its blocks, its end tag) as read. */
const GROUP_SOURCE = /^<!-- wp:group(?: \{[\s\S]*?\})? -->\n(<[a-z][a-z0-9]*(?: [a-z-]+="[^"]*")*>)([\s\S]*)\n<!-- \/wp:group -->$/;

/**
 * The one group the query holds in its current form (its attributes, its element's opening tag, the
 * rest of its HTML as read); undefined when the query holds other blocks; null for a group in an
 * older form (older-group.ts) or of attributes the group does not declare.
 */
function heldGroup(inner: string[]): { attributes: Attributes; tag: string; rest: string } | null | undefined {
  const pieces = inner.length === 1 ? splitBlocks(inner[0]) : [];
  const group = pieces.length === 1 && pieces[0].kind === 'block' && pieces[0].block.blockName === 'core/group' ? pieces[0] : null;
  if (!group) return undefined;
  const attributes = group.block.attrs ?? {};
  const html = GROUP_SOURCE.exec(group.source.trim());
  if (!html || !Object.keys(attributes).every((name) => GROUP_ATTRIBUTES.includes(name)) || currentGroup(group.block, group.source) !== null) return null;
  return { attributes, tag: html[1], rest: html[2] };
}

/** The value without undefined members and emptied objects (the block editor's cleanEmptyObject); undefined when nothing is left. */
function cleanEmpty(value: unknown): unknown {
  if (!isObject(value)) return value;
  const kept = Object.entries(value).flatMap(([key, member]) => {
    const cleaned = cleanEmpty(member);
    return cleaned === undefined ? [] : [[key, cleaned]];
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

const elementsOf = (style: Attributes): Attributes => (isObject(style.elements) ? style.elements : {});
/** The link colour a block's style names, if any. */
const linkColour = (attributes: Attributes) => (isObject(attributes.style) && isObject(elementsOf(attributes.style).link) ? (elementsOf(attributes.style).link as Attributes).color : undefined);

/**
 * The block's colours (named, custom and its links') given to a group holding its blocks, or to
 * the one group it holds (its settings kept, its colours replaced), as the block library's
 * migrateColors gives them: the block keeps the rest of its style. A group in an older form
 * (heldGroup): not migrated here.
 */
function migrateColours(attributes: Attributes, inner: string[]): [Attributes, string[]] | null {
  const { backgroundColor, gradient, textColor, style, ...rest } = attributes;
  const styled = isObject(style) ? style : {};
  const link = elementsOf(styled).link;
  if (!backgroundColor && !gradient && !textColor && !styled.color && !link) return [attributes, inner];
  const held = heldGroup(inner);
  if (held === null || (style !== undefined && !isObject(style))) return null;
  const kept = style === undefined ? undefined : cleanEmpty({ ...styled, color: undefined, elements: { ...elementsOf(styled), link: undefined } });
  const colour = isObject(styled.color) ? styled.color : undefined;
  // The group held keeps its settings, its colours replaced by the block's (its style's other members kept).
  const heldStyle = held && isObject(held.attributes.style) ? held.attributes.style : {};
  const groupStyle = cleanEmpty({ ...heldStyle, color: colour, elements: link ? { link } : undefined });
  const group = { ...(held?.attributes ?? {}), backgroundColor, gradient, textColor, style: groupStyle };
  // The group held keeps its element as read (its other settings' classes and declarations), its colours replaced.
  const written = held ? blockMarkup('core/group', inDeclaredOrder(group, GROUP_ATTRIBUTES), `${withColoursReplaced(held.tag, held.attributes, group)}${held.rest}`) : groupMarkup(group, inner);
  return [{ ...rest, ...(kept === undefined ? {} : { style: kept }) }, [written]];
}

function migrateToConstrainedLayout(attributes: Attributes): Attributes {
  if (!isObject(attributes.layout)) return attributes;
  const { inherit = null, contentSize = null, ...layout } = attributes.layout;
  return inherit || contentSize ? { ...attributes, layout: { ...layout, contentSize, type: 'constrained' } } : attributes;
}

const POST_TEMPLATE = /<!-- wp:post-template(?: (\{[\s\S]*?\}))? (\/?)-->/g;

/** The post template's layout from `displayLayout` (flex: a grid of its columns); null where the blocks hold more than one post template. */
function migrateDisplayLayout(attributes: Attributes, inner: string[]): [Attributes, string[]] | null {
  const { displayLayout = null, ...rest } = attributes;
  const found = inner.join(BLOCK_SPACING).match(POST_TEMPLATE) ?? [];
  if (!isObject(displayLayout) || found.length === 0) return [attributes, inner];
  if (found.length > 1) return null;
  const layout = { type: displayLayout.type === 'flex' ? 'grid' : 'default', ...(displayLayout.columns ? { columnCount: displayLayout.columns } : {}) };
  const withLayout = (_opening: string, json: string | undefined, closing: string) => {
    const written = writtenAttributes('core/post-template', { ...(json ? (JSON.parse(json) as Attributes) : {}), layout });
    return `<!-- wp:post-template ${serializeBlockAttributes(written)} ${closing}-->`;
  };
  return [rest, inner.map((markup) => markup.replace(POST_TEMPLATE, withLayout))];
}

/** Migrations one after another, each on what the one before gave (null: one this module does not make). */
function chained(attributes: Attributes, inner: string[], steps: ((attributes: Attributes, inner: string[]) => [Attributes, string[]] | null)[]): [Attributes, string[]] | null {
  let result: [Attributes, string[]] | null = [attributes, inner];
  for (const step of steps) result = result && step(...result);
  return result;
}
const only = (step: (attributes: Attributes) => Attributes) => (attributes: Attributes, inner: string[]): [Attributes, string[]] => [step(attributes), inner];

const COMMON = { ...supported(['className', 'lock', 'metadata']) };
const hasColours = (read: Attributes) => Boolean(read.backgroundColor || read.gradient || read.textColor || (isObject(read.style) && (read.style.color || (isObject(read.style.elements) && read.style.elements.link))));

/** core/query's deprecations, newest first, as the block library lists them. */
export const QUERY_VERSIONS: readonly Version[] = [
  {
    declared: { queryId: undefined, query: FORMAT_QUERY, tagName: 'div', namespace: undefined, enhancedPagination: false, ...supported(['align', 'layout']), ...COMMON },
    element: true,
    coloured: false,
    eligible: (read) => isObject(queryOf(read).taxQuery) && Object.keys(queryOf(read).taxQuery as Attributes).some((key) => !['include', 'exclude'].includes(key)),
    migrate: (attributes, inner) => chained(attributes, inner, [only(migrateToTaxQuery), migrateDisplayLayout]),
  },
  {
    declared: { queryId: undefined, query: TAX_QUERY, tagName: 'div', displayLayout: LIST, namespace: undefined, ...supported(['align', 'anchor', 'layout']), ...COMMON },
    element: true,
    coloured: false,
    eligible: (read) => Boolean(read.displayLayout),
    migrate: migrateDisplayLayout,
  },
  {
    declared: { queryId: undefined, query: TAX_QUERY, tagName: 'div', displayLayout: LIST, namespace: undefined, ...supported(['align', ...COLOURS, 'layout']), ...COMMON },
    element: true,
    coloured: true,
    eligible: (read) => isObject(read.layout) && Boolean(read.layout.inherit || (read.layout.contentSize && read.layout.type !== 'constrained')),
    migrate: (attributes, inner) => chained(attributes, inner, [only(migrateToConstrainedLayout), migrateDisplayLayout]),
  },
  {
    declared: { queryId: undefined, query: TAX_QUERY, tagName: 'div', displayLayout: LIST, namespace: undefined, ...supported(['align', ...COLOURS, 'layout']), ...COMMON },
    element: true,
    coloured: true,
    eligible: hasColours,
    migrate: (attributes, inner) => chained(attributes, inner, [migrateColours, only(migrateToConstrainedLayout), migrateDisplayLayout]),
  },
  {
    declared: { queryId: undefined, query: FIRST_QUERY, tagName: 'div', displayLayout: LIST, ...supported(['align', ...COLOURS, 'layout']), ...COMMON },
    element: true,
    coloured: true,
    eligible: (read) => Boolean(queryOf(read).categoryIds || queryOf(read).tagIds),
    migrate: (attributes, inner) => chained(attributes, inner, [only(migrateToTaxQuery), migrateColours, only(migrateToConstrainedLayout), migrateDisplayLayout]),
  },
  {
    declared: { queryId: undefined, query: FIRST_QUERY, layout: LIST, ...COMMON },
    element: false,
    coloured: false,
    eligible: () => false,
    migrate: (attributes, inner) => {
      const { layout, ...rest } = migrateToTaxQuery(attributes);
      return migrateDisplayLayout({ ...rest, displayLayout: layout }, inner);
    },
  },
];

/** The classes and inline declarations the colour support saves for a block's colours (named, custom, its links'), in its order. */
function colourSupport(attributes: Attributes): { classes: string[]; declarations: string[] } {
  const { textColor, backgroundColor, gradient } = attributes;
  const colour = isObject(attributes.style) && isObject(attributes.style.color) ? attributes.style.color : {};
  const classes = [
    ...(textColor ? [`has-${String(textColor)}-color`] : []),
    ...(gradient ? [`has-${String(gradient)}-gradient-background`] : []),
    ...(backgroundColor && !gradient && !colour.gradient ? [`has-${String(backgroundColor)}-background-color`] : []),
    ...(textColor || colour.text ? ['has-text-color'] : []),
    ...(backgroundColor || colour.background || gradient || colour.gradient ? ['has-background'] : []),
    ...(linkColour(attributes) ? ['has-link-color'] : []),
  ];
  // The style engine's order: text, gradient, background.
  const properties = [['text', 'color'], ['gradient', 'background'], ['background', 'background-color']] as const;
  return { classes, declarations: properties.flatMap(([key, property]) => (typeof colour[key] === 'string' ? [`${property}:${colour[key]}`] : [])) };
}

/** An element as a save writes it: its tag, its classes, and its inline declarations. */
interface Element { tag: string; classes: string[]; declarations: string[] }

/** The opening tag of an element: its class and style (`styleFirst`: in the other order, as the query's current save writes them). */
function openingTag({ tag, classes, declarations }: Element, styleFirst = false): string {
  const [classAttribute, style] = [` class="${classes.join(' ')}"`, declarations.length > 0 ? ` style="${declarations.join(';')}"` : ''];
  return `<${tag}${styleFirst ? style + classAttribute : classAttribute + style}>`;
}

/** A block's alignment and own classes, as its save writes them on its element (`alignments`: those its type supports). */
function ownClasses(attributes: Attributes, alignments: readonly string[]): string[] {
  const align = typeof attributes.align === 'string' && alignments.includes(attributes.align) ? [`align${attributes.align}`] : [];
  return [...align, ...(typeof attributes.className === 'string' ? attributes.className.split(/\s+/).filter(Boolean) : [])];
}

/** The query's own element as a save writes it for these attributes: its tag, classes and colours' declarations (null: its first form, none). */
function savedElement(version: Pick<Version, 'element' | 'coloured'> & { inlineColours?: boolean }, attributes: Attributes): Element | null {
  if (!version.element) return null;
  const colours = colourSupport(attributes);
  const classes = ['wp-block-query', ...ownClasses(attributes, ['wide', 'full']), ...(version.coloured ? colours.classes : [])];
  return { tag: typeof attributes.tagName === 'string' ? attributes.tagName : 'div', classes, declarations: version.coloured || version.inlineColours ? colours.declarations : [] };
}

/** A block's own HTML as read: its element (a class and a style alone), or null when it writes its blocks alone (or nothing); undefined when it is neither (more than that element, words). */
function readElement(block: ParsedBlock): Element | null | undefined {
  const pieces = block.innerContent;
  // Written self-closing, it holds nothing: the first form's, which wrote its blocks alone.
  if (pieces.length === 0) return null;
  const alone = pieces.length === 1 && typeof pieces[0] === 'string' ? /^(\s*<[^>]*>)(\s*<\/[a-z][a-z0-9-]*>\s*)$/.exec(pieces[0]) : null;
  const [first, last] = alone ? [alone[1], alone[2]] : [pieces[0], pieces[pieces.length - 1]];
  if (typeof first !== 'string' || typeof last !== 'string' || pieces.slice(1, -1).some((piece) => piece !== null && piece.trim() !== '')) return undefined;
  if (first.trim() === '' && last.trim() === '') return null;
  // A class and a style, in either order.
  const opening = /^\s*<([a-z][a-z0-9-]*)((?: (?:class|style)="[^"]*")*)>\s*$/.exec(first);
  const attributes = [...(opening?.[2] ?? '').matchAll(/ (class|style)="([^"]*)"/g)];
  if (!opening || new Set(attributes.map(([, name]) => name)).size !== attributes.length || !new RegExp(`^\\s*</${opening[1]}>\\s*$`).test(last)) return undefined;
  const value = (name: string) => attributes.find(([, found]) => found === name)?.[2] ?? '';
  return { tag: opening[1], classes: value('class').split(/\s+/).filter(Boolean), declarations: value('style').split(';').map((item) => item.trim()).filter(Boolean) };
}

/** Whether each holds the same items, in any order. */
const sameItems = (read: string[], saved: string[]) => read.length === saved.length && saved.every((item) => read.includes(item));

/** Whether the element read is the one `saved` describes (classes and declarations in any order, as the block editor's validator compares them). */
function sameElement(read: Element | null, saved: Element | null): boolean {
  if (read === null || saved === null) return read === saved;
  return read.tag === saved.tag && sameItems(read.classes, saved.classes) && sameItems(read.declarations, saved.declarations);
}

/** The attributes a deprecation reads: those it declares, with its defaults, and the block's style. */
function readBy(version: Version, read: Attributes): Attributes {
  // `style` too: the block editor's style support gives every version of the block that attribute.
  const declared = { style: undefined, ...version.declared };
  return Object.fromEntries(Object.entries(declared).flatMap(([name, fallback]) => (read[name] !== undefined ? [[name, read[name]]] : fallback !== undefined ? [[name, fallback]] : [])));
}

/** The current save's element (the query supports neither colours nor, since it holds them, an element of none; its style's colours are still written inline). */
const CURRENT = { element: true, coloured: false, inlineColours: true };

/** A query loop in an older form as the block editor migrates and saves it; null when it is current or not a form known here. */
export function currentQuery(block: ParsedBlock, source: string, migrate: Migration): string | null {
  const read = block.attrs ?? {};
  const element = readElement(block);
  // Written self-closing, it holds no blocks.
  const sources = block.innerContent.length === 0 ? [] : innerSources(block, source);
  if (element === undefined || !sources) return null;
  let valid = sameElement(element, savedElement(CURRENT, read));
  let migrated: [Attributes, string[]] | null = null;
  for (const version of QUERY_VERSIONS) {
    if (valid && !version.eligible(read)) continue;
    const attributes = readBy(version, read);
    if (!sameElement(element, savedElement(version, attributes))) continue;
    const next = version.migrate(attributes, migrated?.[1] ?? sources);
    if (!next) return null;
    migrated = next;
    valid = true;
  }
  if (!migrated) return null;
  const [attributes, inner] = migrated;
  const declared = Object.keys(DYNAMIC_BLOCKS['core/query'].attributes);
  const written = writtenAttributes('core/query', inDeclaredOrder(attributes, declared.filter((name) => name !== 'anchor')));
  const own = savedElement(CURRENT, attributes);
  if (!own) return null;
  return withInnerBlocksAsSaved(blockMarkup('core/query', written, `${openingTag(own, true)}${inner.join(BLOCK_SPACING)}</${own.tag}>`), migrate);
}

/**
 * A pagination in its older form, its links in an element of its own (`<div
 * class="wp-block-query-pagination">`, its one deprecation): now its links alone; self-closing
 * when it holds none. Its deprecation declares none of the block's attributes nor its supports':
 * the block editor keeps its class names alone (the classes its element has besides its own, an
 * alignment's and colours' among them, where they are not the className read) and drops the rest.
 */
export function currentQueryPagination(block: ParsedBlock, source: string, migrate: Migration): string | null {
  const read = block.attrs ?? {};
  const element = readElement(block);
  const sources = innerSources(block, source);
  if (!element || element.tag !== 'div' || element.declarations.length > 0 || !element.classes.includes('wp-block-query-pagination') || !sources) return null;
  const custom = element.classes.filter((name) => name !== 'wp-block-query-pagination');
  const className = sameItems(ownClasses(read, []), custom) ? read.className : custom.join(' ') || undefined;
  const written = writtenAttributes('core/query-pagination', { lock: read.lock, className, metadata: read.metadata });
  if (sources.length === 0) return `<!-- wp:query-pagination${Object.keys(written).length > 0 ? ` ${serializeBlockAttributes(written)}` : ''} /-->`;
  return withInnerBlocksAsSaved(blockMarkup('core/query-pagination', written, sources.join(BLOCK_SPACING)), migrate);
}
