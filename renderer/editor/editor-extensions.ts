// The editor's extensions as the writing area uses them: the schema of blocks/, with
// embeds previewed through the site's oEmbed proxy.
import type { Extensions } from '@tiptap/core';
import { ReactNodeViewRenderer } from '@tiptap/react';
import { editorExtensions } from '../blocks/extensions.ts';
import { Embed } from '../blocks/nodes.ts';
import { EmbedPreview } from './EmbedPreview.tsx';

const PreviewedEmbed = Embed.extend({
  addNodeView() {
    return ReactNodeViewRenderer(EmbedPreview);
  },
});

export const writingExtensions: Extensions = editorExtensions.map((extension) => (extension === Embed ? PreviewedEmbed : extension));
