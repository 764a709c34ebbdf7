// @vitest-environment jsdom
// The body `htmlBody` reads (renderer/blocks/html-nodes.ts) is the body of the document
// `<!doctype html><body>…</body>` holding the HTML, node for node, whatever the HTML: it is parsed
// as a body's inner HTML, not as a document of its own, and the two must not differ. Over the
// public XSS corpus, generated hostile documents, every element whose content is text left open
// or closed, and the tags that mean something only in a whole document.
import { describe, expect, it } from 'vitest';
import { htmlBody } from '../../renderer/blocks/html-nodes.ts';
import { ACTIVE_MARKUP, RAW_TEXT_ELEMENTS, XSS_VECTORS, delimiterPayloads, hostileDocuments } from '../helpers/hostile-markup.ts';

/** A node as the parser built it: its kind, name, namespace, attributes, text and children (a template's content among them). */
function shape(node: Node): unknown {
  if (node.nodeType !== Node.ELEMENT_NODE) return [node.nodeType, node.nodeName, node.nodeValue];
  const element = node as Element;
  const children = element instanceof HTMLTemplateElement ? element.content.childNodes : element.childNodes;
  return [
    element.namespaceURI, element.localName,
    [...element.attributes].map((attribute) => [attribute.namespaceURI, attribute.name, attribute.value]),
    [...children].map(shape),
  ];
}

const asDocument = (html: string) => new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;

/** Each element whose content is text, closed and left open, before and after other markup. */
const TEXT_CONTENT = RAW_TEXT_ELEMENTS.flatMap((element) => [
  `<${element}><p>Inside</p></${element}><p>After</p>`,
  `<p>Before</p><${element}><b>left open`,
  `<${element}>`,
  `<${element}><!-- a comment --></body>`,
]);

/** Where parsing a body's inner HTML and a document differ: the document's own tags. */
const DOCUMENT_TAGS = [
  '<body class="note">Text', 'Text</body><!-- after the body -->', '<frameset><frame src="x"></frameset>',
  'Text</html><!-- after the document --> more', '<html lang="fr"><p>Text</p>', '<BODY onload=alert(1)>',
];

/** Trees the parser builds in ways of its own: misnested formatting, tables, lists, forms, foreign content, text it rewrites. */
const PARSER_RULES = [
  '', '   ', '\n<p>Lead</p>\n', 'plain text', '<b><i>misnested</b> formatting</i>', '<p>Paragraph <table><tr><td>cell</table>',
  '<table>stray text<tr><td>cell</td></tr></table>', '<ul><li>One<li>Two</ul>', '<form><form><input></form>', '<select><option>One<p>Two</select>',
  '<svg><title><b>In svg</b></title><![CDATA[ data ]]></svg>', '<math><mi>x</mi><annotation-xml encoding="text/html"><p>HTML</p></annotation-xml></math>',
  '<image src="x">', '<!doctype html><p>Doctype inside</p>', 'Line\r\nbreaks\rhere', 'A\u0000null', '&amp; &lt; &notanentity; &#x1F600;',
  '<p>Open paragraph<div>division</div>', '<a href="/one">one<a href="/two">two</a>', '<head><meta charset="utf-8"><title>Title</title></head>',
  '<template><td>cell</td></template>', '<caption>alone</caption><col><tr><td>alone</td></tr>', '</p></br></div>stray end tags',
];

const CASES = [...PARSER_RULES, ...DOCUMENT_TAGS, ...TEXT_CONTENT, ...ACTIVE_MARKUP, ...XSS_VECTORS, ...delimiterPayloads(), ...hostileDocuments(3023, 300)];

describe('htmlBody', () => {
  it('reads every piece of HTML as the body of a document holding it', () => {
    const differing = CASES.filter((html) => JSON.stringify(shape(htmlBody(html))) !== JSON.stringify(shape(asDocument(html))));
    expect(differing).toEqual([]);
  });
});
