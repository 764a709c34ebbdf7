// A dynamic block in the editor's document: its name, its attributes and, for one holding
// blocks (a query loop, a menu), its inner markup as read. Shown here as a box naming it (the writing area draws a live
// preview with its settings instead: renderer/editor/DynamicBlockPreview.tsx).
import { Node } from '@tiptap/core';
import { BLOCK_ATTRIBUTES } from './kept-attributes.ts';
import { keptText } from './kept-markup.ts';
import { DYNAMIC_BLOCKS } from './dynamic-blocks.ts';

export const DynamicBlock = Node.create({
  name: 'dynamicBlock',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      name: { default: '', parseHTML: (element) => element.getAttribute('data-name') ?? '', renderHTML: (attributes) => ({ 'data-name': String(attributes.name) }) },
      blockAttributes: BLOCK_ATTRIBUTES,
      inner: { default: null, parseHTML: (element) => element.getAttribute('data-inner'), renderHTML: (attributes) => (typeof attributes.inner === 'string' ? { 'data-inner': attributes.inner } : {}) },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-dynamic-block]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const title = DYNAMIC_BLOCKS[String(node.attrs.name)]?.title ?? String(node.attrs.name);
    return ['div', { ...HTMLAttributes, 'data-dynamic-block': '', class: 'dynamic-block', contenteditable: 'false' }, `${title}: made by the site when the page is shown`];
  },
  // The words of the blocks it holds as read (what a query loop shows when it finds nothing) count as the reader sees them.
  renderText({ node }) {
    return typeof node.attrs.inner === 'string' ? keptText(node.attrs.inner) : '';
  },
});
