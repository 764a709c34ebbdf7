// Block markup as its top-level ranges, each with its exact place in the text: blocks (with
// their inner blocks), a block whose closer never comes, and the text between them. Blocks
// are told by the block parser's own delimiter (@wordpress/block-serialization-default-parser's
// tokenizer; the parser itself gives no source offsets). The ranges cover the text end to end,
// so whoever keeps a range keeps its bytes.

/** The block comment delimiter, as the block parser's tokenizer reads it. */
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+({(?:(?=([^}]+|}+(?=})|(?!}\s+\/?-->)[^])*)\5|[^]*?)}\s+)?(\/)?-->/g;

export interface BlockRange {
  /** `unclosed`: a block whose closing comment never comes, running to the end of the text. */
  kind: 'block' | 'unclosed' | 'between';
  start: number;
  end: number;
}

export function topLevelRanges(markup: string): BlockRange[] {
  const ranges: BlockRange[] = [];
  let depth = 0;
  let last = 0;
  const close = (kind: BlockRange['kind'], end: number) => {
    if (end > last) ranges.push({ kind, start: last, end });
    last = end;
  };
  for (const match of markup.matchAll(DELIMITER)) {
    const start = match.index;
    const end = start + match[0].length;
    if (match[1] === '/') {
      // A closer without its opener stays in the text around it, as the block parser leaves it.
      if (depth === 0) continue;
      depth -= 1;
      if (depth === 0) close('block', end);
      continue;
    }
    if (depth === 0) close('between', start);
    if (match[6] !== '/') depth += 1;
    else if (depth === 0) close('block', end);
  }
  close(depth > 0 ? 'unclosed' : 'between', markup.length);
  return ranges;
}
