// Each block the inserter makes, each block type once, as WordPress's block editor parses it, and the
// colours its type declares (`supports.color`): for the tests over every block that takes a colour
// (block-colours-drawn, editor-marks-readable).
import { blockEditor } from '../tests/helpers/block-editor.ts';
import { inserterBlocksOnce } from '../tests/helpers/inserter-blocks.ts';

/** What these tests use of the block editor. */
export interface Wp {
  parse(markup: string): { name: string; attributes: Record<string, unknown>; innerBlocks: unknown[] }[];
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: unknown[]): unknown;
  serialize(blocks: unknown[]): string;
  getBlockType(name: string): { supports?: { color?: boolean | Record<string, unknown> } } | undefined;
}

export type ParsedBlock = ReturnType<Wp['parse']>[number];

/** A colour a block type may take. */
export type ColourSupport = 'background' | 'gradients' | 'text';

/** Whether a block type declares a colour support (`color: {}` gives a background and a text colour unless set false; gradients only when asked). */
export function declares(wp: Wp, name: string, support: ColourSupport): boolean {
  const color = wp.getBlockType(name)?.supports?.color;
  if (!color) return false;
  const declared = color === true ? {} : color;
  return support === 'gradients' ? declared.gradients === true : declared[support] !== false;
}

/** The block editor, and each block the inserter makes, once for each block type (inserterBlocksOnce). */
export function inserterBlockTypes(): { wp: Wp; blocks: ParsedBlock[] } {
  return { wp: blockEditor() as unknown as Wp, blocks: inserterBlocksOnce() as unknown as ParsedBlock[] };
}
