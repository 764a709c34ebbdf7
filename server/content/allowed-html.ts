// What HTML the filter keeps from people without `unfiltered_html`: the reference site's
// allow-lists ($allowedposttags for post text, $allowedtags for titles and descriptions),
// its allowed URL protocols (shared/url-protocols.ts, which the editor's page follows too) and its allowed inline CSS properties. Data only; the filter
// that applies them is html-filter.ts.

/** Element name -> the attributes it may carry (besides the global ones for post text). */
export type AllowList = Readonly<Record<string, readonly string[]>>;

const ALIGN = ['align'];
const CELL = ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width'];
const SECTION_ROW = ['align', 'char', 'charoff', 'valign'];
const COLUMN = ['align', 'char', 'charoff', 'span', 'valign', 'width'];

/** Post content and excerpts (the reference's `wp_kses_allowed_html('post')`). */
export const POST_TAGS: AllowList = {
  address: [], a: ['href', 'rel', 'rev', 'name', 'target', 'download'], abbr: [], acronym: [],
  area: ['alt', 'coords', 'href', 'nohref', 'shape', 'target'], article: ALIGN, aside: ALIGN,
  audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'], b: [], bdo: [], big: [],
  blockquote: ['cite'], br: [], button: ['disabled', 'name', 'type', 'value'], caption: ALIGN,
  cite: [], code: [], col: COLUMN, colgroup: COLUMN, del: ['datetime'], dd: [], dfn: [],
  details: ['align', 'open'], div: ALIGN, dl: [], dt: [], em: [], fieldset: [], figure: ALIGN,
  figcaption: ALIGN, font: ['color', 'face', 'size'], footer: ALIGN,
  h1: ALIGN, h2: ALIGN, h3: ALIGN, h4: ALIGN, h5: ALIGN, h6: ALIGN, header: ALIGN, hgroup: ALIGN,
  hr: ['align', 'noshade', 'size', 'width'], i: [],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width'],
  ins: ['datetime', 'cite'], kbd: [], label: ['for'], legend: ALIGN, li: ['align', 'value'], main: ALIGN,
  map: ['name'], mark: [], menu: ['type'], nav: ALIGN, p: ALIGN, pre: ['width'], q: ['cite'],
  rb: [], rp: [], rt: [], rtc: [], ruby: [], s: [], samp: [], span: ALIGN, section: ALIGN, small: [],
  strike: [], strong: [], sub: [], summary: ALIGN, sup: [],
  table: ['align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'],
  tbody: SECTION_ROW, td: CELL, textarea: ['cols', 'rows', 'disabled', 'name', 'readonly'], tfoot: SECTION_ROW,
  th: CELL, thead: SECTION_ROW, title: [], tr: ['align', 'bgcolor', 'char', 'charoff', 'valign'],
  track: ['default', 'kind', 'label', 'src', 'srclang'], tt: [], u: [], ul: ['type'], ol: ['start', 'type', 'reversed'],
  var: [], video: ['autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
};

/** Attributes every element of post text may carry; `data-*` too. */
export const GLOBAL_ATTRIBUTES = [
  'aria-controls', 'aria-current', 'aria-describedby', 'aria-details', 'aria-expanded', 'aria-hidden',
  'aria-label', 'aria-labelledby', 'aria-live', 'class', 'dir', 'hidden', 'id', 'lang', 'style', 'title',
  'role', 'xml:lang',
];

/** Titles, term and user descriptions (the reference's `$allowedtags`): inline markup only. */
export const TEXT_TAGS: AllowList = {
  a: ['href', 'title'], abbr: ['title'], acronym: ['title'], b: [], blockquote: ['cite'], cite: [],
  code: [], del: ['datetime'], em: [], i: [], q: ['cite'], s: [], strike: [], strong: [],
};

export { ALLOWED_PROTOCOLS, URL_ATTRIBUTES } from '../../shared/url-protocols.ts';

/** Inline CSS properties kept in `style` (the reference's `safe_style_css`); `--custom` ones too. */
export const ALLOWED_CSS_PROPERTIES = new Set([
  'background', 'background-color', 'background-image', 'background-position', 'background-repeat', 'background-size',
  'background-attachment', 'background-blend-mode',
  'border', 'border-radius', 'border-width', 'border-color', 'border-style',
  ...['top', 'right', 'bottom', 'left'].flatMap((side) => ['', '-color', '-style', '-width'].map((part) => `border-${side}${part}`)),
  'border-top-left-radius', 'border-top-right-radius', 'border-bottom-left-radius', 'border-bottom-right-radius',
  'border-spacing', 'border-collapse', 'caption-side',
  'columns', 'column-count', 'column-fill', 'column-gap', 'column-rule', 'column-span', 'column-width',
  'color', 'filter', 'font', 'font-family', 'font-size', 'font-style', 'font-variant', 'font-weight', 'letter-spacing',
  'line-height', 'text-align', 'text-decoration', 'text-indent', 'text-transform',
  'height', 'min-height', 'max-height', 'width', 'min-width', 'max-width',
  ...['margin', 'padding'].flatMap((box) => [box, ...['right', 'bottom', 'left', 'top', 'block-start', 'block-end', 'inline-start', 'inline-end'].map((side) => `${box}-${side}`)]),
  'flex', 'flex-basis', 'flex-direction', 'flex-flow', 'flex-grow', 'flex-shrink', 'flex-wrap', 'gap', 'row-gap',
  'grid-template-columns', 'grid-auto-columns', 'grid-column-start', 'grid-column-end', 'grid-column-gap',
  'grid-template-rows', 'grid-auto-rows', 'grid-row-start', 'grid-row-end', 'grid-row-gap', 'grid-gap',
  'justify-content', 'justify-items', 'justify-self', 'align-content', 'align-items', 'align-self',
  'clear', 'cursor', 'direction', 'float', 'list-style-type', 'object-fit', 'object-position', 'overflow',
  'vertical-align', 'writing-mode', 'position', 'top', 'right', 'bottom', 'left', 'z-index', 'box-shadow', 'aspect-ratio',
]);

/** CSS properties whose value may hold `url(...)`. */
export const CSS_URL_PROPERTIES = new Set(['background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image']);
