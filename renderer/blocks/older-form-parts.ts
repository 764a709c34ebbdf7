// What the block editor's migrations of older forms share: the classes of a block's root
// element beyond those its current save writes (kept as the block's className, as the block
// editor's parser does), its attributes in the order the block type declares them (the
// order its serializer writes them in), and a container's own HTML written anew around its
// inner blocks as written.
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { BLOCK_SPACING, blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { emptyContainerCut } from './empty-container.ts';

/** The classes of the first element of `html`. */
export function rootClasses(html: string): string[] {
  return (htmlBody(html).firstElementChild?.getAttribute('class') ?? '').trim().split(/\s+/).filter(Boolean);
}

/** The root classes the current save does not write: the block's own className, as the block editor keeps them. */
export function customClassName(html: string, written: readonly string[]): string | undefined {
  const custom = rootClasses(html).filter((name) => !written.includes(name));
  return custom.length > 0 ? custom.join(' ') : undefined;
}

// The older forms' readers take it from here with the rest of their parts.
export { inDeclaredOrder } from './block-definition.ts';


const FONT_PRESET = /^var:preset\|font-family\|([a-z0-9-]+)$/;

/**
 * The slug of a font preset an older form wrote as an inline style (before fonts were a class of
 * their own), when the block's `style` attribute holds that font alone and `inlineStyle` says the same; else null.
 */
export function inlineFontPreset(style: unknown, inlineStyle: string | null | undefined): string | null {
  const typography = (style as { typography?: Record<string, unknown> } | undefined)?.typography;
  const font = FONT_PRESET.exec(String(typography?.fontFamily ?? ''));
  const alone = Object.keys(style ?? {}).length === 1 && Object.keys(typography ?? {}).length === 1;
  return alone && font && inlineStyle === `font-family:var(--wp--preset--font-family--${font[1]})` ? font[1] : null;
}

/** A container's own HTML before and after its blocks as read: an empty one's cut where its blocks would stand (empty-container.ts). */
export function containerPieces(block: ParsedBlock): [first: unknown, last: unknown] {
  if (block.innerBlocks.length === 0) return emptyContainerCut(block.innerHTML, block.blockName ?? '') ?? [null, null];
  return [block.innerContent[0], block.innerContent[block.innerContent.length - 1]];
}

/**
 * A block holding blocks in its current form: its own HTML before and after its inner blocks
 * (`opening`, `closing`: as read, without the line breaks the serializer writes inside its
 * comments) written anew, its inner blocks kept as written in its `source` and spaced as the block
 * editor's serializer spaces them (its migration writes the container anew); null when either part
 * is not the older form the migration knows. `empty`: one holding none is migrated too, its HTML
 * cut where its blocks would stand (containerPieces: a migration that reads its opening from there).
 */
export function currentContainer(block: ParsedBlock, source: string, attributes: Record<string, unknown>, opening: (html: string) => string | null, closing: (html: string) => string | null, empty = false): string | null {
  const inner = /^\s*<!--[\s\S]*?-->\n?([\s\S]*?)\n?<!-- \/wp:[a-z0-9/-]+ -->\s*$/.exec(source)?.[1];
  const [first, last] = containerPieces(block);
  if (inner === undefined || (block.innerBlocks.length === 0 && !empty) || typeof first !== 'string' || typeof last !== 'string') return null;
  const [before, after] = [first.replace(/^\n/, ''), last.replace(/\n$/, '')];
  const [newBefore, newAfter] = [opening(before), closing(after)];
  if (newBefore === null || newAfter === null || !inner.startsWith(before) || !inner.endsWith(after)) return null;
  const pieces = splitBlocks(inner.slice(before.length, inner.length - after.length));
  if (pieces.some((piece) => piece.kind !== 'block')) return null;
  return blockMarkup(block.blockName ?? '', attributes, `${newBefore.trimEnd()}${pieces.map((piece) => piece.source).join(BLOCK_SPACING)}${newAfter.trimStart()}`);
}
