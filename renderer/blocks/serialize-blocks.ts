// Writes an editor document as block markup, exactly as the block editor saves the
// blocks it models; blocks it does not model are written back as they were read.
import type { JSONContent } from '@tiptap/core';
import { escapeAttribute, escapeHtml, inlineHtml } from './inline-html.ts';

/** Block attributes as JSON, with the escapes that keep them from ending the comment. */
export function serializeAttributes(attrs: Record<string, unknown>): string {
  return JSON.stringify(attrs)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

function comment(name: string, attrs: Record<string, unknown> | null, inner: string): string {
  const json = attrs && Object.keys(attrs).length > 0 ? ` ${serializeAttributes(attrs)}` : '';
  return `<!-- wp:${name}${json} -->\n${inner}\n<!-- /wp:${name} -->`;
}

function listMarkup(node: JSONContent): string {
  const ordered = node.type === 'orderedList';
  const tag = ordered ? 'ol' : 'ul';
  const items = (node.content ?? []).map((item) => {
    const children = item.content ?? [];
    const text = children.filter((child) => child.type === 'paragraph').map((child) => inlineHtml(child.content)).join('<br>');
    const nested = children.filter((child) => child.type === 'bulletList' || child.type === 'orderedList').map(listMarkup).join('');
    return comment('list-item', null, `<li>${text}${nested}</li>`);
  });
  const start = ordered && typeof node.attrs?.start === 'number' && node.attrs.start !== 1 ? { start: node.attrs.start } : {};
  return comment('list', ordered ? { ordered: true, ...start } : null, `<${tag} class="wp-block-list">${items.join('\n\n')}</${tag}>`);
}

function imageMarkup(node: JSONContent): string {
  const attrs = node.attrs ?? {};
  const id = typeof attrs.id === 'number' ? attrs.id : null;
  const blockAttrs = { ...(id !== null ? { id } : {}), sizeSlug: 'large', linkDestination: 'none' };
  const imgClass = id !== null ? ` class="wp-image-${id}"` : '';
  const caption = attrs.caption ? `<figcaption class="wp-element-caption">${attrs.caption as string}</figcaption>` : '';
  const img = `<img src="${escapeAttribute(String(attrs.src ?? ''))}" alt="${escapeAttribute(String(attrs.alt ?? ''))}"${imgClass}/>`;
  return comment('image', blockAttrs, `<figure class="wp-block-image size-large">${img}${caption}</figure>`);
}

function embedMarkup(node: JSONContent): string {
  const { url = '', type = '', providerNameSlug = '' } = (node.attrs ?? {}) as Record<string, string>;
  const attrs = { url, ...(type ? { type } : {}), ...(providerNameSlug ? { providerNameSlug } : {}) };
  const classes = ['wp-block-embed', type && `is-type-${type}`, providerNameSlug && `is-provider-${providerNameSlug}`, providerNameSlug && `wp-block-embed-${providerNameSlug}`]
    .filter(Boolean)
    .join(' ');
  return comment('embed', attrs, `<figure class="${classes}"><div class="wp-block-embed__wrapper">\n${escapeHtml(url)}\n</div></figure>`);
}

export function nodeMarkup(node: JSONContent): string {
  switch (node.type) {
    case 'paragraph':
      return comment('paragraph', null, `<p>${inlineHtml(node.content)}</p>`);
    case 'heading': {
      const level = Number(node.attrs?.level ?? 2);
      return comment('heading', level === 2 ? null : { level }, `<h${level} class="wp-block-heading">${inlineHtml(node.content)}</h${level}>`);
    }
    case 'bulletList':
    case 'orderedList':
      return listMarkup(node);
    case 'blockquote':
      return comment('quote', null, `<blockquote class="wp-block-quote">${(node.content ?? []).map(nodeMarkup).join('\n\n')}</blockquote>`);
    case 'codeBlock': {
      const text = (node.content ?? []).map((child) => child.text ?? '').join('');
      return comment('code', null, `<pre class="wp-block-code"><code>${escapeHtml(text)}</code></pre>`);
    }
    case 'image':
      return imageMarkup(node);
    case 'embed':
      return embedMarkup(node);
    case 'horizontalRule':
      return comment('separator', null, '<hr class="wp-block-separator has-alpha-channel-opacity"/>');
    case 'unknownBlock':
      return String(node.attrs?.markup ?? '');
    default:
      return '';
  }
}

const isEmptyParagraph = (node: JSONContent) => node.type === 'paragraph' && !node.content?.length;

/** Empty paragraphs at the end (the editor keeps one there to type into) are not content. */
export function docToMarkup(doc: JSONContent): string {
  const nodes = [...(doc.content ?? [])];
  while (nodes.length > 0 && isEmptyParagraph(nodes[nodes.length - 1])) nodes.pop();
  return nodes.map(nodeMarkup).filter((markup) => markup !== '').join('\n\n');
}
