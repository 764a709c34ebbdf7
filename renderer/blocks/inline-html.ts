// Inline content (text with marks, hard breaks) of a tiptap node, written as HTML.
import type { JSONContent } from '@tiptap/core';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}

const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', strike: 's', code: 'code', underline: 'u' };
/** Marks are written in this order (outermost first), so the same text always gives the same HTML. */
const MARK_ORDER = ['link', 'bold', 'italic', 'underline', 'strike', 'code'];

function wrap(html: string, mark: NonNullable<JSONContent['marks']>[number]): string {
  if (mark.type === 'link') return `<a href="${escapeAttribute(String(mark.attrs?.href ?? ''))}">${html}</a>`;
  const tag = MARK_TAGS[mark.type];
  return tag ? `<${tag}>${html}</${tag}>` : html;
}

export function inlineHtml(content: JSONContent[] | undefined): string {
  return (content ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br>';
      if (node.type !== 'text') return '';
      const marks = [...(node.marks ?? [])].sort((a, b) => MARK_ORDER.indexOf(b.type) - MARK_ORDER.indexOf(a.type));
      return marks.reduce((html, mark) => wrap(html, mark), escapeHtml(node.text ?? ''));
    })
    .join('');
}
