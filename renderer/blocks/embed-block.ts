// The embed block (`core/embed`): an address the site's oEmbed turns into a player, its provider
// and type in its attributes. One with attributes the editor has no control for (aspect ratio, a
// caption, a class) keeps its figure as read while its address stays the same. A new one is made
// around an address asked first. While writing it shows the site's preview, or a link card when the
// address cannot be reached (embed-preview.tsx). Its older `core-embed/*` forms: older-forms.ts.
import { Node, mergeAttributes, type JSONContent } from '@tiptap/core';
import { attributesOf, madeBlockMarkup, writesBackExactly, type BlockDefinition, type HtmlReading, type WrittenBlock } from './block-definition.ts';
import { escapeAttribute, escapeText } from './inline-html.ts';
import { PARAGRAPH_NAME } from './paragraph-block.ts';
import { BLOCK_ATTRIBUTES, HELD_HTML, htmlLines } from './kept-attributes.ts';
import { dataAttribute } from './nodes.ts';
import { providerOf } from './embed-providers.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/embed';
/** The block's node, which the formatting toolbar inserts. */
export const EMBED_NODE = 'embed';

const text = (name: string) => dataAttribute(name, '', (value) => value);

/** An embed of `url`, as the writer makes one. */
export const newEmbed = (url: string): JSONContent => ({ type: EMBED_NODE, attrs: { url } });

function embedCandidate(block: ParsedBlock): JSONContent {
  const attribute = (name: string) => String(block.attrs?.[name] ?? '');
  return { type: EMBED_NODE, attrs: { url: attribute('url'), type: attribute('type'), providerNameSlug: attribute('providerNameSlug') } };
}

/** An embed's figure as the block editor writes it: its URL alone in the wrapper, and maybe a caption. */
const EMBED_FIGURE = /^\s*<figure class="wp-block-embed[^"]*"><div class="wp-block-embed__wrapper">\s*([^<]*?)\s*<\/div>(?:<figcaption class="wp-element-caption">([\s\S]*?)<\/figcaption>)?<\/figure>\s*$/;

/**
 * An embed with attributes the editor has no control for (aspect ratio, a caption, a class):
 * its figure is held as read while its address stays the same; the caption shows under it.
 */
function readHeldEmbed(block: ParsedBlock, body: HtmlReading['body']): JSONContent | null {
  const figure = EMBED_FIGURE.exec(block.innerHTML);
  const embed = embedCandidate(block);
  if (!figure || block.innerBlocks.length > 0 || body(figure[1]).textContent !== embed.attrs?.url) return null;
  // The address on a line of its own, as the save writes it (a hand may have indented it).
  const heldHtml = block.innerHTML.trim().replace(/(<div class="wp-block-embed__wrapper">)\s*([^<]*?)\s*<\/div>/, '$1\n$2\n</div>');
  return { ...embed, attrs: { ...embed.attrs, caption: figure[2] ?? '', blockAttributes: block.attrs, heldHtml } };
}

function writeEmbed(embed: JSONContent): WrittenBlock {
  const url = String(embed.attrs?.url ?? '');
  // The held figure stands while the embed shows the address it was read with.
  const { heldHtml, blockAttributes } = embed.attrs ?? {};
  if (typeof heldHtml === 'string' && blockAttributes?.url === url) return { name: NAME, attributes: blockAttributes as Record<string, unknown>, html: heldHtml };
  const type = String(embed.attrs?.type ?? '');
  const provider = String(embed.attrs?.providerNameSlug ?? '');
  const attributes = { url, ...(type ? { type } : {}), ...(provider ? { providerNameSlug: provider } : {}) };
  const classes = ['wp-block-embed', type && `is-type-${type}`, provider && `is-provider-${provider} wp-block-embed-${provider}`].filter(Boolean).join(' ');
  // The URL stands on its own line, where the site's auto-embed finds it.
  return { name: NAME, attributes, html: `<figure class="${classes}"><div class="wp-block-embed__wrapper">\n${escapeText(url)}\n</div></figure>` };
}

/**
 * The embed block the block editor makes of an address one of its providers knows (its
 * createUpgradedEmbedBlock: the address and that provider's attributes), as its serializer writes
 * it; null for an address no provider knows.
 */
export function embedOfAddress(url: string): string | null {
  const provider = providerOf(url);
  if (!provider) return null;
  const { slug, responsive, previewable } = provider;
  const attributes = { url, providerNameSlug: slug, ...(responsive ? { responsive } : {}), ...(previewable ? {} : { previewable }) };
  return madeBlockMarkup(NAME, attributes, `<figure class="wp-block-embed is-provider-${slug} wp-block-embed-${slug}"><div class="wp-block-embed__wrapper">\n${escapeText(url)}\n</div></figure>`);
}

/** The embed as the editor writes a new one, else its figure held as read; null keeps it as written. */
function readEmbed(block: ParsedBlock, _source: string, html: HtmlReading): JSONContent | null {
  const candidate = embedCandidate(block);
  return writesBackExactly(block, writeEmbed(candidate)) ? candidate : readHeldEmbed(block, html.body);
}

export const Embed = Node.create({
  name: EMBED_NODE,
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    // The caption (HTML) of an embed read with one: shown, and kept as written; the block's attributes and its figure as read.
    return { url: text('url'), type: text('type'), providerNameSlug: text('providerNameSlug'), caption: text('caption'), blockAttributes: BLOCK_ATTRIBUTES, heldHtml: HELD_HTML };
  },
  parseHTML() {
    return [{ tag: 'figure[data-embed]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['figure', mergeAttributes(HTMLAttributes, { 'data-embed': '', class: 'embed-preview' }), `Embed: ${String(node.attrs.url)}`];
  },
  // Its caption's words count, as the reader sees them.
  renderText({ node }) {
    return htmlLines(String(node.attrs.caption));
  },
});

/** The classes an embed's aspect ratio gives it, which its transform to a paragraph takes out (the block editor's removeAspectRatioClasses). */
const ASPECT_CLASSES = ['wp-has-aspect-ratio', ...['21-9', '18-9', '16-9', '4-3', '3-2', '1-1', '9-16', '1-2'].map((ratio) => `wp-embed-aspect-${ratio}`)];

/** An embed turned into a paragraph linking to its address, its class less its aspect ratio's, as the block editor's transform does; null for one without an address or with a caption (not made here yet). */
function paragraphOfEmbed(block: ParsedBlock): string | null {
  const { url, className } = attributesOf(block);
  if (typeof url !== 'string' || !url || block.innerHTML.includes('<figcaption')) return null;
  const kept = typeof className === 'string' ? ASPECT_CLASSES.reduce((classes, aspect) => classes.replace(aspect, ''), className).trim() : undefined;
  return madeBlockMarkup(PARAGRAPH_NAME, kept === undefined ? {} : { className: kept }, `<p${kept ? ` class="${escapeAttribute(kept)}"` : ''}><a href="${escapeAttribute(url)}">${escapeText(url)}</a></p>`);
}

export const embedBlock: BlockDefinition = {
  transforms: { [NAME]: [{ to: PARAGRAPH_NAME, title: 'Paragraph', make: paragraphOfEmbed }] },
  readers: { [NAME]: readEmbed },
  extensions: [Embed],
  writers: { [EMBED_NODE]: writeEmbed },
  inserter: [{ title: 'Embed', keywords: 'youtube vimeo twitter url oembed', after: 'Video', addressed: newEmbed }],
  described: { [EMBED_NODE]: (node) => `an embed (${String(node.attrs.url)})` },
  remembersReading: true,
  holdsCurrentFormOnly: true,
};
