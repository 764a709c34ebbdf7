// Rendering of stored text for display: block-markup comments removed, paragraphs formed
// from line breaks (only for content without blocks, as the reference site does), and
// excerpts generated from the content when none is written.
import { autop } from '@wordpress/autop';
import { parseBlocks, writeBlocks, type ParsedBlock } from './block-markup.ts';
import { renderIconBlock } from './icon-block.ts';

export const DEFAULT_EXCERPT_LENGTH = 55;
const EXCERPT_MORE = ' [&hellip;]';

export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** The HTML of block markup without its comments. */
export function stripBlocks(content: string): string {
  if (!hasBlocks(content)) return content;
  return writeBlocks(parseBlocks(content), () => '');
}

/** The HTML of a self-closing block that only the site can draw (a synced pattern's reference), '' for none. */
export type DrawSiteBlock = (block: ParsedBlock) => string;

/** The HTML a reader gets of block markup: its comments gone, and the blocks the site draws (the icon, `drawSiteBlock`'s) drawn. */
function renderBlocks(content: string, drawSiteBlock: DrawSiteBlock): string {
  return writeBlocks(parseBlocks(content), (block, kind) => {
    if (kind !== 'void') return '';
    return block.blockName === 'core/icon' ? renderIconBlock(block.attrs ?? {}) : drawSiteBlock(block);
  });
}

/**
 * autop, answered directly for one line of plain text (no markup, no line breaks), which
 * autop only wraps in a paragraph; anything else goes through autop itself.
 */
export function paragraphs(text: string): string {
  if (/[<\r\n]/.test(text)) return autop(text);
  return text.trim() === '' ? '' : `<p>${text}</p>\n`;
}

export function renderContent(content: string, drawSiteBlock: DrawSiteBlock = () => ''): string {
  if (content === '') return '';
  return hasBlocks(content) ? renderBlocks(content, drawSiteBlock) : paragraphs(content);
}

export function renderTitle(title: string): string {
  return title.trim();
}

/**
 * The words of rendered HTML, as HTML text: tags and shortcodes taken out, and any `<` or `>`
 * left (a stray one, or one whose tag was split by what came out) escaped, so that taking
 * parts out never joins text into a tag.
 */
function textOf(html: string): string {
  return stripBlocks(html)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\[\/?[\w-]+[^\]]*\]/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A written excerpt as paragraphs, or the first `length` words of the content. */
export function renderExcerpt(excerpt: string, content: string, length = DEFAULT_EXCERPT_LENGTH): string {
  if (excerpt.trim() !== '') return paragraphs(excerpt);
  const words = textOf(content).split(' ').filter(Boolean);
  if (words.length === 0) return '';
  const trimmed = words.slice(0, length).join(' ');
  return paragraphs(words.length > length ? trimmed + EXCERPT_MORE : trimmed);
}
