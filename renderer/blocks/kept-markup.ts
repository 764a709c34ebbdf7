// Markup the editor does not model, held in an `unknownBlock` node and written back unchanged.
import type { JSONContent } from '@tiptap/core';

export function keptMarkup(markup: string): JSONContent {
  return { type: 'unknownBlock', attrs: { markup } };
}

/** What the kept markup is, in words: the block's name (core blocks are written without "core/"), or the HTML element. */
export function describeKeptMarkup(markup: string): string {
  const block = /^\s*<!--\s+wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)/.exec(markup);
  if (block) return `${block[1] ?? 'core/'}${block[2]} block`;
  if (markup.trimStart().startsWith('<!--')) return 'HTML comment';
  const element = /^\s*<([a-zA-Z][a-zA-Z0-9-]*)/.exec(markup);
  return element ? `HTML <${element[1].toLowerCase()}>` : 'HTML';
}
