// What the block editor hands on from the blocks a transform turns to the blocks it makes, whatever the
// transform (block-definition.ts: BlockTransform): its supports' class and name (the custom class name's
// and the metadata's hooks on `blocks.switchToBlockType.transformedBlock`), and the anchor where the
// transform hands it on itself (`carriesAnchor`: the media, cover, separator and spacer transforms).
// Added to the markup made, in one place for every transform, where the transform made none of its own.
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';
import { attributesOf, type CarriedShape } from './block-definition.ts';
import { escapeAttribute } from './inline-html.ts';
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';

/** The attributes every block type declares after its anchor (the supports' that follow it, in their order), before which an anchor goes. */
const AFTER_ANCHOR = ['ariaLabel', 'className', 'borderColor', 'style', 'settings', 'layout', 'metadata'];
/** Those after its class, before which a class goes (the name goes last of all). */
const AFTER_CLASS = AFTER_ANCHOR.slice(2);
/** The Classic block, which no module defines, has no custom class name either. */
const FREEFORM: Readonly<Record<string, CarriedShape>> = { 'core/freeform': { classless: true } };

/** `attributes` with `name` set to `value` before the first of `after` it sets (last without one), as the block type's declaration orders them. */
export function placed(attributes: Record<string, unknown>, name: string, value: unknown, after: readonly string[]): Record<string, unknown> {
  const entries = Object.entries(attributes);
  const at = entries.findIndex(([key]) => after.includes(key));
  entries.splice(at === -1 ? entries.length : at, 0, [name, value]);
  return Object.fromEntries(entries);
}

const shapeOf = (block: ParsedBlock, shapes: Readonly<Record<string, CarriedShape>>): CarriedShape => shapes[block.blockName ?? ''] ?? FREEFORM[block.blockName ?? ''] ?? {};
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const nameOf = (block: ParsedBlock) => text((attributesOf(block).metadata as { name?: unknown } | undefined)?.name);

/**
 * What is carried from `sources` into the made block at `index` of `count`: the class and name as the supports'
 * hooks carry them (not into a block wrapping the blocks turned, nor from one into several or from several into
 * one; the name not between counts unlike), and the anchor of the one block turned where the transform carries it.
 */
function carriedInto(made: ParsedBlock, index: number, count: number, sources: readonly ParsedBlock[], carriesAnchor: boolean, shapes: Readonly<Record<string, CarriedShape>>) {
  const wraps = count === 1 && made.innerBlocks.length === sources.length;
  const merges = (count === 1 && sources.length > 1) || (count > 1 && sources.length === 1);
  const source = wraps || merges ? undefined : sources[index];
  const own = attributesOf(made);
  return {
    anchor: carriesAnchor && own.anchor === undefined ? text(attributesOf(sources[0]).anchor) : undefined,
    className: source && !shapeOf(made, shapes).classless && own.className === undefined ? text(attributesOf(source).className) : undefined,
    name: source && (count === 1 || count === sources.length) && own.metadata === undefined ? nameOf(source) : undefined,
  };
}

/** A made block's markup with its anchor, class and name carried: in its comment's attributes, and on its element (the class after its own, the id where its save writes it). */
function withCarried(made: ParsedBlock, source: string, { anchor, className, name }: ReturnType<typeof carriedInto>, shapes: Readonly<Record<string, CarriedShape>>): string {
  if (anchor === undefined && className === undefined && name === undefined) return source;
  const comment = /^<!-- wp:\S+ (?:\{[\s\S]*?\} )?(\/?)-->/.exec(source);
  if (!comment) return source;
  let attributes = attributesOf(made);
  if (anchor !== undefined) attributes = placed(attributes, 'anchor', anchor, AFTER_ANCHOR);
  if (className !== undefined) attributes = placed(attributes, 'className', className, AFTER_CLASS);
  if (name !== undefined) attributes = { ...attributes, metadata: { name } };
  const element = source.slice(comment[0].length).replace(/^(\s*<[a-zA-Z][\w-]*)([^>]*?)(\/?>)/, (_, open: string, rest: string, close: string) => {
    const added = className === undefined ? '' : escapeAttribute(className);
    const classed = className === undefined ? rest : / class="/.test(rest) ? rest.replace(/ class="([^"]*)"/, (__, classes: string) => ` class="${classes} ${added}"`) : `${rest} class="${added}"`;
    if (anchor === undefined) return `${open}${classed}${close}`;
    const id = ` id="${escapeAttribute(anchor)}"`;
    return shapeOf(made, shapes).idBeforeClass && / class="/.test(classed) ? `${open}${classed.replace(/ class="/, `${id} class="`)}${close}` : `${open}${classed}${id}${close}`;
  });
  return `<!-- wp:${String(made.blockName).replace(/^core\//, '')} ${serializeBlockAttributes(attributes)} ${comment[1]}-->${element}`;
}

/** The blocks a transform made of `sources` (markup) with what the block editor carries into them beside the transform (carriedInto), each in its place, as `shapes` (each block's supports, from its definition: BlockDefinition.carried) say; as made when it is not blocks alone. */
export function carriedBySupports(sources: readonly ParsedBlock[], markup: string, carriesAnchor: boolean, shapes: Readonly<Record<string, CarriedShape>>): string {
  const pieces = splitBlocks(markup);
  if (pieces.some((piece) => piece.kind !== 'block')) return markup;
  let from = 0;
  return pieces.reduce((made, piece, index) => {
    const at = made.indexOf(piece.source, from);
    const carried = piece.kind === 'block' ? withCarried(piece.block, piece.source, carriedInto(piece.block, index, pieces.length, sources, carriesAnchor, shapes), shapes) : piece.source;
    from = at + carried.length;
    return `${made.slice(0, at)}${carried}${made.slice(at + piece.source.length)}`;
  }, markup);
}
