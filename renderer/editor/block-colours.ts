// The colours of the blocks holding blocks and of the button and the pullquote, for the block's
// toolbar (BlockToolbar.tsx): which blocks around the selection take them, what each holds now,
// and the transaction that changes one, written on the element the block editor writes it on
// (the block's own element; a button's link; a cover's text on the cover, its overlay on the
// overlay's span: renderer/blocks/cover-overlay.ts).
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { GRADIENT_CHOICE, around, keepingSelection, roleOf, withColourChoice, type ColourPart } from './block-settings.ts';
import { colourOf, customColourOf, linkColourOf } from '../blocks/text-colours.ts';
import { hasOverlaySpan, overlayOf, withOverlay } from '../blocks/cover-overlay.ts';
import { DEFINED_COLOURS } from '../blocks/defined-blocks.ts';
import { COVER_BLOCK } from '../blocks/cover-block.ts';
import type { ColourControls } from '../blocks/block-definition.ts';
import type { PaletteColour } from '../../shared/site-types.ts';

/** The blocks with colour controls, their title, and whether they take a text colour (the buttons block takes a background only). */
export const COLOURED_BLOCKS: Readonly<Record<string, ColourControls>> = DEFINED_COLOURS;

export interface ColouredBlock {
  position: number;
  name: string;
  /** Its text colour's preset, or its custom colour (`value`). */
  text: { slug: string; custom: boolean; value: string } | null;
  /** The background (a cover's overlay) as a choice (see roleOf): a custom colour or gradient as itself. */
  background: string;
  /** Its links' colour as a choice (linkColourOf), or null when its block type takes none (`supports.color.link`). */
  link: string | null;
}

const attributesOf = (node: PmNode) => (node.attrs.blockAttributes ?? null) as Record<string, unknown> | null;

const isColoured = (node: PmNode) => ['blockContainer', 'richBlock'].includes(node.type.name) && Object.hasOwn(COLOURED_BLOCKS, String(node.attrs.name));

/** A block's background as a choice (see roleOf): a custom colour or gradient as itself. */
export function backgroundChoiceOf(attributes: Record<string, unknown> | null): string {
  const [background, gradient] = [colourOf(attributes, 'background'), colourOf(attributes, 'gradient')];
  if (gradient.slug) return `${GRADIENT_CHOICE}${gradient.slug}`;
  return background.slug || customColourOf(attributes, 'background') || customColourOf(attributes, 'gradient');
}

/** A block's text colour as a choice: its preset's slug, its custom colour as itself, or ''. */
export function textChoiceOf(attributes: Record<string, unknown> | null): string {
  const text = colourOf(attributes, 'text');
  return text.custom ? customColourOf(attributes, 'text') : text.slug;
}

function backgroundOf(node: PmNode): string {
  if (node.attrs.name !== COVER_BLOCK) return backgroundChoiceOf(attributesOf(node));
  const overlay = overlayOf(attributesOf(node));
  const { customOverlayColor, customGradient } = attributesOf(node) ?? {};
  if (overlay.custom) return typeof customGradient === 'string' ? customGradient : typeof customOverlayColor === 'string' ? customOverlayColor : 'custom';
  return overlay.kind === 'gradient' ? `${GRADIENT_CHOICE}${overlay.slug}` : overlay.slug;
}

/** The coloured blocks around the selection, innermost first (a selected one itself first); a cover of an older form, with no overlay span, is left out. */
export function colouredBlocksAt(state: EditorState): ColouredBlock[] {
  return around(state).flatMap(({ position, node }) => {
    if (!isColoured(node) || (node.attrs.name === COVER_BLOCK && !hasOverlaySpan(String(node.attrs.opening)))) return [];
    const name = String(node.attrs.name);
    const { text, link } = COLOURED_BLOCKS[name];
    return [{
      position, name, text: text ? { ...colourOf(attributesOf(node), 'text'), value: customColourOf(attributesOf(node), 'text') } : null,
      background: backgroundOf(node), link: link ? linkColourOf(attributesOf(node)) : null,
    }];
  });
}

/** The opening tag of a block's own element, first in its held HTML. */
const FIRST_TAG = /^(\s*)(<[a-z][^>]*>)/i;

/** The block at `position` (one of colouredBlocksAt) with its text colour, background (a cover's overlay, judged dark or light over `coverImageColour`, its image's average colour, a preset by its value in `palette`) or link colour the `choice` (see roleOf; a custom colour as itself). */
export function setBlockColour(state: EditorState, position: number, part: ColourPart, choice: string, coverImageColour?: string, palette?: readonly PaletteColour[]): Transaction | null {
  const node = state.doc.nodeAt(position);
  if (!node || !isColoured(node)) return null;
  const name = String(node.attrs.name);
  const controls = COLOURED_BLOCKS[name];
  if ((part === 'text' && !controls.text) || (part === 'link' && !controls.link)) return null;
  const attributes = attributesOf(node);
  const tr = state.tr;
  if (name === COVER_BLOCK && part === 'background') {
    const { role, slug } = roleOf(part, choice);
    const next = withOverlay(attributes, String(node.attrs.opening), role === 'gradient' ? 'gradient' : 'color', slug, coverImageColour, palette);
    if (!next) return null;
    tr.setNodeMarkup(position, undefined, { ...node.attrs, ...next });
  } else if (controls.onText) {
    // A button's colours are on its link, the rich text's own element.
    const link = node.firstChild;
    if (!link) return null;
    const next = withColourChoice(attributes, String(link.attrs.open), part, choice);
    tr.setNodeMarkup(position, undefined, { ...node.attrs, blockAttributes: next.blockAttributes });
    tr.setNodeMarkup(position + 1, undefined, { ...link.attrs, open: next.openingTag });
  } else {
    const held = node.type.name === 'richBlock' ? 'before' : 'opening';
    const next = withColourChoice(attributes, FIRST_TAG.exec(String(node.attrs[held]))?.[2] ?? '', part, choice);
    tr.setNodeMarkup(position, undefined, { ...node.attrs, blockAttributes: next.blockAttributes, [held]: String(node.attrs[held]).replace(FIRST_TAG, (_whole, space: string) => space + next.openingTag) });
  }
  return keepingSelection(state, tr, position);
}
