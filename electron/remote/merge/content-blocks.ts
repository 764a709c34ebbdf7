// Content as a sequence of top-level pieces, each with its exact source: blocks (with their
// inner blocks) and the text between them. Joined, the pieces are the content byte for
// byte, so a merge that keeps a piece keeps its bytes. Blocks are told by the block
// parser's own delimiter (@wordpress/block-serialization-default-parser's tokenizer, as
// renderer/blocks/split-blocks.ts reads it: shared/block-ranges.ts).
import { topLevelRanges } from '../../../shared/block-ranges.ts';

export function contentPieces(content: string): string[] {
  return topLevelRanges(content).map((range) => content.slice(range.start, range.end));
}
