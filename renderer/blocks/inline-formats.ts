// The block editor's "More" text formats that tiptap's starter kit lacks, as marks read from and
// written to the same elements: keyboard input (`<kbd>`), subscript (`<sub>`), superscript
// (`<sup>`, a footnote's `<sup data-fn>` apart) and the highlight (`<mark>` with the colours the
// block editor's Highlight writes, held as written: highlight.ts). Inline code and strikethrough
// are the starter kit's; the block editor's keys for them (Shift+Alt+X, Shift+Alt+D) are added here.
import { Extension, Mark } from '@tiptap/core';

/** A mark of one plain element, toggled as a whole. */
function plainMark(name: string, tag: string, skip?: (element: HTMLElement) => boolean) {
  return Mark.create({
    name,
    parseHTML: () => [{ tag, getAttrs: (element) => (skip?.(element) ? false : null) }],
    renderHTML: () => [tag, 0],
  });
}

export const KeyboardInput = plainMark('keyboardInput', 'kbd');
export const Subscript = plainMark('subscript', 'sub');
export const Superscript = plainMark('superscript', 'sup', (element) => element.hasAttribute('data-fn'));

/** The highlight: a `<mark>` whose style and class stay as written, so markup from elsewhere comes back byte for byte. */
export const Highlight = Mark.create({
  name: 'highlight',
  addAttributes() {
    return {
      style: { default: null, parseHTML: (element) => element.getAttribute('style'), renderHTML: (attributes) => (attributes.style == null ? {} : { style: attributes.style }) },
      className: { default: null, parseHTML: (element) => element.getAttribute('class'), renderHTML: (attributes) => (attributes.className == null ? {} : { class: attributes.className }) },
    };
  },
  parseHTML: () => [{ tag: 'mark' }],
  renderHTML: ({ HTMLAttributes }) => ['mark', HTMLAttributes, 0],
});

/** The block editor's keys for inline code and strikethrough, beside tiptap's own. */
const BlockEditorFormatKeys = Extension.create({
  name: 'blockEditorFormatKeys',
  addKeyboardShortcuts() {
    return {
      'Shift-Alt-x': () => this.editor.commands.toggleMark('code'),
      'Shift-Alt-d': () => this.editor.commands.toggleMark('strike'),
    };
  },
});

export const inlineFormats = [KeyboardInput, Subscript, Superscript, Highlight, BlockEditorFormatKeys];
