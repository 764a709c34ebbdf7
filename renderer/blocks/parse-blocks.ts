// Reads block markup into an editor document. A block becomes an editable node only when
// everything in it is something the editor models; anything else is kept as it was.
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { editorExtensions } from './extensions.ts';
import { splitBlocks, type Piece } from './split-blocks.ts';

/** Attributes each modelled block may carry; any other attribute makes it an unknown block. */
const MODELLED: Record<string, { node: string; attrs: readonly string[]; tags: RegExp }> = {
  'core/paragraph': { node: 'paragraph', attrs: [], tags: /^(p|strong|b|em|i|s|del|code|u|a|br)$/ },
  'core/heading': { node: 'heading', attrs: ['level'], tags: /^(h[1-6]|strong|b|em|i|s|del|code|u|a|br)$/ },
  'core/list': { node: 'list', attrs: ['ordered', 'start'], tags: /^(ul|ol|li|p|strong|b|em|i|s|del|code|u|a|br)$/ },
  'core/quote': { node: 'blockquote', attrs: [], tags: /^(blockquote|p|strong|b|em|i|s|del|code|u|a|br)$/ },
  'core/code': { node: 'codeBlock', attrs: [], tags: /^(pre|code)$/ },
};

const stripComments = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');

let schemaParser: SchemaParser | null = null;

/** HTML to editor nodes. The schema is built once: building it per block made long posts slow to open. */
function htmlNodes(html: string): JSONContent[] {
  schemaParser ??= SchemaParser.fromSchema(getSchema(editorExtensions));
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
  const doc = schemaParser.parse(body).toJSON() as JSONContent;
  return (doc.content ?? []).filter((node) => !(node.type === 'paragraph' && !node.content));
}

function tagsWithin(html: string, allowed: RegExp): boolean {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].every((match) => allowed.test(match[1].toLowerCase()));
}

function attributeOf(html: string, tag: string, name: string): string | null {
  const element = new RegExp(`<${tag}\\b[^>]*>`, 'i').exec(html)?.[0];
  const value = element ? new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(element)?.[1] : undefined;
  return value === undefined ? null : value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function blockNodes(piece: Extract<Piece, { kind: 'block' }>): JSONContent[] {
  const keep: JSONContent[] = [{ type: 'unknownBlock', attrs: { markup: piece.source } }];
  const attrs = piece.block.attrs ?? {};
  const modelled = MODELLED[piece.name];
  if (modelled) {
    const html = stripComments(piece.source);
    if (!Object.keys(attrs).every((key) => modelled.attrs.includes(key)) || !tagsWithin(html, modelled.tags)) return keep;
    const nodes = htmlNodes(html);
    const expected = modelled.node === 'list' ? (attrs.ordered ? 'orderedList' : 'bulletList') : modelled.node;
    return nodes.length === 1 && nodes[0].type === expected ? nodes : keep;
  }
  switch (piece.name) {
    case 'core/image': {
      const html = piece.block.innerHTML;
      const known = Object.keys(attrs).every((key) => ['id', 'sizeSlug', 'linkDestination'].includes(key));
      const src = attributeOf(html, 'img', 'src');
      if (!known || src === null || /<a\b/i.test(html)) return keep;
      const caption = /<figcaption[^>]*>([\s\S]*?)<\/figcaption>/i.exec(html)?.[1] ?? '';
      return [{ type: 'image', attrs: { src, alt: attributeOf(html, 'img', 'alt') ?? '', id: typeof attrs.id === 'number' ? attrs.id : null, caption } }];
    }
    case 'core/embed': {
      const known = Object.keys(attrs).every((key) => ['url', 'type', 'providerNameSlug'].includes(key));
      if (!known || typeof attrs.url !== 'string') return keep;
      return [{ type: 'embed', attrs: { url: attrs.url, type: attrs.type ?? '', providerNameSlug: attrs.providerNameSlug ?? '' } }];
    }
    case 'core/separator':
      return Object.keys(attrs).length === 0 ? [{ type: 'horizontalRule' }] : keep;
    default:
      return keep;
  }
}

export function markupToDoc(markup: string): JSONContent {
  const content = splitBlocks(markup).flatMap((piece) => (piece.kind === 'html' ? htmlNodes(piece.source) : blockNodes(piece)));
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}
