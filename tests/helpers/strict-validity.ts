// The block editor's strict judge of saved markup (issue 29). `parse().isValid` is lenient: a
// block that matches none of its current save is tried against its deprecated forms, and the
// paragraph's oldest form takes any HTML as its content, so a paragraph holding a `<div>` is
// "valid" there. Here every block Inkwell wrote (every block not kept as read from the
// original, at any depth) must be what its current save writes for its attributes
// (`validateBlock`), and every block, kept ones too, valid for `parse()` in addition. A kept
// block may be in an older form: the editor keeps what the writer did not touch.
import { expect } from 'vitest';
import { blockEditor, quietly, type WpBlock } from './block-editor.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';
import { topLevelRanges } from '../../shared/block-ranges.ts';

export interface SaveCheck {
  /** Blocks the validator found invalid, by name. */
  invalid: string[];
  /** Blocks the save wrote (not kept from the original) that the block editor would save differently (a deprecated form). */
  resaved: string[];
  /** Top-level blocks of the original that are not in the saved markup byte for byte. */
  changed: string[];
}

const topLevelSources = (markup: string) => splitBlocks(markup).flatMap((piece) => (piece.kind === 'block' ? [piece.source] : []));

/** A block as read: its name, attributes and own HTML (its inner blocks apart). */
const asRead = (block: WpBlock) => JSON.stringify([block.name, block.attributes, block.originalContent]);

function eachBlock(blocks: readonly WpBlock[], visit: (block: WpBlock) => void): void {
  for (const block of blocks) {
    visit(block);
    eachBlock(block.innerBlocks, visit);
  }
}

/**
 * The blocks the block editor reads from an original or an older form, parsed (and validated) once
 * per worker: the older forms are each read to know their form, to migrate them and to judge
 * their saves against (olderForms: three parses of every form before). Read only, never changed.
 */
const readOnce = new Map<string, readonly WpBlock[]>();

export function readByBlockEditor(markup: string): readonly WpBlock[] {
  let blocks = readOnce.get(markup);
  if (!blocks) readOnce.set(markup, (blocks = quietly(() => blockEditor().parse(markup))));
  return blocks;
}

/** The blocks of each original judged against, as read: a file judges many saves against one original. */
const readOriginals = new Map<string, ReadonlySet<string>>();

function blocksAsRead(original: string): ReadonlySet<string> {
  let kept = readOriginals.get(original);
  if (!kept) {
    const blocks = new Set<string>();
    eachBlock(readByBlockEditor(original), (block) => blocks.add(asRead(block)));
    readOriginals.set(original, (kept = blocks));
  }
  return kept;
}

/**
 * The judge's verdicts in this worker, by original and top-level block: the judge reads only those
 * two (and the block types, registered once), and the block editor reads each top-level block by
 * itself (`parse` maps its parser's top-level blocks one by one, dropping the white space between
 * them). Tests judge many saves that differ in one block of a post (dropped-images: 383 drops on
 * one post of nine blocks) and reach the same save again by another gesture or route
 * (insert-beside: 187 judgements of 12 saves), so each block is judged once.
 */
const verdicts = new Map<string, readonly string[]>();

function verdictOf(source: string, original: string): readonly string[] {
  const key = JSON.stringify([original, source]);
  let invalid = verdicts.get(key);
  if (!invalid) verdicts.set(key, (invalid = judged(source, original)));
  return invalid;
}

/** The top-level blocks of `markup`, when it holds nothing else but white space between them; else null (judged whole). */
function blocksAlone(markup: string): string[] | null {
  const sources: string[] = [];
  for (const range of topLevelRanges(markup)) {
    const source = markup.slice(range.start, range.end);
    if (range.kind === 'block') sources.push(source);
    else if (source.trim() !== '') return null;
  }
  return sources;
}

/**
 * Names of the blocks in `markup` the block editor rejects, outermost first: strictly
 * (`validateBlock`) for every block but those read from `original` unchanged (same name,
 * attributes and HTML of their own), which are judged as the block editor reads them
 * (`parse().isValid`), older forms included.
 */
export function strictlyInvalid(markup: string, original = ''): string[] {
  const blocks = blocksAlone(markup);
  return blocks ? blocks.flatMap((source) => verdictOf(source, original)) : [...verdictOf(markup, original)];
}

function judged(markup: string, original: string): string[] {
  const wp = blockEditor();
  const kept = blocksAsRead(original);
  return quietly(() => {
    const invalid: string[] = [];
    eachBlock(wp.parse(markup), (block) => {
      // A block with no HTML as read was not in the markup: the migration of its older-form parent made it.
      const strictly = block.originalContent !== undefined && !kept.has(asRead(block));
      if (!block.isValid || (strictly && !wp.validateBlock(block)[0])) invalid.push(block.name);
    });
    return invalid;
  });
}

/**
 * What the block editor says of saved markup: blocks it rejects (strictly, but for the blocks
 * kept from the original), blocks written in another form than
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
  return { invalid: strictlyInvalid(saved, original), resaved, changed: [...before].filter((source) => !kept.has(source)) };
}

/**
 * Whether every block `saved` wrote (not kept from `original`) is, but for `typed`, what the block
 * editor itself saves for a block of `original` once it has read (and migrated) it. Its first save
 * of an older form is not always a form it re-saves unchanged: a first cover's migration leaves
 * `isDark` unset, so its save writes `is-light`, which the block editor reads back as a class of
 * the writer's; that first save is still the block editor's own.
 */
export function savedAsBlockEditorSaves(original: string, saved: string, typed: string): boolean {
  const wp = blockEditor();
  const before = new Set(topLevelSources(original));
  const itsSaves = new Set(quietly(() => wp.parse(original).map((block) => wp.serialize([block]))));
  const written = topLevelSources(saved).filter((source) => !before.has(source));
  return written.length > 0 && written.every((source) => itsSaves.has(source.replace(typed, '')));
}

/** `saved`, once the block editor is found to accept it strictly (the blocks kept from `original` as it reads them); else the test fails naming the blocks. */
export function strictlyValid(saved: string, original = ''): string {
  // Only the rejected blocks: checkSaved's other findings would parse the written blocks again.
  expect(strictlyInvalid(saved, original), `blocks the block editor rejects in:\n${saved}`).toEqual([]);
  return saved;
}

/**
 * How the block editor reads markup holding one block: its name, and whether its current save
 * writes it ('current') or it was read through a deprecation ('older'); null when it is not one
 * block the block editor accepts.
 */
export function formOf(markup: string): { name: string; form: 'current' | 'older' } | null {
  const blocks = readByBlockEditor(markup);
  if (blocks.length !== 1 || !blocks[0].isValid) return null;
  return { name: blocks[0].name, form: quietly(() => blockEditor().validateBlock(blocks[0])[0]) ? 'current' : 'older' };
}
