// Splits block markup into its top-level pieces, each with its exact source text, so a
// block the editor does not model can be written back byte for byte.
import { parse } from '@wordpress/block-serialization-default-parser';

/** The block comment delimiter, as the block parser's own tokenizer reads it. */
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+({(?:(?=([^}]+|}+(?=})|(?!}\s+\/?-->)[^])*)\5|[^]*?)}\s+)?(\/)?-->/g;

export type ParsedBlock = ReturnType<typeof parse>[number];

export type Piece =
  | { kind: 'block'; block: ParsedBlock; source: string }
  /** A block whose closing comment never comes: it runs to the end of the markup. */
  | { kind: 'unclosed'; source: string }
  /** HTML outside any block (the block editor's "classic" content). */
  | { kind: 'html'; source: string };

/** Whether the site reads this content as blocks (else it forms paragraphs from line breaks). */
export function hasBlocks(markup: string): boolean {
  return markup.includes('<!-- wp:');
}

export function splitBlocks(markup: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let blockStart = 0;
  let htmlStart = 0;
  const pushHtml = (end: number) => {
    const source = markup.slice(htmlStart, end).trim();
    if (source !== '') pieces.push({ kind: 'html', source });
  };
  const pushBlock = (end: number) => {
    const source = markup.slice(blockStart, end);
    pieces.push({ kind: 'block', block: parse(source)[0], source });
    htmlStart = end;
  };
  for (const match of markup.matchAll(DELIMITER)) {
    const start = match.index;
    const end = start + match[0].length;
    if (match[1] === '/') {
      // A closer without its opener stays in the HTML around it, as the block parser leaves it.
      if (depth === 0) continue;
      depth -= 1;
      if (depth === 0) pushBlock(end);
      continue;
    }
    if (depth === 0) {
      pushHtml(start);
      blockStart = start;
    }
    if (match[6] !== '/') depth += 1;
    else if (depth === 0) pushBlock(end);
  }
  if (depth > 0) pieces.push({ kind: 'unclosed', source: markup.slice(blockStart) });
  else pushHtml(markup.length);
  return pieces;
}
