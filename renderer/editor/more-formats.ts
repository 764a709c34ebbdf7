// The formats of the toolbar's "More" menu, in the block editor's order, each with the mark it
// applies and the block editor's key for it where it has one; and the Highlight's colours set on
// the selection as the block editor's Highlight writes them (blocks/highlight.ts).
import type { Editor } from '@tiptap/core';
import { highlightAttributes, highlightColours, type HighlightColours, type HighlightPaletteColour } from '../blocks/highlight.ts';

export interface MoreFormat { mark: string; label: string; shortcut?: string }

export const MORE_FORMATS: readonly MoreFormat[] = [
  { mark: 'highlight', label: 'Highlight' },
  { mark: 'code', label: 'Inline code', shortcut: 'Shift+Alt+X' },
  { mark: 'keyboardInput', label: 'Keyboard input' },
  { mark: 'strike', label: 'Strikethrough', shortcut: 'Shift+Alt+D' },
  { mark: 'subscript', label: 'Subscript' },
  { mark: 'superscript', label: 'Superscript' },
];

/** The selection's highlight colours ('' for none), palette colours by their slug in the site's `palette` (WordPress's default one unless given). */
export const selectedHighlight = (editor: Editor, palette?: readonly HighlightPaletteColour[]): HighlightColours =>
  highlightColours(editor.isActive('highlight') ? editor.getAttributes('highlight') : null, palette);

/** Sets one colour of the selection's highlight, the other kept; with neither, the highlight goes. */
export function setHighlight(editor: Editor, change: Partial<HighlightColours>, palette?: readonly HighlightPaletteColour[]): boolean {
  const attributes = highlightAttributes({ ...selectedHighlight(editor, palette), ...change }, palette);
  // The keyboard stays on the colour fields: the selection is the editor's own, focused or not.
  const chain = editor.chain().extendMarkRange('highlight');
  return (attributes ? chain.setMark('highlight', { ...attributes }) : chain.unsetMark('highlight')).run();
}
