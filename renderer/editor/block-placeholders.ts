// An empty piece of text whose block names a placeholder (its `placeholder` attribute: a cover's
// title "Write title…", a paragraph's, a heading's, a button's text, a details summary) shows it
// greyed, as the block editor's rich text does: drawn by the stylesheet from an attribute of the
// element on screen (a decoration), so it is never in the document or what is saved, and given
// empty alternative text there, so a screen reader does not read it as the block's words. A block
// holding no block whose block type has a template (media & text's text column, details under its
// summary) shows that template's placeholder the same way, as the block editor shows the template
// it fills such a block with; a click there gives it the template (empty-block-click.ts).
import type { Node as PmNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { documentDecorations } from './document-decorations.ts';
import { splitBlocks } from '../blocks/split-blocks.ts';
import { blockNameOf, emptyTemplate, holdsNoBlock, mayStandEmpty } from '../blocks/block-nesting.ts';
import { DEFINED_PLACEHOLDERS } from '../blocks/defined-blocks.ts';

/** The attribute the stylesheet draws the placeholder from. */
export const PLACEHOLDER_ATTRIBUTE = 'data-block-placeholder';
/** The attribute the stylesheet draws an empty block's template placeholder from. */
export const TEMPLATE_PLACEHOLDER_ATTRIBUTE = 'data-template-placeholder';

/** The placeholder of the first block of the template a block of this name is filled with, or null. */
function templatePlaceholder(name: string): string | null {
  const [first] = splitBlocks(emptyTemplate(name) ?? '');
  const value = first?.kind === 'block' ? first.block.attrs?.placeholder : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

const placeholderOf = (block: PmNode | null): string | null => {
  const value = (block?.attrs.blockAttributes as Record<string, unknown> | null | undefined)?.placeholder;
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The placeholder a rich block's block type shows in its piece of text at `index` (a file's name, its button), or null. */
const definedPlaceholder = (block: PmNode | null, index: number): string | null =>
  block?.type.name === 'richBlock' ? (DEFINED_PLACEHOLDERS[String(block.attrs.name)]?.[index] ?? null) : null;

/** The placeholder of an empty text (`node`, in `parent`): its block's own (a paragraph's, a heading's), or, for a block's piece of text, its block type's (a file's name), else for its first (a button's, a details summary) its block's. */
function emptyTextPlaceholder(node: PmNode, parent: PmNode | null, index: number): string | null {
  if (!node.isTextblock || node.content.size > 0) return null;
  if (node.type.name !== 'richPart') return placeholderOf(node);
  return definedPlaceholder(parent, index) ?? (index === 0 ? placeholderOf(parent) : null);
}

function placeholders(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position, parent, index) => {
    const text = emptyTextPlaceholder(node, parent, index);
    if (text !== null) decorations.push(Decoration.node(position, position + node.nodeSize, { [PLACEHOLDER_ATTRIBUTE]: text }));
    const template = mayStandEmpty(node) && holdsNoBlock(node) ? templatePlaceholder(blockNameOf(node)) : null;
    if (template !== null) decorations.push(Decoration.node(position, position + node.nodeSize, { [TEMPLATE_PLACEHOLDER_ATTRIBUTE]: template }));
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

export const BlockPlaceholders = documentDecorations('blockPlaceholders', placeholders);
