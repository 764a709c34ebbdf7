// The block editor's strict judge of saved markup (issue 29). `parse().isValid` is lenient: a
// block that matches none of its current save is tried against its deprecated forms, and the
// paragraph's oldest form takes any HTML as its content, so a paragraph holding a `<div>` is
// "valid" there. Here every block Inkwell wrote (every top-level block not kept byte for byte
// from the original, with all its inner blocks) must be what its current save writes for its
// attributes (`validateBlock`), and every block, kept ones too, valid for `parse()` in addition.
// A kept block may be in an older form: the editor keeps what the writer did not touch.
import { expect } from 'vitest';
import { blockEditor, quietly, type WpBlock } from './block-editor.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';

export interface SaveCheck {
  /** Blocks the validator found invalid, by name. */
  invalid: string[];
  /** Blocks the save wrote (not kept from the original) that the block editor would save differently (a deprecated form). */
  resaved: string[];
  /** Top-level blocks of the original that are not in the saved markup byte for byte. */
  changed: string[];
}

/** The top-level blocks' sources (`all`: with classic HTML between them and an unclosed block). */
const topLevelSources = (markup: string, all = false) => splitBlocks(markup).flatMap((piece) => (all || piece.kind === 'block' ? [piece.source] : []));

function judge(block: WpBlock, strictly: boolean, invalid: string[]): void {
  const wp = blockEditor();
  // A block with no original content was not in the markup: the migration of its older-form parent made it.
  const read = block.originalContent !== undefined;
  if (!block.isValid || (strictly && read && !wp.validateBlock(block)[0])) invalid.push(block.name);
  for (const inner of block.innerBlocks) judge(inner, strictly, invalid);
}

/**
 * Names of the blocks in `markup` the block editor rejects, outermost first: strictly
 * (`validateBlock`) for every block but the top-level ones whose source is in `kept`, which
 * are judged as the block editor reads them (`parse().isValid`), older forms included.
 */
export function strictlyInvalid(markup: string, kept: ReadonlySet<string> = new Set()): string[] {
  const wp = blockEditor();
  const invalid: string[] = [];
  quietly(() => {
    for (const source of topLevelSources(markup, true)) for (const block of wp.parse(source)) judge(block, !kept.has(source), invalid);
  });
  return invalid;
}

/**
 * What the block editor says of saved markup: blocks it rejects (strictly, but for the
 * top-level blocks kept byte for byte from the original), blocks written in another form than
 * it would write, and blocks of the original (when it was block content) changed by the save.
 */
export function checkSaved(original: string, saved: string): SaveCheck {
  const wp = blockEditor();
  const before = new Set(topLevelSources(original));
  const after = topLevelSources(saved);
  const written = after.filter((source) => !before.has(source));
  const resaved = quietly(() =>
    written.flatMap((source) => {
      const [block] = wp.parse(source);
      return block !== undefined && wp.serialize([block]) !== source ? [block.name] : [];
    }),
  );
  const kept = new Set(after);
  return { invalid: strictlyInvalid(saved, before), resaved, changed: [...before].filter((source) => !kept.has(source)) };
}

/** `saved`, once the block editor is found to accept it strictly (the blocks kept from `original` as it reads them); else the test fails naming the blocks. */
export function strictlyValid(saved: string, original = ''): string {
  expect(checkSaved(original, saved).invalid, `blocks the block editor rejects in:\n${saved}`).toEqual([]);
  return saved;
}
