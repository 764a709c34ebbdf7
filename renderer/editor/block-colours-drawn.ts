// The colours a block keeps drawn on it in the editor, as the site shows them (issue 29, row 33): a
// block whose node draws none of its own (a file's, a table's, a separator's, a quote's, a math
// block's, an icon's, footnotes', a dynamic block's preview) shows its background, gradient and text
// colour (a palette's, a custom one), from its attributes, on its element: a decoration, so every such
// node, and the next one defined, is drawn the same way. The nodes that draw their own are left: the
// containers and rich blocks (container-colours.ts: a cover's overlay, a button's colours on its link)
// and those their definitions name (BlockDefinition.drawsOwnColours: the blocks of text, whose element
// holds the colour's class and style as saved).
import type { Node as PmNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { documentDecorations } from './document-decorations.ts';
import { blockColourStyle } from '../blocks/container-colours.ts';
import { OWN_COLOURS_DRAWN } from '../blocks/defined-blocks.ts';

/** The nodes that draw their block's colours themselves: the containers and rich blocks (container-colours.ts), and those their definitions name. */
const drawsItsOwn = (type: string) => type === 'blockContainer' || type === 'richBlock' || OWN_COLOURS_DRAWN.has(type);

/** The attribute styles.css knows a coloured block by (a separator's rule drawn in its colour). */
export const COLOURED_ATTRIBUTE = 'data-block-coloured';

function colourDecorations(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    const style = drawsItsOwn(node.type.name) ? '' : blockColourStyle(node.attrs.blockAttributes);
    if (style !== '') decorations.push(Decoration.node(position, position + node.nodeSize, { style, [COLOURED_ATTRIBUTE]: '' }));
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

export const BlockColoursDrawn = documentDecorations('blockColoursDrawn', colourDecorations);
