// @vitest-environment jsdom
// The editor loads block markup and saves it back: every block it models round-trips to the
// markup the block editor writes (strictly valid for its validator), and every other block or
// piece of HTML survives unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMParser as SchemaParser, DOMSerializer } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);
const roundTrip = (markup: string) => docToMarkup(markupToDoc(markup));
/** What the editor saves for a document, once the block editor is found to accept every block of it strictly. */
const judged = (doc: JSONContent) => strictlyValid(docToMarkup(doc));

// The block editor, the judge of what is saved, loads once (about 20 s).
beforeAll(() => {
  blockEditor();
}, 120_000);
const types = (markup: string) => markupToDoc(markup).content?.map((node) => node.type);
/** A document as the editor hands it over: every attribute filled in by the schema. */
/** A document whose blocks all count as changed by the writer: none is written from its source. */
/** The document as if the writer had changed every block and made its spacing: nothing is written as read. */
const asChanged = (doc: JSONContent): JSONContent => ({ ...doc, attrs: { ...doc.attrs, trailing: null }, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, source: null, canonical: null, gap: null, readAt: null } })) });
/** The types of the blocks in the document's Classic block. */
const classicTypes = (markup: string) => markupToDoc(markup).content?.[0].content?.map((node) => node.type);
const asEditorJson = (doc: JSONContent) => schema.nodeFromJSON(doc).toJSON() as JSONContent;

const block = (name: string, inner: string, attrs = '') => `<!-- wp:${name}${attrs ? ` ${attrs}` : ''} -->\n${inner}\n<!-- /wp:${name} -->`;
const paragraph = (html: string) => block('paragraph', `<p>${html}</p>`);

/** Each block as the block editor saves it. */
const CANONICAL = {
  paragraph:
    '<!-- wp:paragraph -->\n<p>Fish &amp; chips cost &lt; £5 > £4, <strong>bold</strong>, <em>italic</em>, <s>gone</s>, <u>under</u>, <code>x()</code>, <a href="https://example.com/?a=1&amp;b=2">a link</a>.</p>\n<!-- /wp:paragraph -->',
  'heading (level 2)': '<!-- wp:heading -->\n<h2 class="wp-block-heading">A heading</h2>\n<!-- /wp:heading -->',
  'heading (level 4)': '<!-- wp:heading {"level":4} -->\n<h4 class="wp-block-heading">Smaller</h4>\n<!-- /wp:heading -->',
  'bulleted list with a nested list':
    '<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>Nested</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list --></li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  'numbered list starting at 3':
    '<!-- wp:list {"ordered":true,"start":3} -->\n<ol start="3" class="wp-block-list"><!-- wp:list-item -->\n<li>Third</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Fourth</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
  quote:
    '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Quoted words</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>More of them</p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->',
  code: '<!-- wp:code -->\n<pre class="wp-block-code"><code>if (a &lt; b &amp;&amp; c > d) {\n  render("&#91;gallery]");\n}\nhttps:&#47;&#47;example.com/not-an-embed</code></pre>\n<!-- /wp:code -->',
  'image with a caption':
    '<!-- wp:image {"id":12,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="http://127.0.0.1:8787/uploads/2026/11/door-1024x768.jpg" alt="A &quot;red&quot; door" class="wp-image-12"/><figcaption class="wp-element-caption">The <em>red</em> door</figcaption></figure>\n<!-- /wp:image -->',
  'image without a caption':
    '<!-- wp:image {"id":7,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="/uploads/cat.png" alt="" class="wp-image-7"/></figure>\n<!-- /wp:image -->',
  embed:
    '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=abc\\u0026t=10","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=abc&amp;t=10\n</div></figure>\n<!-- /wp:embed -->',
  separator: '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
};

describe('blocks the editor models', () => {
  it.each(Object.entries(CANONICAL))('round-trips a %s to identical markup, and writes it anew the same', (_name, markup) => {
    expect(roundTrip(markup)).toBe(markup);
    expect(judged(asChanged(markupToDoc(markup)))).toBe(markup);
  });

  it('loads each of them as an editable node, not a locked one', () => {
    expect(types(Object.values(CANONICAL).join('\n\n'))).toEqual([
      'paragraph', 'heading', 'heading', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'imageBlock', 'imageBlock', 'embed', 'horizontalRule',
    ]);
  });

  it('reads what the writer sees and edits: heading level, list start, code text, image and embed details', () => {
    const nodes = markupToDoc(Object.values(CANONICAL).join('\n\n')).content ?? [];
    const first = (type: string) => nodes.find((node) => node.type === type);
    expect(first('heading')?.attrs?.level).toBe(2);
    expect(first('orderedList')?.attrs?.start).toBe(3);
    expect(first('codeBlock')?.content?.[0].text).toBe('if (a < b && c > d) {\n  render("[gallery]");\n}\nhttps://example.com/not-an-embed');
    expect(first('imageBlock')?.attrs).toMatchObject({ id: 12, src: 'http://127.0.0.1:8787/uploads/2026/11/door-1024x768.jpg', alt: 'A "red" door', caption: 'The <em>red</em> door' });
    expect(first('embed')?.attrs).toMatchObject({ url: 'https://www.youtube.com/watch?v=abc&t=10', type: 'video', providerNameSlug: 'youtube' });
  });

  it('round-trips a whole post of every block, in order', () => {
    const markup = Object.values(CANONICAL).join('\n\n');
    expect(roundTrip(markup)).toBe(markup);
  });

  it('keeps nested marks and link targets, with marks shared by neighbouring text written once', () => {
    const markup = paragraph('<a href="https://example.com/" target="_blank" rel="noreferrer noopener"><strong>bold <em>both</em></strong></a> and <em><s>struck</s></em><br>next line');
    expect(roundTrip(markup)).toBe(markup);
    const texts = markupToDoc(markup).content?.[0].content ?? [];
    const [link, plain, struck] = ['both', ' and ', 'struck'].map((value) => texts.find((node) => node.text === value) ?? {});
    const markTypes = (node: JSONContent) => node.marks?.map((mark) => mark.type).sort();
    expect(markTypes(link)).toEqual(['bold', 'italic', 'link']);
    expect(link.marks?.find((mark) => mark.type === 'link')?.attrs).toMatchObject({ href: 'https://example.com/', target: '_blank', rel: 'noreferrer noopener' });
    expect(plain.marks).toBeUndefined();
    expect(markTypes(struck)).toEqual(['italic', 'strike']);
  });

  it('holds inline code inside a link or bold text, as the block editor\'s formats nest (code-mark.ts)', () => {
    const markup = paragraph('<a href="https://developer.mozilla.org/"><code>fetch()</code></a> and <strong>bold <code>code</code></strong>');
    expect(types(markup)).toEqual(['paragraph']);
    expect(roundTrip(markup)).toBe(markup);
    expect(judged(asChanged(markupToDoc(markup)))).toBe(markup);
  });

  it.each([
    ['a heading without its class', block('heading', '<h2>Old heading</h2>'), CANONICAL['heading (level 2)'].replace('A heading', 'Old heading')],
    ['a list without list-item blocks', block('list', '<ul><li>One</li><li>Two</li></ul>'), block('list', `<ul class="wp-block-list">${block('list-item', '<li>One</li>')}\n\n${block('list-item', '<li>Two</li>')}</ul>`)],
    ['a quote without inner blocks', block('quote', '<blockquote class="wp-block-quote"><p>Said</p></blockquote>'), block('quote', `<blockquote class="wp-block-quote">${paragraph('Said')}</blockquote>`)],
    ['text written with character references', paragraph('Caf&eacute; &amp; b&#97;r &gt; <b>pub</b>'), paragraph('Café &amp; bar > <strong>pub</strong>')],
  ])('opens %s (an older format) as editable, saves it as read while untouched and in the current format once changed', (_name, older, current) => {
    expect(types(older)).not.toContain('unknownBlock');
    expect(roundTrip(older)).toBe(older);
    expect(judged(asChanged(markupToDoc(older)))).toBe(current);
  });
});

describe('attributes the editor has no control for', () => {
  const centred = block('paragraph', '<p class="has-text-align-center has-drop-cap has-large-font-size" id="start">Centred</p>', '{"align":"center","dropCap":true,"fontSize":"large"}');
  const anchored = block('heading', '<h2 class="wp-block-heading has-text-align-center" id="intro">Intro</h2>', '{"textAlign":"center"}');
  const typed = (doc: JSONContent, text: string) => asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, content: [{ type: 'text', text }] })) });

  it('leave a paragraph and a heading editable, and are written back around the edited text', () => {
    expect(types(`${centred}\n\n${anchored}`)).toEqual(['paragraph', 'heading']);
    expect(roundTrip(centred)).toBe(centred);
    expect(judged(typed(markupToDoc(centred), 'Moved'))).toBe(centred.replace('>Centred<', '>Moved<'));
    expect(judged(typed(markupToDoc(anchored), 'Start'))).toBe(anchored.replace('>Intro<', '>Start<'));
    const styled = block('list', `<ol reversed start="3" class="wp-block-list is-style-checks">${block('list-item', '<li>Done</li>')}</ol>`, '{"ordered":true,"start":3,"reversed":true,"className":"is-style-checks"}');
    expect(types(styled)).toEqual(['orderedList']);
    expect(judged(asChanged(markupToDoc(styled)))).toBe(styled);
    const cited = block('quote', `<blockquote class="wp-block-quote">${paragraph('Words')}<cite>Someone <em>famous</em></cite></blockquote>`);
    expect(types(cited)).toEqual(['blockquote']);
    expect(judged(asChanged(markupToDoc(cited)))).toBe(cited);
    const quoted = block('quote', `<blockquote class="wp-block-quote">${centred}</blockquote>`);
    expect(types(quoted)).toEqual(['blockquote']);
    expect(judged(asChanged(markupToDoc(quoted)))).toBe(quoted);
  });

  it('keep the size, alignment, link and width of an image around the alt text and caption the writer edits', () => {
    const linked = block('image', '<figure class="wp-block-image aligncenter size-full is-resized"><a href="/a.jpg"><img src="/a.jpg" alt="" class="wp-image-3" style="width:300px;height:auto"/></a></figure>', '{"id":3,"sizeSlug":"full","linkDestination":"media","align":"center","width":"300px"}');
    expect(types(linked)).toEqual(['imageBlock']);
    const doc = markupToDoc(linked);
    const described = (alt: string, caption: string) => asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, alt, caption } })) });
    const withCaption = linked.replace('alt=""', 'alt="A &quot;door&quot;"').replace('</a></figure>', '</a><figcaption class="wp-element-caption">The <em>door</em></figcaption></figure>');
    expect(judged(described('A "door"', 'The <em>door</em>'))).toBe(withCaption);
    const captioned = markupToDoc(withCaption);
    expect(judged(asChanged({ ...captioned, content: captioned.content?.map((node) => ({ ...node, attrs: { ...node.attrs, caption: '' } })) }))).toBe(withCaption.replace('<figcaption class="wp-element-caption">The <em>door</em></figcaption>', ''));
    const aligned = (align: string) => docToMarkup(asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, align } })) }));
    expect(aligned('left')).toBe(linked.replace('aligncenter', 'alignleft').replace('"align":"center"', '"align":"left"'));
    expect(aligned('')).toBe(linked.replace(' aligncenter', '').replace(',"align":"center"', ''));
  });

  it('leave preformatted text and verse editable, spaces and line ends kept, written back with their attributes', () => {
    const verse = block('verse', '<pre class="wp-block-verse has-text-align-center">Roses  are <em>red</em>,\nviolets<br>blue</pre>', '{"textAlign":"center"}');
    const preformatted = block('preformatted', '<pre class="wp-block-preformatted">  indented\n    more</pre>');
    expect(types(`${verse}\n\n${preformatted}`)).toEqual(['preformatted', 'preformatted']);
    expect(judged(asChanged(markupToDoc(verse)))).toBe(verse);
    expect(judged(asChanged(markupToDoc(preformatted)))).toBe(preformatted);
  });

  it('keep a responsive embed with a caption while its address stays, and show the caption', () => {
    const film = block('embed', '<figure class="wp-block-embed is-type-video is-provider-vimeo wp-block-embed-vimeo wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/1\n</div><figcaption class="wp-element-caption">A <em>film</em></figcaption></figure>', '{"url":"https://vimeo.com/1","type":"video","providerNameSlug":"vimeo","responsive":true,"className":"wp-embed-aspect-16-9 wp-has-aspect-ratio"}');
    const doc = markupToDoc(film);
    expect(types(film)).toEqual(['embed']);
    expect(doc.content?.[0].attrs?.caption).toBe('A <em>film</em>');
    expect(judged(asChanged(doc))).toBe(film);
    const moved = asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, url: 'https://vimeo.com/2' } })) });
    expect(judged(moved)).not.toContain('vimeo.com/1');
  });

  it('keep a separator with a style as a separator, written back as read', () => {
    const wide = block('separator', '<hr class="wp-block-separator has-alpha-channel-opacity is-style-wide"/>', '{"className":"is-style-wide"}');
    expect(types(wide)).toEqual(['horizontalRule']);
    expect(judged(asChanged(markupToDoc(wide)))).toBe(wide);
  });

  it('keep a separator written as a div (its tag set) as a separator, written back as read', () => {
    const division = block('separator', '<div class="wp-block-separator has-alpha-channel-opacity"></div>', '{"tagName":"div"}');
    expect(types(division)).toEqual(['horizontalRule']);
    expect(judged(asChanged(markupToDoc(division)))).toBe(division);
    // A div its tag does not name is kept as written.
    expect(types(division.replace(' {"tagName":"div"}', ''))).toEqual(['unknownBlock']);
  });

  it('keep a quote setting the palette\'s colours, a font family, a border colour, a lock or a name (each, and all at once) editable, written back as read', () => {
    const wp = blockEditor();
    const settings: Record<string, unknown>[] = [{ textColor: 'vivid-red' }, { backgroundColor: 'pale-pink' }, { gradient: 'vivid-cyan-blue-to-vivid-purple' }, { fontFamily: 'serif' }, { borderColor: 'vivid-purple' }, { lock: { move: true } }, { metadata: { name: 'Named' } }];
    for (const attributes of [...settings, Object.assign({ className: 'lead', fontSize: 'large', anchor: 'here', style: { color: { text: '#cf2e2e' } } }, ...settings)]) {
      const quote = wp.serialize(wp.createBlock('core/quote', { ...attributes, citation: 'Someone' }, [wp.createBlock('core/paragraph', { content: 'Words' })]));
      expect(types(quote)).toEqual(['blockquote']);
      expect(judged(asChanged(markupToDoc(quote)))).toBe(quote);
    }
  });

  it('align an image inserted from the library as the block editor writes it', () => {
    const doc = markupToDoc(CANONICAL['image without a caption']);
    const centred = asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, align: 'center' } })) });
    expect(judged(centred)).toBe(block('image', '<figure class="wp-block-image aligncenter size-large"><img src="/uploads/cat.png" alt="" class="wp-image-7"/></figure>', '{"id":7,"sizeSlug":"large","linkDestination":"none","align":"center"}'));
  });

  it('leave the held figure of an image behind when the image is replaced by another, keeping the writer\'s choices', () => {
    const full = block('image', '<figure class="wp-block-image alignleft size-full is-resized"><a href="/a.jpg"><img src="/a.jpg" alt="" class="wp-image-3" style="width:300px"/></a></figure>', '{"id":3,"width":"300px","sizeSlug":"full","linkDestination":"media","align":"left"}');
    const doc = markupToDoc(full);
    // As the image's Replace does: the held figure goes, with the old image's width.
    const replaced = asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, id: 4, src: '/b-1024x512.jpg', sizeSlug: 'large', href: '/b.jpg', heldHtml: null, blockAttributes: null } })) });
    expect(judged(replaced)).toBe(block('image', '<figure class="wp-block-image alignleft size-large"><a href="/b.jpg"><img src="/b-1024x512.jpg" alt="" class="wp-image-4"/></a></figure>', '{"id":4,"sizeSlug":"large","linkDestination":"media","align":"left"}'));
  });

  it('swap an edited copy into a held figure, keeping what the editor has no control for', () => {
    const held = block('image', '<figure class="wp-block-image size-full is-resized is-style-rounded"><img src="/a.jpg" alt="A" class="wp-image-3" style="width:300px;height:auto"/><figcaption class="wp-element-caption">Cap</figcaption></figure>', '{"id":3,"width":"300px","sizeSlug":"full","linkDestination":"none","className":"is-style-rounded"}');
    const doc = markupToDoc(held);
    const edited = asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, id: 9, src: '/a-edited.jpg' } })) });
    expect(judged(edited)).toBe(block('image', '<figure class="wp-block-image size-full is-resized is-style-rounded"><img src="/a-edited.jpg" alt="A" class="wp-image-9" style="width:300px;height:auto"/><figcaption class="wp-element-caption">Cap</figcaption></figure>', '{"id":9,"width":"300px","sizeSlug":"full","linkDestination":"none","className":"is-style-rounded"}'));
  });

  // Before @wordpress/block-library 11 an image resized by its width alone was saved with the width alone in its style.
  const RESIZED: Record<string, unknown>[] = [{ width: '300px' }, { width: '20rem', aspectRatio: '4/3', scale: 'cover' }, { width: '50%', align: 'center' }, { width: '300px', href: '/a.jpg', linkDestination: 'media' }, { width: '300px', caption: 'Cap', className: 'is-style-rounded' }];
  it.each(RESIZED)('save an image resized by its width alone (%o) read in its older form in the current form once edited', (attributes) => {
    const wp = blockEditor();
    const image = (alt: string) => wp.serialize([wp.createBlock('core/image', { id: 3, url: '/a.jpg', alt, sizeSlug: 'full', ...attributes })]);
    const older = image('').replace(';height:auto"', '"');
    expect(older).not.toBe(image(''));
    const doc = markupToDoc(older);
    expect(types(older)).toEqual(['imageBlock']);
    expect(roundTrip(older)).toBe(older);
    expect(judged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, alt: 'A door' } })) })).toBe(image('A door'));
  });

  it('write a size, a link and an alignment chosen for an image as the block editor does', () => {
    const plain = block('image', '<figure class="wp-block-image size-large"><img src="/a-1024x512.jpg" alt="" class="wp-image-3"/></figure>', '{"id":3,"sizeSlug":"large","linkDestination":"none"}');
    const doc = markupToDoc(plain);
    const change = (attrs: Record<string, unknown>) => docToMarkup(asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, ...attrs } })) }));
    expect(change({ sizeSlug: 'medium', src: '/a-300x150.jpg', linkDestination: 'custom', href: 'https://example.org/?a=1&b="2"', align: 'wide' })).toBe(
      block('image', '<figure class="wp-block-image alignwide size-medium"><a href="https://example.org/?a=1&amp;b=&quot;2&quot;"><img src="/a-300x150.jpg" alt="" class="wp-image-3"/></a></figure>', '{"id":3,"sizeSlug":"medium","linkDestination":"custom","align":"wide"}'),
    );
    const linked = markupToDoc(change({ linkDestination: 'attachment', href: '/?attachment_id=3' }));
    expect(judged(asChanged({ ...linked, content: linked.content?.map((node) => ({ ...node, attrs: { ...node.attrs, linkDestination: 'none', href: '' } })) }))).toBe(plain);
  });

  it('follow a heading to another level, keeping its anchor and alignment', () => {
    const doc = markupToDoc(anchored);
    const level = (to: number) => docToMarkup(asChanged({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, level: to } })) }));
    expect(level(3)).toBe(block('heading', '<h3 class="wp-block-heading has-text-align-center" id="intro">Intro</h3>', '{"textAlign":"center","level":3}'));
    expect(level(2)).toBe(anchored);
    const level4 = block('heading', '<h4 class="wp-block-heading" id="a">Four</h4>', '{"level":4,"className":"x"}');
    const four = markupToDoc(level4);
    expect(judged(asChanged({ ...four, content: four.content?.map((node) => ({ ...node, attrs: { ...node.attrs, level: 2 } })) }))).toBe(block('heading', '<h2 class="wp-block-heading" id="a">Four</h2>', '{"className":"x"}'));
  });

  it('stay behind when a paragraph becomes a heading, as they belong to the paragraph', () => {
    const [paragraphNode] = markupToDoc(centred).content ?? [];
    const heading = { ...paragraphNode, type: 'heading', attrs: { ...paragraphNode.attrs, level: 2 } };
    expect(judged(asChanged({ type: 'doc', content: [heading] }))).toBe(CANONICAL['heading (level 2)'].replace('A heading', 'Centred'));
  });

  it('travel with a copy pasted inside the editor', () => {
    const doc = schema.nodeFromJSON(markupToDoc(centred));
    const clipboard = document.createElement('div');
    clipboard.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content, { document }));
    expect(clipboard.querySelector('p')?.className).toBe('has-text-align-center has-drop-cap has-large-font-size');
    expect(judged(SchemaParser.fromSchema(schema).parse(clipboard).toJSON() as JSONContent)).toBe(centred);
  });
});

describe('blocks and HTML the editor does not model', () => {
  // A plugin's blocks holding blocks: the editor does not know what their HTML depends on.
  const columns = block('acme/columns', `<div class="wp-block-columns are-vertically-aligned-top">${block('acme/column', `<div class="wp-block-column">${paragraph('Left')}</div>`)}</div>`, '{"verticalAlignment":"top"}');
  const callout = block('acme/callout', '<div class="callout is-warning">Careful</div>', '{"tone":"warning","items":[1,2],"note":"a \\u002d\\u002d b"}');
  const selfClosing = '<!-- wp:foo/bar {"a":1} /-->';

  it('keeps nested, attributed and self-closing blocks byte for byte, in place among editable ones', () => {
    const markup = [CANONICAL.paragraph, columns, CANONICAL.separator, callout, selfClosing, CANONICAL['heading (level 2)']].join('\n\n');
    const doc = markupToDoc(markup);
    expect(doc.content?.map((node) => node.type)).toEqual(['paragraph', 'unknownBlock', 'horizontalRule', 'unknownBlock', 'unknownBlock', 'heading']);
    expect(doc.content?.filter((node) => node.type === 'unknownBlock').map((node) => node.attrs?.markup)).toEqual([columns, callout, selfClosing]);
    expect(roundTrip(markup)).toBe(markup);
  });

  it.each([
    // (An element of no format is held by a mark with its class, style, language and title: held-inline.ts; not with other attributes.)
    ['a paragraph with an element whose attribute no mark holds', paragraph('Read the <small data-note="1">small print</small>')],
    ['a paragraph with a link to a page of the site', paragraph('<a href="/about/" data-type="page" data-id="2">About</a>')],
    ['a paragraph holding an HTML comment', paragraph('Visible<!-- note to self -->')],
    ['a heading whose level disagrees with its element', block('heading', '<h3 class="wp-block-heading">Three</h3>')],
    ['a list whose nested list is styled', block('list', `<ul class="wp-block-list">${block('list-item', `<li>One${block('list', `<ol reversed class="wp-block-list">${block('list-item', '<li>In</li>')}</ol>`, '{"ordered":true,"reversed":true}')}</li>`)}</ul>`)],
    ['a quote whose citation holds an element whose attribute no mark holds', block('quote', `<blockquote class="wp-block-quote">${paragraph('Words')}<cite>Someone<small data-note="1">, 1999</small></cite></blockquote>`)],
  ])('keeps %s as written rather than lose what the editor cannot hold', (_name, markup) => {
    expect(types(markup)).toEqual(['unknownBlock']);
    expect(roundTrip(markup)).toBe(markup);
  });

  it('keeps a block that is never closed, and a closing comment without its block', () => {
    const unclosed = '<!-- wp:group -->\n<div class="wp-block-group"><p>Never closed</p></div>';
    expect(roundTrip(`${CANONICAL.separator}\n\n${unclosed}`)).toBe(`${CANONICAL.separator}\n\n${unclosed}`);
    const stray = [CANONICAL.separator, '<!-- /wp:group -->', CANONICAL['heading (level 2)']].join('\n\n');
    expect(types(stray)).toEqual(['horizontalRule', 'classicBlock', 'heading']);
    expect(roundTrip(stray)).toBe(stray);
  });

  it('keeps HTML between blocks as a Classic block: plain elements editable in it, the rest as written, all written back as read', () => {
    const markup = [CANONICAL.separator, '<div class="note"><p>Kept</p></div>', '<p>Loose <em>words</em></p>', '<!--more-->', CANONICAL.separator].join('\n\n');
    expect(types(markup)).toEqual(['horizontalRule', 'classicBlock', 'horizontalRule']);
    // A division of one paragraph is edited in place, its tags held (classic-division.ts); the more tag is the More block's node.
    expect(markupToDoc(markup).content?.[1].content?.map((node) => node.type)).toEqual(['classicDivision', 'paragraph', 'moreBlock']);
    expect(roundTrip(markup)).toBe(markup);
  });

  it('shows kept markup read-only as the site shows it, labelled with the block or element', () => {
    const doc = schema.nodeFromJSON(markupToDoc([columns, selfClosing, '<section class="prices"><p>1</p></section>', '<!-- wp:more -->\n<!--more-->\n<p>More than it says</p>\n<!-- /wp:more -->'].join('\n\n')));
    const shownDoc = document.createElement('div');
    shownDoc.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content, { document }));
    // The section stands in the Classic block the HTML between blocks makes; a More block holding more than it says is kept.
    const boxes = [...shownDoc.querySelectorAll('[data-unknown-block]')] as HTMLElement[];
    expect(boxes.map((box) => box.getAttribute('contenteditable'))).toEqual(['false', 'false', 'false', 'false']);
    expect(boxes.map((box) => box.querySelector('.unknown-block-label')?.textContent)).toEqual([
      // Blocks the block editor does not register: its Missing block's words (tests/unit/missing-block.test.ts).
      'Your site doesn’t include support for the "acme/columns" block. You can leave this block intact, convert its content to a Custom HTML block, or remove it entirely.',
      'Your site doesn’t include support for the "foo/bar" block. You can leave this block intact or remove it entirely.',
      'HTML <section>: shown as the site shows it, not editable here',
      'More tag (select it and press Delete to remove it)',
    ]);
    const shown = boxes.map((box) => box.querySelector('.unknown-block-shown') as HTMLElement);
    expect(shown[0].querySelectorAll('.wp-block-columns > .wp-block-column').length).toBe(1);
    expect(shown[0].textContent).toContain('Left');
    expect(shown[1].textContent).toBe('');
    expect(shown[2].querySelector('p')?.textContent).toBe('1');
    expect(shown[3].textContent).toBe('Read more: the blog and archive pages show the post up to here.');
    expect(shown.every((element) => element.hasAttribute('inert'))).toBe(true);
  });

  it('runs nothing from kept markup: scripts, handlers, frames and javascript: links are left out of what is shown', () => {
    const hostile = block('foo/widget', '<div class="w"><script>window.ran = 1</script><img src="/a.png" onerror="window.ran = 2" alt="A"><a href="javascript:window.ran = 3">go</a><iframe src="https://example.com"></iframe><form><input></form><p>Safe words</p></div>');
    const doc = schema.nodeFromJSON(markupToDoc(hostile));
    const box = DOMSerializer.fromSchema(schema).serializeNode(doc.firstChild!, { document }) as HTMLElement;
    const html = box.querySelector('.unknown-block-shown')?.innerHTML ?? '';
    expect(html).not.toMatch(/script|onerror|javascript:|iframe|<form|<input/i);
    expect(html).toContain('Safe words');
    expect(html).toContain('src="/a.png"');
    expect(docToMarkup(doc.toJSON() as JSONContent)).toBe(hostile);
  });

  it('counts the words of kept markup, each paragraph apart from its neighbours', () => {
    const doc = schema.nodeFromJSON(markupToDoc(`${columns}\n\n<section class="prices"><p>one</p><p>two</p></section>`));
    const text = doc.textBetween(0, doc.content.size, '\n', (leaf) => String(leaf.type.spec.toText?.({ node: leaf }) ?? ''));
    expect(text.split(/\s+/)).toEqual(['Left', 'one', 'two']);
  });
});

describe('classic content (HTML without blocks)', () => {
  /** The document with `text` typed at the end of the paragraph holding `after`. */
  const typedAfter = (doc: JSONContent, after: string, text: string): JSONContent => {
    const visit = (node: JSONContent): JSONContent => (node.type === 'text' && node.text?.endsWith(after) ? { ...node, text: `${node.text}${text}` } : node.content ? { ...node, content: node.content.map(visit) } : node);
    return visit(doc);
  };

  it('is one Classic block, its paragraphs, headings, lists, quotes, code, separators and images editable in it', () => {
    const html = '<h2>Title</h2>\n<p>One <em>two</em></p>\n<ul><li>a</li><li>b <strong>c</strong></li></ul>\n<blockquote><p>q</p></blockquote>\n<pre><code>x &lt; y</code></pre>\n<hr>\n<img src="/a.jpg" alt="A">';
    expect(types(html)).toEqual(['classicBlock']);
    expect(classicTypes(html)).toEqual(['heading', 'paragraph', 'bulletList', 'blockquote', 'codeBlock', 'horizontalRule', 'imageBlock']);
  });

  it('forms paragraphs and line breaks from blank lines and newlines, as the site shows them, and is written back as read', () => {
    const classic = 'First line\nsecond  line\t<i>here</i>\n\nNext <strike>paragraph</strike>\n';
    expect(markupToDoc(classic).content?.[0].content?.map((node) => node.content?.map((child) => child.type))).toEqual([['text', 'hardBreak', 'text', 'text'], ['text', 'text']]);
    expect(roundTrip(classic)).toBe(classic);
  });

  it('takes a word typed in it and nothing else: its spacing, elements and entities stay as read', () => {
    const classic = 'First&nbsp;line\nsecond  line\t<i>here</i>\n\n[gallery ids="1,2"]\n\n<pre>\n  code</pre>\n\nNext <strike>paragraph</strike>\n';
    const doc = markupToDoc(classic);
    expect(docToMarkup(typedAfter(doc, 'here', ' and now'))).toBe(classic.replace('here</i>', 'here and now</i>'));
    expect(docToMarkup(typedAfter(doc, 'paragraph', ' too'))).toBe(classic.replace('paragraph</strike>', 'paragraph too</strike>'));
  });

  it('keeps elements the editor cannot hold as the site showed them, among the editable ones', () => {
    const classic = 'Before\n\n<video controls src="/uploads/clip.mp4"></video>\n\n<div class="note">Aside</div>\nAfter';
    // The division of words is edited in place (classic-division.ts); the video is kept.
    expect(classicTypes(classic)).toEqual(['paragraph', 'unknownBlock', 'classicDivision', 'paragraph']);
    expect(roundTrip(classic)).toBe(classic);
  });

  it('writes a block added to it as classic HTML, without block comments, its paragraphs as read', () => {
    const doc = markupToDoc('One\n\nTwo');
    const classic = doc.content?.[0] ?? {};
    const split: JSONContent = { ...doc, content: [{ ...classic, content: [...(classic.content ?? []), { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Three' }] }] }] };
    expect(docToMarkup(split)).toBe('One\n\nTwo\n\n<h2 class="wp-block-heading">Three</h2>');
  });

  it('puts a format the writer added over a paragraph\u2019s words where those words are, the rest of the post as read (issue 29: no line rewritten as its paragraph)', () => {
    const classic = 'One <i>line</i>\n\nTwo  words\n\nThree <strike>old</strike>';
    const doc = markupToDoc(classic);
    const bolded = (node: JSONContent): JSONContent => (node.type === 'text' && node.text === 'Two words' ? { ...node, marks: [{ type: 'bold' }] } : node.content ? { ...node, content: node.content.map(bolded) } : node);
    expect(docToMarkup(bolded(doc))).toBe('One <i>line</i>\n\n<strong>Two words</strong>\n\nThree <strike>old</strike>');
  });
});

describe('documents made in the editor', () => {
  const text = (value: string, marks: JSONContent['marks'] = undefined): JSONContent => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
  const para = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
  const item = (...content: JSONContent[]): JSONContent => ({ type: 'listItem', content });

  it('save as the block editor would save them', () => {
    const doc = asEditorJson({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Plan')] },
        para(text('Line one'), { type: 'hardBreak' }, text('<two> & three', [{ type: 'bold' }]), text(' with '), text('a link', [{ type: 'link', attrs: { href: 'https://example.com/' } }])),
        { type: 'bulletList', content: [item(para(text('Buy')), para(text('milk'))), item(para(text('Cook')), { type: 'orderedList', content: [item(para(text('Boil')))] })] },
        { type: 'blockquote', content: [para(text('Wise'))] },
        { type: 'codeBlock', content: [text('a < b')] },
        { type: 'imageBlock', attrs: { src: '/uploads/cat.png', alt: 'A cat', id: 7, sizeSlug: 'large', linkDestination: 'none' } },
        { type: 'embed', attrs: { url: 'https://vimeo.com/1' } },
        { type: 'horizontalRule' },
        { type: 'unknownBlock', attrs: { markup: '<!-- wp:foo/bar {"a":1} /-->' } },
        { type: 'paragraph' },
      ],
    });
    expect(judged(doc)).toBe(
      [
        block('heading', '<h2 class="wp-block-heading">Plan</h2>'),
        paragraph('Line one<br><strong>&lt;two> &amp; three</strong> with <a href="https://example.com/">a link</a>'),
        block('list', `<ul class="wp-block-list">${block('list-item', '<li>Buy<br>milk</li>')}\n\n${block('list-item', `<li>Cook${block('list', `<ol class="wp-block-list">${block('list-item', '<li>Boil</li>')}</ol>`, '{"ordered":true}')}</li>`)}</ul>`),
        block('quote', `<blockquote class="wp-block-quote">${paragraph('Wise')}</blockquote>`),
        block('code', '<pre class="wp-block-code"><code>a &lt; b</code></pre>'),
        block('image', '<figure class="wp-block-image size-large"><img src="/uploads/cat.png" alt="A cat" class="wp-image-7"/></figure>', '{"id":7,"sizeSlug":"large","linkDestination":"none"}'),
        block('embed', '<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/1\n</div></figure>', '{"url":"https://vimeo.com/1"}'),
        CANONICAL.separator,
        '<!-- wp:foo/bar {"a":1} /-->',
      ].join('\n\n'),
    );
  });

  it('open again as the same document', () => {
    const doc = markupToDoc(Object.values(CANONICAL).join('\n\n'));
    expect(markupToDoc(docToMarkup(asEditorJson(doc)))).toEqual(doc);
  });

  it('give empty markup when empty, and empty markup opens as one empty paragraph', () => {
    expect(judged(asEditorJson({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph' }] }))).toBe('');
    expect(judged({ type: 'doc' })).toBe('');
    expect(markupToDoc('').content).toEqual([{ type: 'paragraph' }]);
    expect(markupToDoc(' \n\n ').content).toEqual([{ type: 'paragraph' }]);
  });

  it('keep embeds, images and kept blocks whole when copied and pasted inside the editor', () => {
    const doc = schema.nodeFromJSON(markupToDoc([CANONICAL.embed, CANONICAL['image with a caption'], CANONICAL.quote.replace('Quoted', '<sup>Q</sup>')].join('\n\n')));
    const clipboard = document.createElement('div');
    clipboard.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content, { document }));
    // A pasted copy is a new block: it does not carry the source of the one copied.
    expect(SchemaParser.fromSchema(schema).parse(clipboard).toJSON()).toEqual(asEditorJson(asChanged(doc.toJSON() as JSONContent)));
  });
});

describe('blocks holding blocks', () => {
  /** Spacing between inner blocks as found in the wild: line breaks, blank lines, indentation. */
  const SPACINGS = ['\n', '\n\n', '\n\t', '\n\n\t', '\n    \n    '];
  const CONTAINER_HTML: Record<string, [string, string]> = { group: ['<div class="wp-block-group">', '</div>'], column: ['<div class="wp-block-column">', '</div>'] };

  it('keep the spacing between their blocks as read when one of them is written anew', () => {
    for (const [name, [open, close]] of Object.entries(CONTAINER_HTML)) {
      for (const spacing of SPACINGS) {
        const markup = block(name, `${open}${spacing}${[paragraph('One'), paragraph('Two'), paragraph('Three')].join(spacing)}${spacing}${close}`);
        const doc = markupToDoc(markup);
        const container = doc.content?.[0] as JSONContent;
        // The writer makes the second paragraph bold: a change its source cannot take, so it is written anew, and its container too.
        const second = container.content?.[1] as JSONContent;
        container.content![1] = { ...second, attrs: { ...second.attrs, source: null, canonical: null }, content: [{ type: 'text', text: 'Two', marks: [{ type: 'bold' }] }] };
        expect(docToMarkup(doc), `${name}, spaced ${JSON.stringify(spacing)}`).toBe(markup.replace(paragraph('Two'), paragraph('<strong>Two</strong>')));
      }
    }
  });
});
