// The editor's extensions as the writing area uses them: the schema of blocks/, with
// embeds previewed through the site's oEmbed proxy, dynamic blocks from the site's lists,
// images (held classic ones too) with their controls in place, empty media blocks with their placeholder, keys read where the caret is first, files dropped from
// the desktop or pasted handed to the screen, a drag taking the innermost block under the pointer,
// a click on a block holding none selecting it, an empty line opened before or after a block from the keyboard, links in a block's link colour,
// and the placeholder a block names shown in its empty text.
import type { Extensions } from '@tiptap/core';
import { ReactNodeViewRenderer } from '@tiptap/react';
import { editorExtensions } from '../blocks/extensions.ts';
import { LibraryImage } from '../blocks/image-block.ts';
import { Embed } from '../blocks/embed-block.ts';
import { PageSelectionFirst } from './dom-selection.ts';
import { EmbedPreview } from '../blocks/embed-preview.tsx';
import { DragInnermost } from './drag-innermost.ts';
import { EmptyBlockClick } from './empty-block-click.ts';
import { BlockPlaceholders } from './block-placeholders.ts';
import { BlockColoursDrawn } from './block-colours-drawn.ts';
import { BlockBoxStyleDrawn } from './block-box-style-drawn.ts';
import { LinkColoursShown } from './link-colours-shown.ts';
import { FileDrop } from './file-drop.ts';
import { AwaitingMedia } from './awaiting-media.ts';
import { InsertBeside } from './insert-beside.ts';
import { BlockArrows } from './block-arrows.ts';
import { BlockOptionKeys } from './block-options.ts';
import { ImageControls } from './ImageControls.tsx';
import { HeldImage } from '../blocks/held-image.ts';
import { HeldImageControls } from './HeldImageControls.tsx';
import { DynamicBlock } from '../blocks/dynamic-block-node.ts';
import { DynamicBlockPreview } from './DynamicBlockPreview.tsx';
import { MediaPlaceholder } from '../blocks/media-placeholder.ts';
import { MediaPlaceholderView } from './MediaPlaceholderView.tsx';

const PreviewedEmbed = Embed.extend({
  addNodeView() {
    return ReactNodeViewRenderer(EmbedPreview);
  },
});

const ControlledImage = LibraryImage.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ImageControls);
  },
});

/** An image of classic content held as read, with the image controls that change only what they set. */
const ControlledHeldImage = HeldImage.extend({
  addNodeView() {
    return ReactNodeViewRenderer(HeldImageControls);
  },
});

/** A dynamic block shows what the site will show for it, and its settings when selected. */
const PreviewedDynamicBlock = DynamicBlock.extend({
  addNodeView() {
    return ReactNodeViewRenderer(DynamicBlockPreview);
  },
});

/** A media block holding no media shows the block editor's placeholder, where its media is chosen. */
const ChosenMedia = MediaPlaceholder.extend({
  addNodeView() {
    return ReactNodeViewRenderer(MediaPlaceholderView);
  },
});

const IN_PLACE = new Map<unknown, unknown>([[Embed, PreviewedEmbed], [LibraryImage, ControlledImage], [HeldImage, ControlledHeldImage], [DynamicBlock, PreviewedDynamicBlock], [MediaPlaceholder, ChosenMedia]]);

export const writingExtensions = [...editorExtensions.map((extension) => IN_PLACE.get(extension) ?? extension), PageSelectionFirst, FileDrop, AwaitingMedia, DragInnermost, EmptyBlockClick, InsertBeside, BlockArrows, BlockOptionKeys, LinkColoursShown, BlockPlaceholders, BlockColoursDrawn, BlockBoxStyleDrawn] as Extensions;
