// An empty piece of text whose block names a placeholder (its `placeholder` attribute: a cover's
// title "Write title…", a paragraph's, a heading's, a button's text, a details summary), or whose
// block type's definition does (a heading's "Heading", a button's "Add text…": the words of the
// block editor's edit, which a block's own attribute overrides there as here), shows it
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
import { DEFINED_PLACEHOLDERS, DEFINED_TEXT_PLACEHOLDERS } from '../blocks/defined-blocks.ts';

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

/** The placeholder a block's block type shows in its piece of text at `index` (a file's name, its button, a details summary), or null. */
function definedPlaceholder(block: PmNode | null, index: number): string | null {
  const defined = typeof block?.attrs.name === 'string' ? DEFINED_PLACEHOLDERS[block.attrs.name] : undefined;
  return (typeof defined === 'string' ? defined : defined?.[index]) ?? null;
}

/** The placeholder of an empty text (`node`, in `parent`): its block's own (a heading's, a button's, a details summary's for its first piece), else its block type's, or for a first text its holder's (a list item's), as the block editor's edit falls back to its own words. */
function emptyTextPlaceholder(node: PmNode, parent: PmNode | null, index: number): string | null {
  if (!node.isTextblock || node.content.size > 0) return null;
  if (node.type.name !== 'richPart') return placeholderOf(node) ?? DEFINED_TEXT_PLACEHOLDERS[node.type.name]?.(node, parent) ?? (index === 0 && parent ? (DEFINED_TEXT_PLACEHOLDERS[parent.type.name]?.(parent, null) ?? null) : null);
  return (index === 0 ? placeholderOf(parent) : null) ?? definedPlaceholder(parent, index);
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
