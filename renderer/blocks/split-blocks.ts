// Splits block markup into its top-level pieces, each with its exact source text, so a
// block the editor does not model can be written back byte for byte.
import { parse } from '@wordpress/block-serialization-default-parser';
import { topLevelRanges } from '../../shared/block-ranges.ts';

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
  return topLevelRanges(markup).flatMap((range): Piece[] => {
    const source = markup.slice(range.start, range.end);
    if (range.kind === 'block') return [{ kind: 'block', block: parse(source)[0], source }];
    if (range.kind === 'unclosed') return [{ kind: 'unclosed', source }];
    return source.trim() === '' ? [] : [{ kind: 'html', source: source.trim() }];
  });
}
