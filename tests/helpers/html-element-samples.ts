// Every element of HTML as a sample to stand among a list item's words (classic conversion's
// tests generate their cases over it): an element only HTML's parser keeps inside its parent is
// sampled in that parent, one that holds parts with them, a void one alone.

/** The elements of HTML. */
export const HTML_ELEMENTS = (
  'a abbr address article aside audio b bdi bdo blockquote br button canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt ' +
  'em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr i iframe img input ins kbd label legend li main map mark math menu ' +
  'meter nav noscript object ol output p picture pre progress q rp rt ruby s samp script search section select small span strong style sub summary sup ' +
  'svg table tbody td template textarea tfoot th thead time tr u ul var video wbr'
).split(' ');

/** An element only HTML's parser keeps inside its parent, sampled in that parent. */
const IN_PARENT: Readonly<Record<string, string>> = {
  caption: 'table', col: 'table', colgroup: 'table', thead: 'table', tbody: 'table', tfoot: 'table', tr: 'table', td: 'table', th: 'table',
  dt: 'dl', dd: 'dl', li: 'ul', legend: 'fieldset', figcaption: 'figure', summary: 'details', rp: 'ruby', rt: 'ruby',
};
const STRUCTURED: Readonly<Record<string, string>> = {
  table: '<table><tbody><tr><td>Inside words</td></tr></tbody></table>',
  dl: '<dl><dt>Inside words</dt><dd>Defined</dd></dl>',
  ul: '<ul><li>Inside words</li></ul>',
  ol: '<ol><li>Inside words</li></ol>',
  fieldset: '<fieldset><legend>Legend</legend>Inside words</fieldset>',
  figure: '<figure>Inside words<figcaption>Caption</figcaption></figure>',
  details: '<details><summary>Summary</summary>Inside words</details>',
  ruby: '<ruby>Inside<rt>words</rt></ruby>',
};
const VOID = new Set(['br', 'embed', 'hr', 'img', 'input', 'wbr']);

export const sampleOf = (tag: string) => {
  const kind = IN_PARENT[tag] ?? tag;
  return STRUCTURED[kind] ?? (VOID.has(kind) ? `<${kind}>` : `<${kind}>Inside words</${kind}>`);
};

/** One sample of each element (those sampled in their parent once). */
export const ELEMENT_SAMPLES: readonly string[] = [...new Set(HTML_ELEMENTS.map(sampleOf))];

/** The words of the list item an element is put among. */
export const ITEM_WORDS = 'Item words';

/** Where an element stands among an item's words. */
export const AMONG_ITEM_WORDS: Readonly<Record<string, (element: string) => string>> = {
  'between words': (element) => `${ITEM_WORDS} ${element} more`,
  'after words': (element) => `${ITEM_WORDS} ${element}`,
  'before words': (element) => `${element} ${ITEM_WORDS}`,
};
