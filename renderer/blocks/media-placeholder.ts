// A media block that holds no media yet (an image, gallery, cover, media & text, audio, video or
// file just inserted, or read so from a post): one node for all of them, shown as the block
// editor's placeholder, where the writer uploads a file, picks one from the media library, types
// its address or drops files (renderer/editor/MediaPlaceholderView.tsx; selected, Tab goes into
// those controls); the block is then made
// around the file as its inserter entry makes it (block-definition.ts: PickedEntry). Until then it
// is written as read: the block editor's own save of that empty block, byte for byte.
import { Node, type JSONContent } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import type { BlockDefinition, WrittenBlock } from './block-definition.ts';
import { dataAttribute } from './nodes.ts';
import { splitBlocks } from './split-blocks.ts';

export const MEDIA_PLACEHOLDER_NODE = 'mediaPlaceholder';

/** The placeholder of the empty block `markup` (its inserter entry's `empty`), titled as the inserter names the block. */
export const placeholderNode = (title: string, markup: string): JSONContent => ({ type: MEDIA_PLACEHOLDER_NODE, attrs: { title, markup } });

/** An address typed without its protocol taken as https, as the block editor's placeholder takes it (prependHTTPS). */
export const withProtocol = (url: string) => (/^[a-z][a-z\d+.-]*:/i.test(url) || /^[/#?.]/.test(url) ? url : `https://${url}`);

/** The empty block as it was read (or inserted): its comment's name and attributes, and what stands between its comment's lines. */
function writePlaceholder(node: JSONContent): WrittenBlock {
  const markup = String(node.attrs?.markup ?? '');
  const [piece] = splitBlocks(markup);
  if (piece?.kind !== 'block') throw new Error('A media placeholder holds the markup of one block.');
  const { blockName, attrs } = piece.block;
  const html = /^<!-- wp:[^\n]*-->\n([\s\S]*)\n<!-- \/wp:[^\n]*-->$/.exec(markup)?.[1] ?? '';
  return { name: String(blockName), attributes: attrs ?? {}, html };
}

const text = (name: string) => dataAttribute(name, '', (value) => value);

export const MediaPlaceholder = Node.create({
  name: MEDIA_PLACEHOLDER_NODE,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { title: text('title'), markup: text('markup') };
  },
  parseHTML() {
    return [{ tag: 'div[data-media-placeholder]' }];
  },
  addKeyboardShortcuts() {
    return {
      // Selected (just inserted), Tab goes into its controls (Upload, Media Library, a cover's colours …), as the block editor's Tab goes into a selected block.
      Tab: ({ editor }) => {
        const { selection } = editor.state;
        if (!(selection instanceof NodeSelection) || selection.node.type.name !== MEDIA_PLACEHOLDER_NODE) return false;
        const shown = editor.view.nodeDOM(selection.from);
        const control = shown instanceof HTMLElement ? shown.querySelector<HTMLElement>('button') : null;
        control?.focus();
        return control !== null;
      },
    };
  },
  renderHTML({ HTMLAttributes, node }) {
    return ['div', { ...HTMLAttributes, 'data-media-placeholder': '', class: 'media-placeholder' }, String(node.attrs.title)];
  },
});

export const mediaPlaceholderBlock: BlockDefinition = {
  extensions: [MediaPlaceholder],
  writers: { [MEDIA_PLACEHOLDER_NODE]: writePlaceholder },
  described: { [MEDIA_PLACEHOLDER_NODE]: (node) => `an empty ${String(node.attrs.title).toLowerCase()}` },
  remembersReading: true,
};
