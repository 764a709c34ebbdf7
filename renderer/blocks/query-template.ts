// A query loop's post template, edited in place (issue 29): the blocks each item shows (its
// title, date, excerpt …), which the writer adds, removes, reorders and sets. The query's
// inner markup is held as read (dynamic-blocks.ts); an edit rewrites only its post template,
// each block kept as read but the one set, as the block editor writes a post template.
import { DEFAULT_QUERY_INNER, DYNAMIC_BLOCKS, dynamicBlockMarkup } from './dynamic-blocks.ts';
import { splitBlocks } from './split-blocks.ts';

export interface TemplateBlock {
  /** The block's name ('core/post-title', another plugin's 'acme/rating'). */
  name: string;
  attributes: Record<string, unknown>;
  /** Its markup as read, or as written once set. */
  source: string;
  /** Whether it is a dynamic block whose settings the writer can change here. */
  settable: boolean;
}

/** The post template's opening comment (maybe self-closing) and, when it has one, its closing comment. */
const OPENING = /<!--\s+wp:(?:core\/)?post-template(?:\s+\{[\s\S]*?\})?\s+(\/)?-->/;
const CLOSING = /<!--\s+\/wp:(?:core\/)?post-template\s+-->/;

/** Where the post template stands in the query's inner markup, or null when it has none. */
function locate(inner: string): { start: number; end: number; opening: string; body: string } | null {
  const opening = OPENING.exec(inner);
  if (!opening) return null;
  const afterOpening = opening.index + opening[0].length;
  if (opening[1]) return { start: opening.index, end: afterOpening, opening: opening[0], body: '' };
  const closing = CLOSING.exec(inner.slice(afterOpening));
  return closing ? { start: opening.index, end: afterOpening + closing.index + closing[0].length, opening: opening[0], body: inner.slice(afterOpening, afterOpening + closing.index) } : null;
}

/** A block of the template, as it is read from its markup. */
function templateBlock(source: string, name: string, attributes: Record<string, unknown>, innerHtml: string, holdsBlocks: boolean): TemplateBlock {
  const type = Object.hasOwn(DYNAMIC_BLOCKS, name) ? DYNAMIC_BLOCKS[name] : null;
  return { name, attributes, source, settable: type !== null && !type.holdsBlocks && !holdsBlocks && innerHtml.trim() === '' };
}

/**
 * The post template's blocks (for a query read with no inner markup, the default template's), or
 * null when it has none or holds more than blocks (HTML between them is kept, not edited here).
 */
export function templateBlocks(inner: string | null): TemplateBlock[] | null {
  const template = locate(inner ?? DEFAULT_QUERY_INNER);
  if (!template) return null;
  const pieces = splitBlocks(template.body);
  if (!pieces.every((piece) => piece.kind === 'block')) return null;
  return pieces.flatMap((piece) => (piece.kind === 'block' ? [templateBlock(piece.source, piece.block.blockName ?? '', (piece.block.attrs ?? {}) as Record<string, unknown>, piece.block.innerHTML, piece.block.innerBlocks.length > 0)] : []));
}

/** The query's inner markup with its post template holding `blocks`, in the block editor's spacing. */
export function withTemplateBlocks(inner: string | null, blocks: readonly TemplateBlock[]): string {
  const held = inner ?? DEFAULT_QUERY_INNER;
  const template = locate(held);
  if (!template) return held;
  const opening = template.opening.replace(/\s*\/-->$/, ' -->');
  const written = blocks.length === 0 ? opening.replace(/ -->$/, ' /-->') : `${opening}\n${blocks.map((block) => block.source).join('\n\n')}\n<!-- /wp:post-template -->`;
  return held.slice(0, template.start) + written + held.slice(template.end);
}

/** The query's own element holding nothing (as the block editor saves a query loop holding no blocks): its opening and closing tags. */
const EMPTY_ELEMENT = /^(\s*<[a-z][a-z0-9]*(?:\s[^>]*)?>)(<\/[a-z][a-z0-9]*>\s*)$/;

/**
 * The inner markup of a query loop holding no blocks (its element empty) given the block editor's
 * first post template (each item's title and date), as its "Start blank" choice gives one; null
 * when it holds something.
 */
export function withFirstTemplate(inner: string | null): string | null {
  const element = EMPTY_ELEMENT.exec(inner ?? '');
  const first = locate(DEFAULT_QUERY_INNER);
  return element && first ? `${element[1]}${DEFAULT_QUERY_INNER.slice(first.start, first.end)}${element[2]}` : null;
}

/** A dynamic block of the template with these attributes, as the block editor writes it. */
export function setTemplateBlock(name: string, attributes: Record<string, unknown>): TemplateBlock {
  return { name, attributes, source: dynamicBlockMarkup({ attrs: { name, blockAttributes: attributes, inner: null } }), settable: true };
}

/** The blocks a writer may add to a post template: each part of an item the site can show. */
export const TEMPLATE_PARTS = Object.entries(DYNAMIC_BLOCKS).filter(([, type]) => type.parent === 'core/post-template').map(([name, type]) => ({ name, title: type.title }));
