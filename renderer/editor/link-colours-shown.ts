// A block's link colour shown on its links in the writing area, as the site's stylesheet shows it
// (the block editor writes only has-link-color in the markup; the site makes a rule per block from
// style.elements.link.color.text): the block's element carries the colour as a custom property,
// which styles.css gives the links inside it.
import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Node as PmNode } from '@tiptap/pm/model';
import { linkColourOf } from '../blocks/text-colours.ts';
import { presetColour } from '../blocks/site-presets.ts';

/** The CSS value of a link colour choice (a preset's custom property, a custom colour as itself), or null. */
function linkColourValue(node: PmNode): string | null {
  const choice = linkColourOf((node.attrs.blockAttributes ?? null) as Record<string, unknown> | null);
  if (!choice || choice === 'custom') return null;
  return choice.startsWith('#') ? choice : presetColour(choice);
}

/** The decorations giving each block with a link colour its custom property. */
export function linkColourDecorations(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    const value = node.isBlock ? linkColourValue(node) : null;
    if (value) decorations.push(Decoration.node(position, position + node.nodeSize, { style: `--link-colour: ${value}` }));
  });
  return DecorationSet.create(doc, decorations);
}

export const LinkColoursShown = Extension.create({
  name: 'linkColoursShown',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { decorations: (state) => linkColourDecorations(state.doc) } })];
  },
});
