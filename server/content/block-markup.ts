// Block markup read and written back as the reference site does it (parse_blocks and
// serialize_block): the one block parser the renderer uses, and delimiters written as the
// block editor writes them, so that what is stored reads the same to the block parser and to
// the HTML parser.
import { parse } from '@wordpress/block-serialization-default-parser';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';
import type { DelimiterKind } from './html-filter.ts';

export type ParsedBlock = ReturnType<typeof parse>[number];
/** What stands in a block's place for one of its delimiters. */
export type WriteDelimiter = (block: ParsedBlock, kind: DelimiterKind) => string;

/** Whether the text may hold a block delimiter (the parser's own opening, any whitespace). */
export function mayHoldBlocks(text: string): boolean {
  return /<!--\s+\/?wp:/.test(text);
}

function freeform(html: string): ParsedBlock[] {
  return html === '' ? [] : [{ blockName: null, attrs: {}, innerBlocks: [], innerHTML: html, innerContent: [html] }];
}

/**
 * The blocks of a text, as the block parser reads them, except after a closer that closes
 * nothing: the parser keeps all that follows it as HTML, delimiters and all, which another
 * reader of block markup (the editor, a connected site) may read as blocks again. Here the
 * closer is dropped and the rest is read as blocks, so every reader finds the same blocks.
 */
export function parseBlocks(text: string): ParsedBlock[] {
  const blocks: ParsedBlock[] = [];
  let rest = parse(text);
  for (;;) {
    const last = rest.at(-1);
    if (last?.blockName !== null || !mayHoldBlocks(last.innerHTML)) return [...blocks, ...rest];
    // A closer with no opener can only be the first delimiter of that HTML: given an opener, it closes that one.
    const [stand, ...after] = parse(`<!-- wp:stray-closer -->${last.innerHTML}`);
    if (stand!.innerHTML === last.innerHTML) return [...blocks, ...rest];
    blocks.push(...rest.slice(0, -1), ...freeform(stand!.innerHTML));
    rest = after;
  }
}

/** How deeply blocks nest (0 for none), counted level by level rather than by recursion, which deep enough nesting overflows. */
export function nestingDepth(blocks: readonly ParsedBlock[]): number {
  let depth = 0;
  for (let level = blocks.filter((block) => block.blockName !== null); level.length > 0; level = level.flatMap((block) => block.innerBlocks)) depth++;
  return depth;
}

/** A delimiter as the block editor writes it: core blocks without their namespace, attributes escaped. */
export function blockDelimiter(block: ParsedBlock, kind: DelimiterKind): string {
  const name = block.blockName!.replace(/^core\//, '');
  if (kind === 'closer') return `<!-- /wp:${name} -->`;
  const attrs = block.attrs && Object.keys(block.attrs).length > 0 ? `${serializeBlockAttributes(block.attrs)} ` : '';
  return `<!-- wp:${name} ${attrs}${kind === 'void' ? '/' : ''}-->`;
}

function writeBlock(block: ParsedBlock, delimiter: WriteDelimiter): string {
  if (block.blockName === null) return block.innerHTML;
  let inner = 0;
  const content = block.innerContent.map((piece) => piece ?? writeBlock(block.innerBlocks[inner++]!, delimiter)).join('');
  // As serialize_block: a block without content is written as a void one.
  if (content === '') return delimiter(block, 'void');
  return delimiter(block, 'opener') + content + delimiter(block, 'closer');
}

/** Parsed blocks written out in order, each delimiter as `delimiter` writes it (nothing: the HTML a reader gets). */
export function writeBlocks(blocks: readonly ParsedBlock[], delimiter: WriteDelimiter): string {
  return blocks.map((block) => writeBlock(block, delimiter)).join('');
}
