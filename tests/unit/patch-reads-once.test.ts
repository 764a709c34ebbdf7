// @vitest-environment jsdom
// A save of classic content with a block put in it tries several places for the change, each read
// back to see whether it reads as written (minimal-edit.ts); reading classic content back is most of
// a save's cost, so a save reads each place it tries once, however many of its tries meet it again.
import { describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { patchedSource } from '../../renderer/blocks/minimal-edit.ts';
import { withoutBlockComments } from '../../renderer/blocks/block-comments.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';

/** A document written anew: each block's source forgotten, so it is written as the editor writes what it read. */
const writtenAnew = (node: JSONContent): JSONContent => {
  const { source: _source, canonical: _canonical, ...attrs } = node.attrs ?? {};
  return { ...node, ...(node.attrs ? { attrs } : {}), ...(node.content ? { content: node.content.map(writtenAnew) } : {}) };
};
const reread = (markup: string) => docToMarkup(writtenAnew(markupToDoc(markup)));

const QUOTES = {
  'words outside a paragraph': '<blockquote>Inside words and more.<!-- note --></blockquote>',
  'words in a paragraph': '<blockquote><!-- note --><p>Inside words and more.</p></blockquote>',
};

/** The HTML a block is put in as, without its block comments: the inserter's blocks, one of each first tag (what the places tried depend on). */
const firstTag = (html: string) => /^\s*<([a-z0-9]+)/i.exec(html)?.[1] ?? '';
const BLOCK_HTML = [...new Map(INSERTER_BLOCKS.map(([block, markup]) => [firstTag(withoutBlockComments(markup)), { block, html: withoutBlockComments(markup) }])).values()];

describe('a save of classic content with a block put in it', () => {
  it.each(Object.entries(QUOTES).flatMap(([shape, quote]) => BLOCK_HTML.map(({ block, html }) => ({ name: `${block} in a quote of ${shape}`, quote, html }))))('$name reads each place it tries once', ({ quote, html }) => {
    const source = `First words.\n\n${quote}`;
    const canonical = reread(source);
    const at = canonical.indexOf('Inside words');
    const written = `${canonical.slice(0, at)}${html}${canonical.slice(at)}`;
    const read: string[] = [];
    patchedSource(source, canonical, written, (patched) => (read.push(patched), reread(patched)), true);
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((patched, index) => read.indexOf(patched) !== index)).toEqual([]);
  });
});
