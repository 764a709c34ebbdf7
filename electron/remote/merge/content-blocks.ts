// Content as a sequence of top-level pieces, each with its exact source: blocks (with their
// inner blocks) and the text between them. Joined, the pieces are the content byte for
// byte, so a merge that keeps a piece keeps its bytes. Blocks are told by the block
// parser's own delimiter (@wordpress/block-serialization-default-parser's tokenizer, as
// renderer/blocks/split-blocks.ts reads it; the parser itself gives no source offsets).

const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+({(?:(?=([^}]+|}+(?=})|(?!}\s+\/?-->)[^])*)\5|[^]*?)}\s+)?(\/)?-->/g;

export function contentPieces(content: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let last = 0;
  const cut = (end: number) => {
    if (end > last) pieces.push(content.slice(last, end));
    last = end;
  };
  for (const match of content.matchAll(DELIMITER)) {
    const start = match.index;
    const end = start + match[0].length;
    if (match[1] === '/') {
      // A closer without its opener stays in the text around it, as the block parser leaves it.
      if (depth === 0) continue;
      depth -= 1;
      if (depth === 0) cut(end);
    } else {
      if (depth === 0) cut(start);
      if (match[6] !== '/') depth += 1;
      else if (depth === 0) cut(end);
    }
  }
  cut(content.length);
  return pieces;
}

