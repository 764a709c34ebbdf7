// @vitest-environment jsdom
// Classic (freeform) content is editable in place as a class (issue 29): every inline element and
// box classic content holds with a class, a style or both (a span, a bold with a class, a paragraph,
// a division, nested, inside tables and lists), in a classic post, between blocks and in a Classic
// block written with its comment, is shown whole with no read-only box, saved byte for byte
// untouched, and a word typed inside it is kept with the rest byte for byte. Between blocks, where
// no paragraphs are formed, written anew (as if every part were edited) it is the same HTML: the
// editor writes it back as TinyMCE keeps it.
import { afterAll, describe, expect, it } from 'vitest';
import { autop } from '@wordpress/autop';
import { getSchema, type JSONContent } from '@tiptap/core';
import type { NodeType } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { builtInExtensions } from '../../renderer/blocks/built-in-extensions.ts';
import { classicNodeSamples } from '../helpers/classic-node-samples.ts';
import { keptText } from '../../renderer/blocks/kept-markup.ts';
import { HELD_INLINE_MARK, HELD_INLINE_TAGS, HELD_ITEM_BLOCK_TAGS, type Held } from '../../renderer/blocks/held-inline.ts';
import { inlineHtml } from '../../renderer/blocks/inline-html.ts';
import { withAlignment, withHeld } from '../../renderer/blocks/held-image-edits.ts';
import { IN_ITEM_BLOCKS, PLAIN_IMAGE, itemImageLists } from '../helpers/item-images.ts';
import { INSERTER_BLOCKS, INSERTER_COMMAND_BLOCKS } from '../helpers/inserter-blocks.ts';
import { changedPart, expectOnlyTheBlockIn, blockFirstForFile } from '../helpers/block-first.ts';

const withBlockFirst = blockFirstForFile();

const schema = getSchema(editorExtensions);
const WORDS = 'Inside words';
const TYPED = 'Inside typed words';

/** The attributes a box or an inline element carries in classic content (a style TinyMCE writes, bold or not: it is a look, not a bold mark). */
const ATTRIBUTES: Readonly<Record<string, string>> = {
  class: ' class="note"',
  style: ' style="color: #c00; font-weight: bold;"',
  'class and style': ' class="note wide" style="text-align: center;"',
  'language and title': ' lang="fr" title="Said &quot;so&quot;"',
  'no attribute': '',
};

/** Each element with those attributes around WORDS, as top-level classic HTML. */
const SHAPES: Readonly<Record<string, (attributes: string) => string>> = {
  span: (a) => `<p>Lead <span${a}>${WORDS}</span> tail.</p>`,
  'bold with attributes': (a) => `<p>Lead <strong${a}>${WORDS}</strong> tail.</p>`,
  'italic with attributes in a link': (a) => `<p><a href="https://example.com/">Lead <em${a}>${WORDS}</em></a></p>`,
  'nested spans': (a) => `<p><span${a}>Lead <span class="inner">${WORDS}</span></span></p>`,
  'span holding bold': (a) => `<p><span${a}><strong>${WORDS}</strong> tail</span></p>`,
  ...Object.fromEntries(HELD_INLINE_TAGS.filter((tag) => tag !== 'span').map((tag) => [`${tag} element`, (a: string) => `<p>Lead <${tag}${a}>${WORDS}</${tag}> tail.</p>`])),
  'code holding line breaks': (a) => `<p>Lead <code${a}>${WORDS};<br>second();</code> tail.</p>`,
  'nested small elements': (a) => `<p><small${a}>Lead <small>${WORDS}</small></small></p>`,
  'deletion and insertion with a cite': (a) => `<p><del cite="https://example.com/why"${a}>Old</del> <ins cite="https://example.com/why" datetime="2024-01-02">${WORDS}</ins></p>`,
  paragraph: (a) => `<p${a}>${WORDS} and <em>more</em>.</p>`,
  division: (a) => `<div${a}>${WORDS} and <em>more</em>.</div>`,
  address: (a) => `<address${a}>${WORDS}<br>Cupertino</address>`,
  'division holding a span': (a) => `<div${a}>Lead <span${a}>${WORDS}</span><br>next line</div>`,
  'nested divisions': (a) => `<div${a}>\n<div class="inner">${WORDS}</div>\n</div>`,
  'division holding a paragraph': (a) => `<div${a}><p${a}>${WORDS}</p></div>`,
  'span in a table': (a) => `<table><tbody><tr><td>Cell <span${a}>${WORDS}</span></td><td>Other</td></tr></tbody></table>`,
  'span in a list': (a) => `<ul><li>Item <span${a}>${WORDS}</span></li><li>Other</li></ul>`,
  'definition list': (a) => `<dl${a}><dt${a}>Term</dt><dd${a}>${WORDS} <em>defined</em>.</dd><dt>Other</dt><dd>Its meaning</dd></dl>`,
  'definition list on lines': (a) => `<dl${a}>\n<dt${a}></dt>\n<dd${a}>${WORDS} <a href="https://example.com/">linked</a></dd>\n</dl>`,
  'division of several paragraphs': (a) => `<div${a}>\n<p>${WORDS} first.</p>\n<p${a}>Second <strong>one</strong>.</p>\n</div>`,
  'table cells with attributes and spans': (a) => `<table>\n<tbody>\n<tr${a}>\n<td${a} colspan="2">${WORDS}</td>\n</tr>\n<tr>\n<th${a} rowspan="2">Head</th>\n<td>One</td>\n</tr>\n<tr class="odd">\n<td${a}></td>\n</tr>\n</tbody>\n</table>`,
  'numbered list counting down from a start': (a) => `<ol${a} reversed start="9" type="i"><li>${WORDS}</li><li>Other</li></ol>`,
  'numbered list in a list': (a) => `<ul${a}>\n\t<li>Item\n<ol reversed="reversed"${a}>\n\t<li>${WORDS}</li>\n</ol>\n</li>\n</ul>`,
  'list items with attributes': (a) => `<ol${a} start="3"><li${a}>${WORDS}</li><li value="7" class="odd">Other</li></ol>`,
  heading: (a) => `<h2${a}>${WORDS} and <em>more</em>.</h2>`,
  'table with attributes': (a) => `<table${a}><tbody><tr><td>${WORDS}</td><td>Other</td></tr></tbody></table>`,
  'quote with a cite': (a) => `<blockquote cite="https://example.com/source"${a}><p>${WORDS} and <em>more</em>.</p></blockquote>`,
  'quote in a quote': (a) => `<blockquote${a}><p>Said:</p><blockquote cite="https://example.com/source"><p>${WORDS}</p></blockquote></blockquote>`,
  'code in a link': (a) => `<p>Lead <a href="https://example.com/cite" title="The citation element"><code${a}>&lt;cite&gt;</code></a> ${WORDS}.</p>`,
  'code in bold': (a) => `<p><strong>Lead <code${a}>&lt;blockquote&gt;</code> ${WORDS}</strong> tail.</p>`,
  'small in a small of the same attributes': (a) => `<p>Lead <small${a}>small<small${a}> ${WORDS}</small></small> tail.</p>`,
  // The shortcode as WordPress's editor wrote it, a link's title before its address, as in the theme unit test.
  'caption with a titled link': (a) => `[caption id="attachment_9" align="aligncenter" width="300"]<img class="size-full wp-image-9" title="The photo" alt="A photo" src="https://example.com/photo.jpg" width="300" height="200" /> <span${a}>${WORDS}</span> getting some <a title="Image Settings" href="https://example.com/settings/">caption</a> love.[/caption]`,
  preformatted: (a) => `<pre${a}>\n${WORDS} &lt;tag&gt; &amp; <cite${a}>more</cite>\n  indented line</pre>`,
  'preformatted without a newline after its tag': (a) => `<pre${a}><strong>${WORDS}</strong>\n\n  indented line</pre>`,
  // Images as WordPress's editor inserted them: alignment, size and library classes, a title, a size, the slash TinyMCE writes.
  image: (a) => `<p><img${a} src="https://example.com/photo-300x200.jpg" alt="A photo" width="300" height="200" /> ${WORDS}</p>`,
  'image among words outside a paragraph': (a) => `<img${a} src="https://example.com/photo-300x200.jpg" alt="A photo" width="300" height="200" /> ${WORDS}`,
  'linked image': (a) => `<p><a href="https://example.com/photo.jpg"><img${a} src="https://example.com/photo-300x200.jpg" alt="" width="300" height="200" /></a>${WORDS}</p>`,
  // Links as themes and plugins write them (a lightbox's class …), around words and around an image.
  'link with attributes': (a) => `<p>Lead <a${a} href="https://example.com/page" target="_blank" rel="noopener">${WORDS}</a> tail.</p>`,
  'link with attributes around an image': (a) => `<p><a${a} href="https://example.com/photo.jpg" target="_blank" rel="noopener"><img class="alignnone size-full wp-image-7" src="https://example.com/photo.jpg" alt="A photo" width="300" height="200" /></a> ${WORDS}</p>`,
  'image with its size classes and title': (a) => `<p${a}><img class="alignleft size-medium wp-image-12" title="The photo" src="https://example.com/photo-300x200.jpg" alt="A photo" width="300" height="200" />${WORDS}</p>`,
};

/** The block before classic HTML between blocks. */
const BLOCK_BEFORE = '<!-- wp:paragraph -->\n<p>Block words.</p>\n<!-- /wp:paragraph -->';

/** Where classic HTML stands: a post of classic content (paragraphs formed from its line breaks), HTML between blocks, a Classic block with its comment. */
const CONTEXTS: Readonly<Record<string, (html: string) => string>> = {
  'classic post': (html) => `First words.\n\n${html}\n\nLast words.`,
  'between blocks': (html) => `${BLOCK_BEFORE}\n\n${html}`,
  'classic block with its comment': (html) => `${BLOCK_BEFORE}\n\n<!-- wp:freeform -->\n${html}\n<!-- /wp:freeform -->`,
};

/** A value frozen through and through: a document read once and shared by the cases that open the same markup, which none may change for another. */
const frozen = <T,>(value: T): T => {
  if (value !== null && typeof value === 'object') Object.values(Object.freeze(value)).forEach(frozen);
  return value;
};

/** The documents read, by markup: the cases open the same markup again and again (a list once for each edit of its items). */
const read = new Map<string, JSONContent>();

/** The document as the editor holds it (every attribute through the editor's schema), read once per markup. */
const opened = (markup: string): JSONContent => {
  let doc = read.get(markup);
  if (!doc) read.set(markup, (doc = frozen(schema.nodeFromJSON(markupToDoc(markup)).toJSON() as JSONContent)));
  return doc;
};

const SHORTCODE_TAG = /\[\/?caption[^\]]*\]/g;

const readOnlyBoxes = (node: JSONContent): string[] => [...(node.type === 'unknownBlock' ? [String(node.attrs?.markup)] : []), ...(node.content ?? []).flatMap(readOnlyBoxes)];

const shownText = (doc: JSONContent) => schema.nodeFromJSON(doc).textBetween(0, schema.nodeFromJSON(doc).content.size, '\n', '\n');
const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** The document with TYPED in place of WORDS, as a writer typing a word inside it. */
const typedInside = (node: JSONContent): JSONContent => ({
  ...node,
  ...(node.text?.includes(WORDS) ? { text: node.text.replace(WORDS, TYPED) } : {}),
  ...(node.content ? { content: node.content.map(typedInside) } : {}),
});

/** The document as if every part were edited: nothing written from its source. */
const writtenAnew = (node: JSONContent): JSONContent => ({
  ...node,
  ...(node.attrs ? { attrs: { ...node.attrs, source: null, canonical: null } } : {}),
  ...(node.content ? { content: node.content.map(writtenAnew) } : {}),
});

/** HTML as the editor's formats write it: a deletion is strikethrough's `<s>` (the block editor's), a `>` in text unescaped (as rich text writes it), as before. */
const asFormatsWrite = (html: string) => html.replace(/<(\/?)del\b/g, '<$1s').replace(/&gt;/g, '>');

/** A list, which the editor writes anew with its tags and spacing as read. */
const LIST = /^<(ol|ul)[\s>]/;

/** The document with each held image's attributes changed (as its controls change them). */
const withImagesChanged = (node: JSONContent, change: (held: Held) => Held): JSONContent => ({
  ...node,
  ...(node.type === 'heldImage' ? { attrs: { ...node.attrs, held: change(node.attrs?.held as Held) } } : {}),
  ...(node.content ? { content: node.content.map((child) => withImagesChanged(child, change)) } : {}),
});

const LINKED_TO = 'https://example.com/linked';

/** The document with a link on its first held image, as its controls add one. */
/** The document with every link's address changed (as the link field changes it: its other attributes kept). */
const withLinksTo = (node: JSONContent, href: string): JSONContent => ({
  ...node,
  ...(node.marks ? { marks: node.marks.map((mark) => (mark.type === 'link' ? { ...mark, attrs: { ...mark.attrs, href } } : mark)) } : {}),
  ...(node.content ? { content: node.content.map((child) => withLinksTo(child, href)) } : {}),
});

function withImageLinked(doc: JSONContent): JSONContent {
  let done = false;
  const linked = (node: JSONContent): JSONContent => {
    if (!done && node.type === 'heldImage') {
      done = true;
      return { ...node, marks: [...(node.marks ?? []), { type: 'link', attrs: { href: LINKED_TO } }] };
    }
    return node.content ? { ...node, content: node.content.map(linked) } : node;
  };
  return linked(doc);
}

/** The first list of a document (of HTML, the first written) changed in its items. */
type ItemsEdit = <T>(items: T[]) => T[];

function withFirstListEdited(node: JSONContent, edit: ItemsEdit): JSONContent {
  let done = false;
  const edited = (child: JSONContent): JSONContent => {
    if (done) return child;
    if (child.type === 'bulletList' || child.type === 'orderedList') {
      done = true;
      return { ...child, content: edit(child.content ?? []) };
    }
    return child.content ? { ...child, content: child.content.map(edited) } : child;
  };
  return edited(node);
}

/** The items of the first list of `html` as written: where each starts (the whitespace before it) and ends. */
function firstListItems(html: string): { start: number; end: number }[] {
  const items: { start: number; end: number }[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of html.matchAll(/<(\/?)(ul|ol|li)[\s>]/g)) {
    const closing = tag[1] === '/';
    if (tag[2] !== 'li') depth += closing ? -1 : 1;
    else if (depth === 1 && !closing) start = html.slice(0, tag.index).search(/\s*$/);
    else if (depth === 1) items.push({ start, end: html.indexOf('>', tag.index) + 1 });
    if (depth === 0) break;
  }
  return items;
}

/** Spacing between a list's tags, which an edit of its items must keep. */
const LIST_SPACING = />\s+<\/?(li|ul|ol)[\s>]/;

const NEW_ITEM = { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Added' }] }] };

/**
 * The edits of a list's items: an item added at its start, after its first item, at its end, its
 * first or last item removed; each with the HTML the list is then written as: the other items and
 * the spacing between them as read, a new item spaced as the item before it (at the start, as the
 * one after it).
 */
function itemEdits(html: string): { edit: string; change: ItemsEdit; written: string }[] {
  const items = firstListItems(html);
  const spaceOf = (item: { start: number }) => /^\s*/.exec(html.slice(item.start))?.[0] ?? '';
  const added = (at: number) => {
    const place = at === 0 ? items[0].start : items[at - 1].end;
    return `${html.slice(0, place)}${spaceOf(items[Math.max(0, at - 1)])}<li>Added</li>${html.slice(place)}`;
  };
  const removed = (at: number) => `${html.slice(0, items[at].start)}${html.slice(items[at].end)}`;
  const last = items.length - 1;
  return [
    { edit: 'an item added at its start', change: <T>(list: T[]) => [NEW_ITEM as T, ...list], written: added(0) },
    ...(items.length > 1 ? [{ edit: 'an item added after its first', change: <T>(list: T[]) => [list[0], NEW_ITEM as T, ...list.slice(1)], written: added(1) }] : []),
    // (A list's new last item without spacing is the check of the first describe.)
    ...(LIST_SPACING.test(html) ? [{ edit: 'an item added at its end', change: <T>(list: T[]) => [...list, NEW_ITEM as T], written: added(items.length) }] : []),
    ...(items.length > 1
      ? [
          { edit: 'its first item removed', change: <T>(list: T[]) => list.slice(1), written: removed(0) },
          { edit: 'its last item removed', change: <T>(list: T[]) => list.slice(0, -1), written: removed(last) },
        ]
      : []),
  ];
}

/** Every shape of boxes (paragraphs, divisions, addresses, definition lists) in a quote, where they are classic content's boxes too. */
const QUOTED_BOXES = Object.fromEntries(
  Object.entries(SHAPES)
    .filter(([, make]) => /^<(p|div|address|dl)[\s>]/.test(make('')))
    .map(([shape, make]) => [`${shape} in a quote`, (a: string) => `<blockquote>${make(a)}</blockquote>`]),
);

const CASES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  Object.entries({ ...SHAPES, ...QUOTED_BOXES }).flatMap(([shape, make]) => Object.entries(ATTRIBUTES).map(([named, attributes]) => ({ name: `${shape} with ${named}, ${context}`, context, html: make(attributes), markup: place(make(attributes)) }))),
);

/** Lists written on lines, as TinyMCE and writers space them. */
const SPACED_LISTS: Readonly<Record<string, (attributes: string) => string>> = {
  'list on lines': (a) => `<ul${a}>\n\t<li>First</li>\n\t<li${a}>${WORDS}</li>\n\t<li>Third</li>\n</ul>`,
  'numbered list on lines holding a list': (a) => `<ol${a}>\n  <li>First\n    <ul${a}>\n      <li>${WORDS}</li>\n      <li>Deeper</li>\n    </ul>\n  </li>\n  <li>Last</li>\n</ol>`,
  'quote holding a list on lines': (a) => `<blockquote${a}><p>Said:</p><ul>\n<li>${WORDS}</li>\n<li>Other</li>\n</ul></blockquote>`,
};

/** Every shape holding a list: as it is when spaced, and in a quote (where a block's class must not reach it either). */
const LIST_SHAPES = Object.entries({ ...SHAPES, ...SPACED_LISTS })
  .filter(([, make]) => /<(ul|ol)[\s>]/.test(make('')))
  .flatMap(([shape, make]) => [
    ...(LIST_SPACING.test(make('')) ? [[shape, make] as const] : []),
    [`${shape} in a quote`, (a: string) => `<blockquote>${make(a)}</blockquote>`] as const,
  ]);

const LIST_EDIT_CASES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  LIST_SHAPES.flatMap(([shape, make]) =>
    Object.entries(ATTRIBUTES).flatMap(([named, attributes]) => {
      const html = make(attributes);
      return itemEdits(html).map(({ edit, change, written }) => ({ name: `${shape} with ${named}, ${context}: ${edit}`, markup: place(html), change, expected: place(written) }));
    }),
  ),
);

describe('a classic list whose items are added or removed', () => {
  // The items not edited, and the spacing between them, stay as read; a new item is spaced as its neighbours; no block's class or comment.
  it.each(LIST_EDIT_CASES)('$name', ({ markup, change, expected }) => {
    expect(docToMarkup(withFirstListEdited(opened(markup), change))).toBe(expected);
  });
});

/** What only blocks carry: a block's class (`wp-block-list`, `wp-block-preformatted` …) or comment. */
const BLOCK_ONLY = /\bwp-block-|<!-- \/?wp:/;

/** Every shape holding an element whose block writes a class of its own (a list, preformatted text), in a quote, in every context. */
const QUOTED_CASES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  Object.entries({ ...SHAPES, ...SPACED_LISTS })
    .filter(([, make]) => /<(ul|ol|pre)[\s>]/.test(make('')))
    // (A block writes its class where the element has none of its own.)
    .flatMap(([shape, make]) => Object.entries(ATTRIBUTES).filter(([, attributes]) => !attributes.includes('class=')).map(([named, attributes]) => ({ name: `${shape} with ${named} in a quote, ${context}`, html: `<blockquote>${make(attributes)}</blockquote>`, place }))),
);

describe('classic content in a quote written anew', () => {
  it.each(QUOTED_CASES)('$name is editable and takes no block class or comment', ({ html, place }) => {
    const doc = opened(place(html));
    expect(readOnlyBoxes(doc)).toEqual([]);
    const written = docToMarkup(writtenAnew(doc));
    expect(written).toContain('<blockquote>');
    const quote = written.slice(written.indexOf('<blockquote>'), written.lastIndexOf('</blockquote>'));
    expect(quote).not.toMatch(BLOCK_ONLY);
  });
});

/** The editor's block nodes classic HTML never makes: blocks read from their comments alone. */
const BLOCKS_ONLY: ReadonlySet<string> = new Set(['blockContainer', 'classicBlock', 'dynamicBlock', 'footnotesBlock']);

const NODE_SAMPLES = classicNodeSamples(WORDS);

/** Every block node of the schema classic HTML is read with (a node added to it fails here until it has a sample, or is a block's alone). */
const BLOCK_NODES = Object.values(getSchema(builtInExtensions).nodes).filter((type) => type.isInGroup('block') && !BLOCKS_ONLY.has(type.name)).map((type) => type.name);

const nodeTypes = (node: JSONContent): string[] => [node.type ?? '', ...(node.content ?? []).flatMap(nodeTypes)];

/** Each node's sample alone (making its node) and in a quote (whose nodes the quote writes), in every context. */
const NODE_CASES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  [...new Set([...BLOCK_NODES, ...Object.keys(NODE_SAMPLES)])].flatMap((type) => [
    { name: `${type}, ${context}`, made: [type], markup: place(NODE_SAMPLES[type] ?? '') },
    { name: `${type} in a quote, ${context}`, made: [], markup: place(`<blockquote>${NODE_SAMPLES[type] ?? ''}</blockquote>`) },
  ]),
);

describe('every block node of classic content written anew', () => {
  it('has a sample for every block node of the schema', () => {
    expect(BLOCK_NODES.filter((type) => !Object.hasOwn(NODE_SAMPLES, type))).toEqual([]);
  });

  it.each(NODE_CASES)('$name takes no block class or comment', ({ made, markup }) => {
    const doc = opened(markup);
    expect(nodeTypes(doc)).toEqual(expect.arrayContaining(made));
    // (The Classic block's own comment aside, and a rejected block comment the writer's HTML held, written back as read.)
    expect(docToMarkup(writtenAnew(doc)).replace(BLOCK_BEFORE, '').replace(/<!-- \/?wp:freeform -->/g, '').replaceAll(NODE_SAMPLES.heldComment, '')).not.toMatch(BLOCK_ONLY);
  });
});

/** A block element's in a list item: those, and an id and the caption describing it (as WordPress's HTML5 caption writes its figure's). */
const ITEM_BLOCK_ATTRIBUTES: Readonly<Record<string, string>> = { ...ATTRIBUTES, 'an id and a description': ' id="part-7" aria-describedby="caption-7" class="note"' };

/**
 * Block HTML holding words in a list item (every node sample whose element a list item holds
 * around its words, with each set of attributes, beside another of its kind): the item's words,
 * its HTML written anew as read (held-item-blocks.ts), not taken out of the list.
 */

const ITEM_BLOCK_CASES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  Object.entries(NODE_SAMPLES)
    .filter(([, sample]) => HELD_ITEM_BLOCK_TAGS.includes(/^<([a-z0-9]+)/.exec(sample)?.[1] ?? ''))
    .flatMap(([type, sample]) =>
      Object.entries(ITEM_BLOCK_ATTRIBUTES).map(([named, attributes]) => {
        const block = sample.replace(/^<([a-z0-9]+)/, `<$1${attributes}`);
        const html = `<ul><li>${block}${block.replace(WORDS, 'Beside it')}</li><li>Other</li></ul>`;
        return { name: `${type} with ${named} in a list item, ${context}`, context, markup: place(html) };
      }),
    ),
);

describe('block HTML in a classic list item', () => {
  it.each(ITEM_BLOCK_CASES)('$name is the item\u2019s words, written anew as read', ({ context, markup }) => {
    const doc = opened(markup);
    expect(readOnlyBoxes(doc)).toEqual([]);
    expect(docToMarkup(doc)).toBe(markup);
    expect(docToMarkup(typedInside(doc))).toBe(markup.replace(WORDS, TYPED));
    // (A classic post is written anew with its paragraphs formed, as before.)
    if (context !== 'classic post') expect(docToMarkup(writtenAnew(typedInside(doc)))).toBe(markup.replace(WORDS, TYPED));
  });
});

/**
 * A classic list holding an image with an address and a text alternative alone in an item, every list
 * shape (an image with more is held in its line of words as before), among the item's words or in a
 * paragraph or quote the item holds (which stays in the item, its paragraph written as read).
 */
const ITEM_IMAGE_CASES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  [...itemImageLists(PLAIN_IMAGE, WORDS), ...itemImageLists(PLAIN_IMAGE, WORDS, IN_ITEM_BLOCKS)].map(({ name, html }) => ({ name: `${name}, ${context}`, context, markup: place(html) })),
);

describe('an image in a classic list item', () => {
  it.each(ITEM_IMAGE_CASES)('$name stays in its item, saved as read', ({ context, markup }) => {
    const doc = opened(markup);
    expect(nodeTypes(doc)).not.toContain('imageBlock');
    expect(readOnlyBoxes(doc)).toEqual([]);
    expect(docToMarkup(doc)).toBe(markup);
    // (Words typed in its item and in another do not move it.)
    expect(docToMarkup(typedInside(doc))).toBe(markup.replaceAll(WORDS, TYPED));
    // (A classic post is written anew with its paragraphs formed, as before.)
    if (context !== 'classic post') expect(docToMarkup(writtenAnew(typedInside(doc)))).toBe(markup.replaceAll(WORDS, TYPED));
  });
});

/** The document with TYPED in its first table's (empty) caption. */
const withTableCaption = (node: JSONContent): JSONContent =>
  node.type === 'tableCaption' ? { ...node, content: [{ type: 'text', text: TYPED }] } : { ...node, ...(node.content ? { content: node.content.map(withTableCaption) } : {}) };

describe('a classic table given a caption', () => {
  it.each(Object.entries(CONTEXTS))('keeps its words as the table\u2019s own caption, %s', (_context, place) => {
    const written = docToMarkup(withTableCaption(opened(place(NODE_SAMPLES.tableBlock))));
    expect(written).toContain(`<table><caption>${TYPED}</caption><tbody>`);
    expect(written.replace(BLOCK_BEFORE, '').replace(/<!-- \/?wp:freeform -->/g, '')).not.toMatch(BLOCK_ONLY);
  });
});

describe('classic content with classes and styles, editable in place', () => {
  it.each(CASES)('$name', ({ context, html, markup }) => {
    const doc = opened(markup);
    expect(readOnlyBoxes(doc)).toEqual([]);
    const shown = new Set(words(shownText(doc)));
    // (A shortcode's own attributes are no words a reader sees.)
    expect(words(keptText(markup.replace(SHORTCODE_TAG, ''))).filter((word) => !shown.has(word))).toEqual([]);
    expect(docToMarkup(doc)).toBe(markup);
    expect(docToMarkup(typedInside(doc))).toBe(markup.replace(WORDS, TYPED));
    // (A classic table is written anew as its block, as before; a list as classic HTML, its tags and its items' as read.)
    // (Words and an image outside a paragraph are written anew in one, as before.)
    const written = LIST.test(html) ? html : /^<img/.test(html) ? `<p>${asFormatsWrite(html)}</p>` : asFormatsWrite(html);
    if (context === 'between blocks' && !/<table/.test(html)) expect(docToMarkup(writtenAnew(doc))).toBe(markup.replace(html, written));
    // A new last item is placed in the list as read, before its closing tag; its attributes and its items' stay, classic HTML (a spaced list's: 'a classic list whose items are added or removed').
    if (LIST.test(html) && !LIST_SPACING.test(html)) expect(docToMarkup(withFirstListEdited(doc, (items) => [...items, NEW_ITEM as (typeof items)[number]]))).toBe(markup.replace(html, html.replace(/<\/(ol|ul)>$/, '<li>Added</li></$1>')));
    // An image's text alternative or alignment chosen in its controls changes that attribute alone.
    if (/<img/.test(html) && !html.startsWith('[caption')) expect(docToMarkup(withImagesChanged(doc, (held) => withHeld(held, 'alt', 'Edited')))).toBe(markup.replace(/alt="[^"]*"/, 'alt="Edited"'));
    if (/<img class="alignleft/.test(html)) expect(docToMarkup(withImagesChanged(doc, (held) => withAlignment(held, 'right')))).toBe(markup.replace('alignleft', 'alignright'));
    // A link added to an image not in one puts that link around the image's own tag alone.
    if (/<img/.test(html) && !/<a [^>]*><img/.test(html) && !html.startsWith('[caption')) {
      const linked = (written: string) => written.replace(/<img[^>]*>/, (image) => `<a href="${LINKED_TO}">${image}</a>`);
      expect(docToMarkup(withImageLinked(doc))).toBe(linked(markup));
      // (After its text alternative was changed too.)
      expect(docToMarkup(withImageLinked(withImagesChanged(doc, (held) => withHeld(held, 'alt', 'Edited'))))).toBe(linked(markup.replace(/alt="[^"]*"/, 'alt="Edited"')));
    }
    // A link's address changed changes that attribute alone, whatever else the link holds.
    if (/<a [^>]*href=/.test(html) && !html.startsWith('[caption')) expect(docToMarkup(withLinksTo(doc, LINKED_TO))).toBe(markup.replace(/(<a [^>]*href=")[^"]*"/g, `$1${LINKED_TO}"`));
  });

  it('reads a style setting the weight or the slant as the span\'s look, not as bold or italic', () => {
    const doc = opened('<p><span style="font-weight: bold; font-style: italic;">Words</span></p>');
    expect(readOnlyBoxes(doc)).toEqual([]);
    expect(JSON.stringify(doc)).toContain('"type":"heldInline"');
    expect(JSON.stringify(doc)).not.toMatch(/"type":"(bold|italic)"/);
  });

  it('shows the more tag and the page break of a classic post as their blocks, editable', () => {
    const markup = 'Teaser words.\n<!--more Read on-->\nThe rest.\n\n<!--nextpage-->\n\nPage two.';
    const doc = opened(markup);
    expect(readOnlyBoxes(doc)).toEqual([]);
    const types = (doc.content?.[0].content ?? []).map((node) => `${node.type ?? ''}${node.attrs?.customText ? ` ${String(node.attrs.customText)}` : ''}`);
    expect(types).toEqual(['paragraph', 'moreBlock Read on', 'paragraph', 'pageBreak', 'paragraph']);
    expect(docToMarkup(doc)).toBe(markup);
    expect(docToMarkup(writtenAnew(doc))).toContain('<!--more Read on-->');
  });
});

/** The formats a writer adds over words: every mark of the schema but the one held only as read (an element of no format). */
const ADDED_FORMATS = Object.keys(schema.marks)
  .filter((type) => type !== HELD_INLINE_MARK)
  .map((type) => ({ type, ...(type === 'link' ? { attrs: { href: 'https://example.com/added' } } : {}) }));

const FORMATTED_WORD = WORDS.split(' ')[0];

/** The document with `mark` added over the first word of WORDS, as a writer formats it (null when the word has that format already). */
function withFormatAdded(doc: JSONContent, mark: { type: string }): JSONContent | null {
  let done = false;
  let had = false;
  const added = (node: JSONContent): JSONContent[] => {
    if (done || typeof node.text !== 'string' || !node.text.includes(WORDS)) return [node.content ? { ...node, content: node.content.flatMap(added) } : node];
    done = true;
    had = (node.marks ?? []).some((held) => held.type === mark.type);
    const at = node.text.indexOf(WORDS);
    return [
      ...(at > 0 ? [{ ...node, text: node.text.slice(0, at) }] : []),
      { ...node, text: FORMATTED_WORD, marks: [...(node.marks ?? []), mark] },
      { ...node, text: node.text.slice(at + FORMATTED_WORD.length) },
    ];
  };
  const formatted = added(doc)[0];
  return had ? null : formatted;
}

/** The formatted word with tags around it alone (or nothing: the word itself unchanged). */
const WORD_AND_TAGS = new RegExp(`^(?:<[^<>]*>)*(?:${FORMATTED_WORD})?(?:<[^<>]*>)*$`);

/** Every shape holding words (with a class, as one set of attributes), in every context. */
const FORMAT_CASES = CASES.filter(({ name, html }) => name.includes(' with class,') && html.includes(WORDS));

describe('a format added over words of classic content', () => {
  // Only the formatted word and the format's tags around it change: the rest of its line keeps its bytes.
  it.each(FORMAT_CASES)('$name', ({ markup }) => {
    const doc = opened(markup);
    for (const mark of ADDED_FORMATS) {
      const formatted = withFormatAdded(doc, mark);
      if (!formatted) continue;
      const written = docToMarkup(formatted);
      const { removed, inserted } = changedPart(markup, written);
      const openingTag = /^<[^>]*>/.exec(inlineHtml([{ type: 'text', text: FORMATTED_WORD, marks: [mark] }]))?.[0] ?? '';
      expect({ format: mark.type, removed, inserted: inserted.includes(openingTag) && WORD_AND_TAGS.test(inserted) }).toEqual({ format: mark.type, removed: expect.stringMatching(WORD_AND_TAGS), inserted: true });
    }
  });
});

/** An image alone in a paragraph (the paragraph with each attribute set), at the top and in a quote: an image block in classic content. */
const LONE_IMAGES = Object.entries(CONTEXTS).flatMap(([context, place]) =>
  Object.entries(ATTRIBUTES).flatMap(([named, attributes]) =>
    ['', 'quoted '].map((quoted) => {
      const paragraph = `<p${attributes}><img src="https://example.com/photo.jpg" alt="A photo" /></p>`;
      const html = quoted ? `<blockquote>${paragraph}</blockquote>` : paragraph;
      return { name: `${quoted}image alone in a paragraph with ${named}, ${context}`, html, markup: place(html) };
    }),
  ),
);

/** The document with each image block's text alternative changed, as its controls change it. */
const withImageBlockAlt = (node: JSONContent, alt: string): JSONContent => ({
  ...node,
  ...(node.type === 'imageBlock' ? { attrs: { ...node.attrs, alt } } : {}),
  ...(node.content ? { content: node.content.map((child) => withImageBlockAlt(child, alt)) } : {}),
});

const emptyParagraphs = (node: JSONContent): number => (node.type === 'paragraph' && !node.content?.length ? 1 : 0) + (node.content ?? []).reduce((sum, child) => sum + emptyParagraphs(child), 0);

describe('an image alone in a classic paragraph', () => {
  // Its paragraph as read stays around it, written anew or with its text alternative changed (only the image's own tag changes); no empty paragraph is made beside it.
  it.each(LONE_IMAGES)('$name', ({ html, markup }) => {
    const doc = opened(markup);
    expect(readOnlyBoxes(doc)).toEqual([]);
    expect(nodeTypes(doc)).toContain('imageBlock');
    expect(emptyParagraphs(doc)).toBe(0);
    expect(docToMarkup(doc)).toBe(markup);
    expect(docToMarkup(writtenAnew(doc))).toContain(html);
    expect(docToMarkup(withImageBlockAlt(writtenAnew(doc), 'Edited'))).toContain(html.replace('alt="A photo"', 'alt="Edited"'));
  });
});

/** The document with a line break (Shift+Enter) typed `where` the first word of WORDS: after it, or before it. */
function withBreakTyped(doc: JSONContent, where: 'after' | 'before'): JSONContent {
  let done = false;
  const typed = (node: JSONContent): JSONContent[] => {
    if (done || typeof node.text !== 'string' || !node.text.includes(WORDS)) return [node.content ? { ...node, content: node.content.flatMap(typed) } : node];
    done = true;
    const at = node.text.indexOf(WORDS) + (where === 'after' ? FORMATTED_WORD.length : 0);
    return [...(at > 0 ? [{ ...node, text: node.text.slice(0, at) }] : []), { type: 'hardBreak', ...(node.marks ? { marks: node.marks } : {}) }, { ...node, text: node.text.slice(at) }];
  };
  return typed(doc)[0];
}

const BREAK_CASES = FORMAT_CASES.flatMap((formatCase) => (['after', 'before'] as const).map((where) => ({ ...formatCase, where, name: `${formatCase.name}, ${where} a word` })));

/** The post as WordPress shows it: a classic post's paragraphs formed (autop); classic content among blocks as written. */
const shownByWordPress = (name: string, markup: string) => (name.includes('classic post') ? autop(markup) : markup);
const lineBreaks = (html: string) => (html.match(/<br\s*\/?>/gi) ?? []).length;

describe('a line break typed in classic content', () => {
  const rewritten: string[] = [];
  afterAll(() => {
    console.log(`line break typed | rest of the line as read\n${rewritten.join('\n')}\n${BREAK_CASES.length - rewritten.length} of ${BREAK_CASES.length} in place`);
  });
  // Only the break goes in, where it was typed: the rest of its line keeps its bytes, and WordPress shows the break (the editor reads a classic post as it does). First in a box
  // of a classic post it goes in after a newline, which paragraph forming makes a break of its own and drops instead of the writer's.
  it.each(BREAK_CASES)('$name', ({ name, markup, where }) => {
    const written = docToMarkup(withBreakTyped(opened(markup), where));
    const { removed, inserted } = changedPart(markup, written);
    const breakAlone = name.includes('classic post') ? /^\n?<br\s*\/?>$/ : /^<br\s*\/?>$/;
    const shown = lineBreaks(shownByWordPress(name, written)) - lineBreaks(shownByWordPress(name, markup));
    if (removed !== '' || !breakAlone.test(inserted) || shown !== 1) rewritten.push(`${name} | no: ${JSON.stringify({ removed: removed.slice(0, 80), inserted: inserted.slice(0, 80), shown })}`);
    expect({ removed, inserted, shown }).toEqual({ removed: '', inserted: expect.stringMatching(breakAlone), shown: 1 });
  });
});

/** Whether a node holds blocks beside its words (a quote, a list item): its content takes a separator first or after its first line. */
const holdsBlocks = (type: NodeType) => [type.contentMatch, type.contentMatch.matchType(schema.nodes.paragraph)].some((match) => match?.matchType(schema.nodes.horizontalRule));

/** Each box of classic content that holds blocks, by its node, in the samples that make it (a list item in a list, a numbered list's). */
const BLOCK_BOXES = Object.entries(NODE_SAMPLES).flatMap(([sampleType, sample]) =>
  [...new Set(nodeTypes(opened(CONTEXTS['classic post'](sample))))]
    .filter((type) => !['doc', 'classicBlock'].includes(type) && holdsBlocks(schema.nodes[type]))
    .map((box) => ({ box: box === sampleType ? box : `${box} of a ${sampleType}`, sample })),
);

/** The ways a box is written in classic content besides as the editor writes it: attributes, on lines, its words left to paragraph forming. */
const BOX_SPELLINGS: Readonly<Record<string, (html: string) => string>> = {
  'as written': (html) => html,
  'with a class and a style': (html) => html.replace(/^<([a-z]+)/, `<$1${ATTRIBUTES['class and style']}`),
  'on lines': (html) => html.replace(/^(<[^>]+>)/, '$1\n').replace(/(<\/[a-z]+>)$/, '\n$1'),
  'its words outside a paragraph': (html) => html.replace(/<\/?p>/g, ''),
};

/** Every block the inserter makes, put first in every box of every spelling, in a classic post. */
const BLOCK_FIRST_CASES = BLOCK_BOXES.flatMap(({ box, sample }) =>
  Object.entries(BOX_SPELLINGS)
    .filter(([spelling, spell]) => spelling === 'as written' || spell(sample) !== sample)
    .flatMap(([spelling, spell]) =>
      [...INSERTER_BLOCKS, ...INSERTER_COMMAND_BLOCKS].map(([block, blockMarkup]) => ({ name: `${block} first in a ${box} ${spelling}`, markup: CONTEXTS['classic post'](spell(sample)), blockMarkup })),
    ),
);

describe('a block put first in a box of classic content', () => {
  // Only the block goes in (in its line or item, as classic HTML): the rest of the box and of the post keeps its bytes.
  it.each(BLOCK_FIRST_CASES)('$name', ({ markup, blockMarkup }) => {
    expectOnlyTheBlockIn(markup, withBlockFirst(opened(markup), blockMarkup, WORDS), blockMarkup);
  });
});

describe('a block put first in a box of classic content, saved and opened again', () => {
  // The box opens editable (the block a piece of it where the editor cannot edit it there), saved untouched as written, a word typed in the box changing that word alone.
  it.each(BLOCK_FIRST_CASES)('$name', ({ markup, blockMarkup }) => {
    const written = withBlockFirst(opened(markup), blockMarkup, WORDS);
    const reopened = opened(written);
    expect(readOnlyBoxes(reopened).filter((box) => box.includes(WORDS))).toEqual([]);
    expect(docToMarkup(reopened)).toBe(written);
    expect(docToMarkup(typedInside(reopened))).toBe(written.replace(WORDS, TYPED));
  });
});
