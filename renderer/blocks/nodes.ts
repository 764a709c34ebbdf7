// The editor's own nodes: embeds (a URL the site's oEmbed turns into a player) and
// blocks the editor does not model, kept byte for byte and shown as a locked box.
import { Node, mergeAttributes } from '@tiptap/core';
import Image from '@tiptap/extension-image';

export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      url: { default: '' },
      type: { default: '' },
      providerNameSlug: { default: '' },
    };
  },
  parseHTML() {
    return [{ tag: 'figure[data-embed-url]', getAttrs: (element) => ({ url: (element as HTMLElement).getAttribute('data-embed-url') }) }];
  },
  renderHTML({ node }) {
    return ['figure', { 'data-embed-url': node.attrs.url, class: 'embed-preview' }, ['span', {}, `Embed: ${node.attrs.url as string}`]];
  },
});

export const UnknownBlock = Node.create({
  name: 'unknownBlock',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes() {
    return { markup: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'div[data-unknown-block]', getAttrs: (element) => ({ markup: (element as HTMLElement).getAttribute('data-markup') ?? '' }) }];
  },
  renderHTML({ node }) {
    const name = /<!--\s+wp:([a-z0-9_/-]+)/.exec(node.attrs.markup as string)?.[1] ?? 'block';
    return ['div', mergeAttributes({ 'data-unknown-block': '', class: 'unknown-block', contenteditable: 'false' }), `Block “${name}” is kept as it is; edit it on the site.`];
  },
});

/** Images carry their media library id and caption, as the image block saves them. */
export const LibraryImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      id: { default: null },
      caption: { default: '' },
    };
  },
});
