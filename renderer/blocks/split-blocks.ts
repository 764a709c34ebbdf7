// Splits block markup into its top-level pieces, each with its exact source text, so a
// block the editor does not model can be written back byte for byte.
import { parse } from '@wordpress/block-serialization-default-parser';

/** The block comment delimiter, as the block parser's own tokenizer reads it. */
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+({(?:(?=([^}]+|}+(?=})|(?!}\s+\/?-->)[^])*)\5|[^]*?)}\s+)?(\/)?-->/g;

export type ParsedBlock = ReturnType<typeof parse>[number];

export type Piece =
  | { kind: 'block'; name: string; block: ParsedBlock; source: string }
  | { kind: 'html'; source: string };

export function splitBlocks(markup: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let blockStart = 0;
  let htmlStart = 0;
  const pushHtml = (end: number) => {
    const source = markup.slice(htmlStart, end);
    if (source.trim() !== '') pieces.push({ kind: 'html', source });
  };
  const pushBlock = (end: number) => {
    const source = markup.slice(blockStart, end);
    const block = parse(source)[0];
    pieces.push({ kind: 'block', name: block.blockName ?? 'core/freeform', block, source });
    htmlStart = end;
  };
  for (const match of markup.matchAll(DELIMITER)) {
    const closing = match[1] === '/';
    const selfClosing = match[6] === '/';
    const start = match.index;
    const end = start + match[0].length;
    if (depth === 0 && !closing) {
      pushHtml(start);
      blockStart = start;
    }
    if (selfClosing) {
      if (depth === 0) pushBlock(end);
    } else if (closing) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) pushBlock(end);
    } else depth++;
  }
  if (depth > 0) {
    // An unclosed block: kept as it is, as a block the editor does not model, rather than lost.
    const source = markup.slice(blockStart);
    pieces.push({ kind: 'block', name: '(unclosed)', block: parse(source)[0], source });
  } else pushHtml(markup.length);
  return pieces;
}
