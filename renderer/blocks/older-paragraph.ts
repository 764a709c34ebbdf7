// A paragraph aligned before alignment was a class (`style="text-align:…"` on the paragraph):
// the block editor's deprecation makes the alignment a typography setting, written as the
// has-text-align class. The oldest paragraphs held their text without a `<p>`: it is wrapped in one.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { inDeclaredOrder } from './older-form-parts.ts';
import { PARAGRAPH_ATTRIBUTES } from './paragraph-block.ts';
import { htmlBody } from './html-nodes.ts';


const OLDER_PARAGRAPH = /^\s*<p style="text-align:(left|center|right);?">([\s\S]*)<\/p>\s*$/;

/** Elements a paragraph cannot hold: HTML with one is no line of text. */
const NOT_IN_A_PARAGRAPH = /<\/?(p|div|h[1-6]|ul|ol|li|dl|blockquote|figure|figcaption|table|pre|hr|section|article|aside|header|footer|nav|form|details|address)[\s/>]/i;

/** The oldest paragraph, its text without the element around it: the block editor's deprecation wraps it in one. */
function wrappedParagraph(block: ParsedBlock): string | null {
  const text = block.innerHTML.trim();
  if (block.innerBlocks.length > 0 || Object.keys(block.attrs ?? {}).length > 0 || text === '' || NOT_IN_A_PARAGRAPH.test(text)) return null;
  return blockMarkup('paragraph', {}, `<p>${text}</p>`);
}

const TEXT_ALIGNMENTS = ['left', 'center', 'right'];
/** The attributes beside `align` whose paragraphs the block editor's deprecation migrates so (with an anchor, say, another reads it, keeping `align`): any other keeps it as written. */
const MIGRATED_WITH_ALIGNMENT = ['placeholder', 'dropCap', 'fontSize', 'textColor', 'backgroundColor', 'className'];

/**
 * A paragraph whose HTML already has the has-text-align class of its `align`: the same HTML, its
 * alignment a typography setting, as the block editor migrates it (alone or in a container).
 */
export function paragraphAlignedByClass(block: ParsedBlock): string | null {
  const { align, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const body = htmlBody(block.innerHTML);
  const paragraph = body.children.length === 1 ? body.firstElementChild : null;
  if (typeof align !== 'string' || !TEXT_ALIGNMENTS.includes(align) || !Object.keys(others).every((name) => MIGRATED_WITH_ALIGNMENT.includes(name)) || block.innerBlocks.length > 0) return null;
  // Its current save writes no drop cap beside another alignment: the block editor keeps the class as the block's own, a form of its own.
  if (others.dropCap !== undefined && align !== 'left') return null;
  if (paragraph?.tagName !== 'P' || !paragraph.classList.contains(`has-text-align-${align}`)) return null;
  const attributes = inDeclaredOrder({ ...others, style: { typography: { textAlign: align } } }, PARAGRAPH_ATTRIBUTES);
  return blockMarkup('paragraph', attributes, block.innerHTML.trim());
}

/** The paragraph in its current form, or null when it is not an older form this migration knows. */
export function currentParagraph(block: ParsedBlock): string | null {
  if (!/^\s*<p[\s>]/.test(block.innerHTML)) return wrappedParagraph(block);
  const { align, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const html = OLDER_PARAGRAPH.exec(block.innerHTML);
  // Its other attributes write nothing in its HTML (a placeholder, a lock): any that would, keeps it as written.
  if (!html || html[1] !== align || block.innerBlocks.length > 0 || !Object.keys(others).every((name) => ['placeholder', 'lock', 'metadata'].includes(name))) return null;
  const attributes = inDeclaredOrder({ ...others, style: { typography: { textAlign: align } } }, PARAGRAPH_ATTRIBUTES);
  return blockMarkup('paragraph', attributes, `<p class="has-text-align-${align}">${html[2]}</p>`);
}
