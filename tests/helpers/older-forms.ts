// Blocks in an older form, as the block editor's own deprecations wrote them: every deprecated
// save of the block types whose older forms the Inkwell editor migrates (the quote; the embed,
// once a block of its own per provider: core-embed/<provider>, for every provider the embed
// block knows), over a few attribute sets, and every older form in the corpus documents
// (untouched-corpus.ts: the block editor's fixture documents where the shared folder has them).
// Kept: the forms the block editor itself reads and migrates (its current save writes other HTML for them, or another block).
import { blockEditor } from './block-editor.ts';
import { untouchedCorpus } from './untouched-corpus.ts';
import { formOf, readByBlockEditor } from './strict-validity.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';

export interface OlderForm {
  name: string;
  markup: string;
  /** What the block editor writes for it after its migration. */
  migrated: string;
  /** Found in the corpus documents (else generated from a deprecation). */
  fromCorpus: boolean;
}

interface Attribute { source?: string; default?: unknown }
interface Deprecation { attributes?: Record<string, Attribute>; save: unknown }
interface BlockType { name: string; attributes: Record<string, Attribute>; deprecated?: Deprecation[]; save: unknown }
interface WpBlock { name: string; originalContent?: string }
export interface WpApi {
  getBlockType(name: string): BlockType;
  getBlockVariations(name: string): { name: string; attributes?: Record<string, unknown> }[];
  getSaveContent(type: BlockType, attributes: Record<string, unknown>, inner: WpBlock[]): string;
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: WpBlock[]): WpBlock;
  parse(markup: string): WpBlock[];
  serialize(blocks: WpBlock[]): string;
}

const QUOTES: Record<string, unknown>[] = [
  { value: '<p>Words <em>that</em> last</p><p>A second line</p>', citation: 'Someone' },
  { value: '<p>Aligned</p>', citation: '', align: 'right' },
  { value: '<p>Large</p>', citation: 'Cited', style: 2 },
  { value: '<p>Plain</p>', citation: 'Cited', style: 1 },
  { value: '<p>Large style</p>', citation: '<strong>Cited</strong>', className: 'is-style-large' },
];

/** Blocks of their own HTML alone, with the settings writers give them most: each saved by every deprecation of its type. */
const DEPRECATED_SAVES: Record<string, Record<string, unknown>[]> = {
  quote: QUOTES,
  pullquote: [
    { value: '<p>Words <em>that</em> last</p><p>A second line</p>', citation: 'Someone' },
    { value: '<p>Alone</p>', citation: '' },
    { value: '<p>Bordered</p>', citation: 'Cited', customMainColor: '#2207d0', textColor: 'secondary' },
    { value: '<p>Bordered</p>', citation: '', customMainColor: '#2207d0', className: 'is-style-default' },
    { value: '<p>Solid</p>', citation: 'Cited', mainColor: 'black', textColor: 'white', className: 'is-style-solid-color' },
  ],
  spacer: [{ height: 100 }, { height: 40 }, { height: 0, width: 72 }],
  // Of the first tables' named colours, fixed or not, captioned or not (each section given: the saves read them all).
  table: [
    { backgroundColor: 'subtle-pale-blue', head: [{ cells: [{ content: 'Year', tag: 'th' }, { content: 'Who', tag: 'th' }] }], body: [{ cells: [{ content: '2003', tag: 'td' }, { content: '<a href="https://example.com/">Miles</a> &amp; <em>co</em>', tag: 'td' }] }], foot: [], caption: 'Table <strong>caption</strong>' },
    { backgroundColor: 'subtle-light-gray', hasFixedLayout: true, head: [], body: [{ cells: [{ content: 'One', tag: 'td' }] }, { cells: [{ content: 'Two', tag: 'td' }] }], foot: [], caption: '' },
    { backgroundColor: 'subtle-pale-pink', head: [], body: [{ cells: [{ content: '1', tag: 'td' }] }], foot: [{ cells: [{ content: 'Sum', tag: 'td' }] }], caption: '' },
  ],
  separator: [{}, { className: 'is-style-wide' }, { color: 'accent' }, { customColor: '#123456', className: 'is-style-dots' }],
  // The last two without a file: the block editor migrates them to an audio block without one.
  audio: [{ src: 'https://example.com/sea.mp3', caption: 'The <em>sea</em>' }, { src: 'https://example.com/sea.mp3', caption: 'Waves', autoplay: true, loop: true, preload: 'auto' }, {}, { loop: true, preload: 'none' }],
  video: [
    { src: 'https://example.com/sea.mp4', caption: 'The <em>sea</em>', controls: true },
    { src: 'https://example.com/sea.mp4', caption: 'Waves', controls: true, autoplay: true, loop: true, muted: true, playsInline: true, poster: 'https://example.com/sea.jpg', preload: 'auto' },
  ],
};

/** Blocks holding blocks, with the settings writers give them most: each saved by every deprecation of its type around an inner block. */
export const CONTAINERS: Record<string, { inner: [string, Record<string, unknown>]; attributeSets: Record<string, unknown>[] }> = {
  'core/cover': {
    inner: ['core/paragraph', { content: 'Words <em>inside</em>' }],
    attributeSets: [
      { url: 'https://example.com/door.jpg', id: 7, dimRatio: 50 },
      { url: 'https://example.com/door.jpg', alt: 'A red door', dimRatio: 40, isDark: false, align: 'full' },
      { url: 'https://example.com/door.jpg', hasParallax: true, focalPoint: { x: 0.2, y: 0.3 }, customOverlayColor: '#123456' },
      { url: 'https://example.com/door.jpg', isRepeated: true, alt: 'Bricks', dimRatio: 30 },
      { url: 'https://example.com/sea.mp4', backgroundType: 'video', dimRatio: 50, focalPoint: { x: 0.5, y: 0.1 } },
      { overlayColor: 'primary', minHeight: 300, minHeightUnit: 'px', contentPosition: 'top left' },
      { url: 'https://example.com/door.jpg', gradient: 'midnight', dimRatio: 60, tagName: 'section' },
      { url: 'https://example.com/door.jpg', customGradient: 'linear-gradient(red,blue)', dimRatio: 0, focalPoint: { x: 0.333, y: 0.5 } },
    ],
  },
  'core/media-text': {
    inner: ['core/paragraph', { content: 'Words <em>beside</em>' }],
    attributeSets: [
      { mediaUrl: 'https://example.com/door.jpg', mediaType: 'image', mediaId: 7, mediaAlt: 'A red door' },
      { mediaUrl: 'https://example.com/door.jpg', mediaType: 'image', mediaPosition: 'right', mediaWidth: 40, isStackedOnMobile: false, verticalAlignment: 'center', backgroundColor: 'primary' },
      { mediaUrl: 'https://example.com/door.jpg', mediaType: 'image', imageFill: true, focalPoint: { x: 0.2, y: 0.3 }, align: 'full' },
      { mediaUrl: 'https://example.com/door.jpg', mediaType: 'image', href: 'https://example.com/', linkTarget: '_blank', rel: 'noopener', mediaSizeSlug: 'large' },
      { mediaUrl: 'https://example.com/sea.mp4', mediaType: 'video' },
    ],
  },
  'core/group': {
    inner: ['core/paragraph', { content: 'Words <em>grouped</em>' }],
    attributeSets: [{}, { tagName: 'section', backgroundColor: 'primary', textColor: 'white' }, { layout: { type: 'constrained' }, align: 'wide' }, { layout: { inherit: true } }, { layout: { contentSize: '640px', wideSize: '1000px' } }, { style: { color: { background: '#123456' } } }],
  },
  'core/buttons': {
    inner: ['core/button', { text: 'Go', url: 'https://example.com/' }],
    attributeSets: [{ contentJustification: 'center' }, { contentJustification: 'right', orientation: 'vertical' }, { align: 'center' }, { align: 'left' }],
  },
  'core/columns': {
    inner: ['core/column', {}],
    attributeSets: [{ verticalAlignment: 'center' }, { backgroundColor: 'primary' }, { columns: 2 }, { isStackedOnMobile: false }],
  },
};

/** The post date as a new query loop's post template holds it (naming the field it shows): its current form. */
const POST_DATE = { metadata: { bindings: { datetime: { source: 'core/post-data', args: { field: 'date' } } } } };

/** A block the block editor makes: its name, attributes and inner blocks. */
type Made = [name: string, attributes: Record<string, unknown>, inner?: Made[]];

/** A query loop's post template as a new one holds it. */
const POSTS: Made = ['core/post-template', {}, [['core/post-title', {}], ['core/post-date', POST_DATE]]];

/**
 * The query loop family's blocks holding blocks, with the settings their older forms had (a query
 * loop's categories and tags by id, `displayLayout`, a flex `layout`, colours, a theme's width,
 * another tag; a pagination aligned, coloured, of a class): each saved by every deprecation of its type around its blocks.
 */
export const QUERY_FAMILY: [name: string, { inner: Made[]; attributeSets: Record<string, unknown>[] }][] = [
  ['core/query', {
    inner: [POSTS],
    attributeSets: [
      {},
      { queryId: 1, query: { perPage: 3, categoryIds: [2], tagIds: [5] } },
      { queryId: 2, query: { perPage: 3, categoryIds: [], tagIds: [] } },
      { layout: { type: 'flex', columns: 3 } },
      { tagName: 'main', displayLayout: { type: 'flex', columns: 2 } },
      { displayLayout: { type: 'list' }, align: 'wide', className: 'latest' },
      { backgroundColor: 'primary', textColor: 'white' },
      { gradient: 'midnight', query: { perPage: 4, categoryIds: [3] } },
      { layout: { inherit: true } },
      { layout: { contentSize: '640px', wideSize: '1000px' }, tagName: 'section' },
      { query: { perPage: 2, taxQuery: { post_tag: [4] } }, namespace: 'acme/books' },
      { query: { perPage: 2, taxQuery: { include: { category: [4] } } }, enhancedPagination: true, displayLayout: { type: 'flex' } },
      { style: { color: { background: '#123456', text: '#fefefe' } } },
      { textColor: 'white', style: { color: { gradient: 'linear-gradient(red,blue)' }, elements: { link: { color: { text: '#ff0000' } } } } },
      { backgroundColor: 'primary', style: { elements: { link: { color: { text: 'var:preset|color|secondary' } } } }, displayLayout: { type: 'flex', columns: 3 } },
    ],
  }],
  // Its blocks in a group of their own (of a layout, a class, a tag, colours, and the settings of the group's other supports: an anchor, spacing, a border, type, a height): the block's colours go to that group.
  ...[
    { layout: { type: 'constrained' } },
    { tagName: 'section', className: 'posts', align: 'wide' },
    { textColor: 'black', style: { color: { background: '#fafafa' } } },
    { anchor: 'posts', fontSize: 'large', style: { spacing: { padding: { top: '2em', bottom: '1em' }, blockGap: '8px' }, border: { width: '2px', radius: '4px' } }, layout: { type: 'flex', orientation: 'vertical' } },
    { borderColor: 'primary', fontFamily: 'serif', style: { dimensions: { minHeight: '50vh' }, typography: { lineHeight: '1.5' }, color: { text: '#111111' } } },
  ].map((group): [string, { inner: Made[]; attributeSets: Record<string, unknown>[] }] => ['core/query', {
    inner: [['core/group', group, [POSTS]]],
    attributeSets: [{}, { backgroundColor: 'primary', textColor: 'white' }, { style: { color: { text: '#fefefe' }, elements: { link: { color: { text: '#ff0000' } } } } }, { gradient: 'midnight', displayLayout: { type: 'flex', columns: 2 } }],
  }]),
  ['core/query-pagination', {
    inner: [['core/query-pagination-previous', {}], ['core/query-pagination-numbers', {}], ['core/query-pagination-next', { label: 'More' }]],
    attributeSets: [{}, { align: 'center' }, { backgroundColor: 'primary', textColor: 'white' }, { className: 'pages', paginationArrow: 'arrow', showLabel: false }],
  }],
];

const PARAGRAPH = '<!-- wp:paragraph {"fontSize":"large"} -->\n<p class="has-large-font-size">Words <strong>inside</strong></p>\n<!-- /wp:paragraph -->';
const DOOR = 'https://example.com/door.jpg';
const BUTTON = '<!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://example.com/">Go <em>now</em></a></div>\n<!-- /wp:button -->';

/** Blocks as WordPress 6.1 saved them (the saves its deprecations kept here are not always 6.1's own: they give the defaults of today). */
const WRITTEN_BY_61: [name: string, markup: string][] = [
  ['cover with an image', `<!-- wp:cover {"url":"${DOOR}","id":7,"dimRatio":50} -->\n<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><img class="wp-block-cover__image-background wp-image-7" alt="" src="${DOOR}" data-object-fit="cover"/><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['light cover with alt text', `<!-- wp:cover {"url":"${DOOR}","dimRatio":40,"isDark":false} -->\n<div class="wp-block-cover is-light"><span aria-hidden="true" class="wp-block-cover__background has-background-dim-40 has-background-dim"></span><img class="wp-block-cover__image-background" alt="A &quot;red&quot; door" src="${DOOR}" data-object-fit="cover"/><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover of a colour', `<!-- wp:cover {"overlayColor":"primary","minHeight":300,"minHeightUnit":"px","align":"full"} -->\n<div class="wp-block-cover alignfull" style="min-height:300px"><span aria-hidden="true" class="wp-block-cover__background has-primary-background-color has-background-dim-100 has-background-dim"></span><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover of a custom colour', `<!-- wp:cover {"customOverlayColor":"#3615d9"} -->\n<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim-100 has-background-dim" style="background-color:#3615d9"></span><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover with a video', `<!-- wp:cover {"url":"https://example.com/sea.mp4","dimRatio":50,"backgroundType":"video","focalPoint":{"x":0.2,"y":0.3}} -->\n<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><video class="wp-block-cover__video-background intrinsic-ignore" autoplay muted loop playsinline src="https://example.com/sea.mp4" style="object-position:20% 30%" data-object-fit="cover" data-object-position="20% 30%"></video><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover with a fixed background', `<!-- wp:cover {"url":"${DOOR}","hasParallax":true,"dimRatio":50,"customOverlayColor":"#123456"} -->\n<div class="wp-block-cover has-parallax"><span aria-hidden="true" class="wp-block-cover__background has-background-dim" style="background-color:#123456"></span><div role="img" class="wp-block-cover__image-background has-parallax" style="background-position:50% 50%;background-image:url(${DOOR})"></div><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover with a gradient', `<!-- wp:cover {"url":"${DOOR}","dimRatio":50,"gradient":"midnight"} -->\n<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim wp-block-cover__gradient-background has-background-gradient has-midnight-gradient-background"></span><img class="wp-block-cover__image-background" alt="" src="${DOOR}" data-object-fit="cover"/><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover as a section, of two blocks', `<!-- wp:cover {"url":"${DOOR}","id":7,"dimRatio":50,"overlayColor":"black","tagName":"section"} -->\n<section class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-black-background-color has-background-dim"></span><img class="wp-block-cover__image-background wp-image-7" alt="" src="${DOOR}" data-object-fit="cover"/><div class="wp-block-cover__inner-container">${PARAGRAPH}\n\n${PARAGRAPH}</div></section>\n<!-- /wp:cover -->`],
  ['list numbered A, B, C', '<!-- wp:list {"ordered":true,"type":"A"} -->\n<ol type="A"><li>One</li><li>Two <em>more</em></li></ol>\n<!-- /wp:list -->'],
  ['list numbered in roman from iii', '<!-- wp:list {"ordered":true,"type":"i","start":3,"reversed":true} -->\n<ol type="i" start="3" reversed><li>Three</li><li>Two</li></ol>\n<!-- /wp:list -->'],
  ['buttons centred as a float', `<!-- wp:buttons {"align":"center"} -->\n<div class="wp-block-buttons aligncenter">${BUTTON}\n\n${BUTTON}</div>\n<!-- /wp:buttons -->`],
  ['buttons floated right, with a class', `<!-- wp:buttons {"align":"right","className":"cta"} -->\n<div class="wp-block-buttons alignright cta">${BUTTON}</div>\n<!-- /wp:buttons -->`],
  ['button rounded by borderRadius', '<!-- wp:button {"borderRadius":25} -->\n<div class="wp-block-button"><a class="wp-block-button__link" style="border-radius:25px">My <strong>button</strong></a></div>\n<!-- /wp:button -->'],
  ['outlined button rounded by a number, coloured', '<!-- wp:button {"style":{"border":{"radius":10},"color":{"text":"#1b9b6c"}},"className":"is-style-outline"} -->\n<div class="wp-block-button is-style-outline"><a class="wp-block-button__link has-text-color" href="https://example.com/" style="color:#1b9b6c;border-radius:10px;">Where We Are</a></div>\n<!-- /wp:button -->'],
  ['button squared, of custom colours', '<!-- wp:button {"style":{"border":{"radius":0},"color":{"text":"#1b9b6c","background":"#aa5a20"}}} -->\n<div class="wp-block-button"><a class="wp-block-button__link has-text-color has-background no-border-radius" href="https://example.com/" style="color:#1b9b6c;background-color:#aa5a20">Go <em>now</em></a></div>\n<!-- /wp:button -->'],
  ['button squared, its classes and colours in another order', '<!-- wp:button {"style":{"border":{"radius":0},"color":{"text":"#1b9b6c","background":"#aa5a20"}}} -->\n<div class="wp-block-button"><a class="wp-block-button__link no-border-radius has-text-color has-background" style="background-color:#aa5a20;color:#1b9b6c">My button</a></div>\n<!-- /wp:button -->'],
  ['button squared, plain', '<!-- wp:button {"style":{"border":{"radius":0}}} -->\n<div class="wp-block-button"><a class="wp-block-button__link no-border-radius" href="https://example.com/">Square</a></div>\n<!-- /wp:button -->'],
  ['button rounded by a number, of a custom background, opening in a new tab', '<!-- wp:button {"style":{"border":{"radius":8},"color":{"background":"#aa5a20"}}} -->\n<div class="wp-block-button"><a class="wp-block-button__link has-background" href="https://example.com/" style="border-radius:8px;background-color:#aa5a20" target="_blank" rel="noreferrer noopener">Away</a></div>\n<!-- /wp:button -->'],
  ['video with a caption', '<!-- wp:video {"id":5} -->\n<figure class="wp-block-video"><video controls loop src="https://example.com/sea.mp4"></video><figcaption>Seen <em>here</em></figcaption></figure>\n<!-- /wp:video -->'],
  ['audio with a caption', '<!-- wp:audio {"id":5} -->\n<figure class="wp-block-audio"><audio controls src="https://example.com/a.mp3"></audio><figcaption>Heard <em>here</em></figcaption></figure>\n<!-- /wp:audio -->'],
  ['group of the theme\'s width', `<!-- wp:group {"layout":{"inherit":true}} -->\n<div class="wp-block-group">${PARAGRAPH}</div>\n<!-- /wp:group -->`],
  ['group of a content size', `<!-- wp:group {"backgroundColor":"primary","layout":{"contentSize":"640px","type":"default"}} -->\n<div class="wp-block-group has-primary-background-color has-background">${PARAGRAPH}</div>\n<!-- /wp:group -->`],
  ['media & text', `<!-- wp:media-text {"mediaId":7,"mediaType":"image"} -->\n<div class="wp-block-media-text alignwide is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img src="${DOOR}" alt="A door" class="wp-image-7 size-full"/></figure><div class="wp-block-media-text__content">${PARAGRAPH}</div></div>\n<!-- /wp:media-text -->`],
  ['media & text filled, on the right', `<!-- wp:media-text {"mediaPosition":"right","mediaId":7,"mediaLink":"${DOOR}","mediaType":"image","imageFill":true,"focalPoint":{"x":0.25,"y":0.75}} -->\n<div class="wp-block-media-text alignwide has-media-on-the-right is-stacked-on-mobile is-image-fill"><div class="wp-block-media-text__content">${PARAGRAPH}</div><figure class="wp-block-media-text__media" style="background-image:url(${DOOR});background-position:25% 75%"><img src="${DOOR}" alt="" class="wp-image-7 size-full"/></figure></div>\n<!-- /wp:media-text -->`],
  ['media & text linked', `<!-- wp:media-text {"mediaId":7,"mediaType":"image","linkDestination":"custom"} -->\n<div class="wp-block-media-text alignwide is-stacked-on-mobile"><figure class="wp-block-media-text__media"><a href="https://example.com/"><img src="${DOOR}" alt="" class="wp-image-7 size-full"/></a></figure><div class="wp-block-media-text__content">${PARAGRAPH}</div></div>\n<!-- /wp:media-text -->`],
  ['media & text indented, its media on the right written first', `<!-- wp:media-text {"align":"full","mediaPosition":"right","mediaType":"image","mediaWidth":41} -->\n<div class="wp-block-media-text alignfull has-media-on-the-right is-stacked-on-mobile" style="grid-template-columns:auto 41%">\n\t<figure class="wp-block-media-text__media">\n\t\t<img src="${DOOR}" alt=""/>\n\t</figure>\n\t<div class="wp-block-media-text__content">\n\t\t${PARAGRAPH}\n\t</div>\n</div>\n<!-- /wp:media-text -->`],
  ['media & text with its tags over several lines, its media on the right written first', `<!-- wp:media-text {"align":"full","mediaPosition":"right","mediaType":"image","mediaWidth":41} -->\n<div\n\tclass="wp-block-media-text alignfull has-media-on-the-right is-stacked-on-mobile"\n\tstyle="grid-template-columns:auto 41%"\n>\n\t<figure class="wp-block-media-text__media">\n\t\t<img src="${DOOR}" alt=""/>\n\t</figure>\n\t<div\n\t\tclass="wp-block-media-text__content"\n\t>\n\t\t${PARAGRAPH}\n\t</div>\n</div>\n<!-- /wp:media-text -->`],
  ['media & text indented, its classes twice and out of order', `<!-- wp:media-text {"mediaType":"image","verticalAlignment":"center","isStackedOnMobile":true} -->\n<div class="wp-block-media-text alignwide is-vertically-aligned-center is-stacked-on-mobile is-stacked-on-mobile">\n\t<figure class="wp-block-media-text__media"><img\n\t\tsrc="${DOOR}" alt="A door"\n\t\t/></figure>\n\t<div class="wp-block-media-text__content">\n\t\t${PARAGRAPH}\n\t</div>\n</div>\n<!-- /wp:media-text -->`],
  ['buttons indented, holding older buttons', `<!-- wp:buttons {"contentJustification":"center"} -->\n<div class="wp-block-buttons is-content-justification-center">\n\t<!-- wp:button -->\n\t<div class="wp-block-button"><a class="wp-block-button__link">One</a></div>\n\t<!-- /wp:button -->\n\n\t<!-- wp:button -->\n\t<div class="wp-block-button"><a class="wp-block-button__link">Two</a></div>\n\t<!-- /wp:button -->\n</div>\n<!-- /wp:buttons -->`],
  ['group indented, of the theme\'s width, its attributes out of order', `<!-- wp:group {"align":"full","backgroundColor":"primary","layout":{"inherit":true}} -->\n<div class="wp-block-group alignfull has-primary-background-color has-background">\n\t${PARAGRAPH}\n\n\t${PARAGRAPH}\n</div>\n<!-- /wp:group -->`],
  ['group of a custom background colour as the first groups named it, its blocks in an inner container', `<!-- wp:group {"customBackgroundColor":"#d8f6ec"} -->\n<div class="wp-block-group has-background" style="background-color:#d8f6ec"><div class="wp-block-group__inner-container">${PARAGRAPH}\n\n${BUTTON}</div></div>\n<!-- /wp:group -->`],
  ['image rounded by its figure', `<!-- wp:image {"id":7,"sizeSlug":"large","style":{"border":{"radius":"12px"}}} -->\n<figure class="wp-block-image size-large" style="border-radius:12px"><img src="${DOOR}" alt="A door" class="wp-image-7"/></figure>\n<!-- /wp:image -->`],
  ['image resized by its width and height', `<!-- wp:image {"id":7,"width":300,"height":200,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large is-resized"><img src="${DOOR}" alt="" class="wp-image-7" width="300" height="200"/></figure>\n<!-- /wp:image -->`],
  ['image aligned in its older wrapper, captioned', `<!-- wp:image {"align":"center","id":7,"width":300,"height":200,"sizeSlug":"large"} -->\n<div class="wp-block-image"><figure class="aligncenter size-large is-resized"><img src="${DOOR}" alt="" class="wp-image-7" width="300" height="200"/><figcaption>A <em>door</em></figcaption></figure></div>\n<!-- /wp:image -->`],
  ['image captioned before captions had a class', `<!-- wp:image {"id":7,"sizeSlug":"large","linkDestination":"custom"} -->\n<figure class="wp-block-image size-large"><a href="https://example.com/"><img src="${DOOR}" alt="" class="wp-image-7"/></a><figcaption>A <strong>door</strong></figcaption></figure>\n<!-- /wp:image -->`],
  ['table captioned before captions had a class', '<!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>One</td><td>Two <em>more</em></td></tr></tbody></table><figcaption>A <strong>table</strong></figcaption></figure>\n<!-- /wp:table -->'],
  ['table of a fixed layout captioned before captions had a class', '<!-- wp:table {"hasFixedLayout":true} -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr><th>Year</th></tr></thead><tbody><tr><td>2003</td></tr></tbody></table><figcaption>Years</figcaption></figure>\n<!-- /wp:table -->'],
  ['image centred in its older wrapper, unsized, captioned', `<!-- wp:image {"align":"center","id":7,"sizeSlug":"large"} -->\n<div class="wp-block-image"><figure class="aligncenter size-large"><img src="${DOOR}" alt="A door" class="wp-image-7"/><figcaption>A <em>door</em></figcaption></figure></div>\n<!-- /wp:image -->`],
  ['image floated right in its older wrapper, unsized, linked', `<!-- wp:image {"align":"right"} -->\n<div class="wp-block-image"><figure class="alignright"><a href="https://example.com/"><img src="${DOOR}" alt=""/></a></figure></div>\n<!-- /wp:image -->`],
  ['image floated left in its older wrapper, unsized, of classes of its own, captioned', `<!-- wp:image {"id":7,"align":"left","className":"size-full wp-image-7"} -->\n<div class="wp-block-image size-full wp-image-7"><figure class="alignleft"><img src="${DOOR}" alt="A door" class="wp-image-7"/><figcaption>Itty-bitty <em>caption</em>.</figcaption></figure></div>\n<!-- /wp:image -->`],
  ['embed captioned before captions had a class', '<!-- wp:embed {"url":"https://example.com/"} -->\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://example.com/\n</div><figcaption>Seen <em>there</em></figcaption></figure>\n<!-- /wp:embed -->'],
  ['video embed captioned before captions had a class', '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=abc","type":"video","providerNameSlug":"youtube","responsive":true,"className":"wp-embed-aspect-16-9 wp-has-aspect-ratio"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=abc\n</div><figcaption>A <strong>film</strong></figcaption></figure>\n<!-- /wp:embed -->'],
  ['file with its tags over several lines, without a name', `<!-- wp:file {"href":"${DOOR}","showDownloadButton":true} -->\n<div class="wp-block-file"><a href="${DOOR}"\n\t\tclass="wp-block-file__button" download>Download</a></div>\n<!-- /wp:file -->`],
  ['columns of paragraphs naming their column', '<!-- wp:columns {"columns":2} -->\n<div class="wp-block-columns has-2-columns">\n\t<!-- wp:paragraph {"layout":"column-1"} -->\n\t<p class="layout-column-1">One</p>\n\t<!-- /wp:paragraph -->\n\n\t<!-- wp:paragraph {"layout":"column-2"} -->\n\t<p class="layout-column-2">Two <em>more</em></p>\n\t<!-- /wp:paragraph -->\n\n\t<!-- wp:paragraph {"layout":"column-1"} -->\n\t<p class="layout-column-1">One again</p>\n\t<!-- /wp:paragraph -->\n</div>\n<!-- /wp:columns -->'],
];

/** A paragraph aligned by `align` and its has-text-align class (before alignment was a typography setting), with a placeholder and a font size or without. */
const alignedParagraphs = (align: string) => [
  `<!-- wp:paragraph {"align":"${align}"} -->\n<p class="has-text-align-${align}">Words <strong>aligned</strong></p>\n<!-- /wp:paragraph -->`,
  `<!-- wp:paragraph {"align":"${align}","placeholder":"Write title…","fontSize":"large"} -->\n<p class="has-text-align-${align} has-large-font-size">Words <em>aligned</em></p>\n<!-- /wp:paragraph -->`,
];

/** A paragraph aligned by its class in each alignment, alone and in every container WordPress 6.1 wrote above (the block editor migrates it with its container). */
const withAlignedParagraphs = (): [name: string, markup: string][] => [
  ...['left', 'center', 'right'].flatMap((align) => alignedParagraphs(align).map((paragraph, index): [string, string] => [`paragraph aligned ${align} by its class${index > 0 ? ', of a font size' : ''}`, paragraph])),
  ...WRITTEN_BY_61.filter(([, markup]) => markup.includes(PARAGRAPH)).flatMap(([name, markup]) =>
    ['left', 'center', 'right'].flatMap((align) => alignedParagraphs(align).map((paragraph, index): [string, string] => [`${name}, holding a paragraph aligned ${align} by its class${index > 0 ? ', of a font size' : ''}`, markup.split(PARAGRAPH).join(paragraph)])),
  ),
];

/** Blocks under a name the block editor's parser reads as another block. */
const RENAMED: [name: string, markup: string][] = [
  ['text block', '<!-- wp:core/text -->\n<p>Old <em>text</em>, renamed</p>\n<!-- /wp:core/text -->'],
  ['text block with a drop cap', '<!-- wp:text {"dropCap":true} -->\n<p class="has-drop-cap">Old text</p>\n<!-- /wp:text -->'],
];

/** The first forms of some blocks, as WordPress 5.0 to 5.7 wrote them (saves of attributes the deprecations do not keep), current containers holding them, and a gallery of 5.9 whose images said what they took from it. */
const OLDEST: [name: string, markup: string][] = [
  ['separator written by hand, its tag spaced, under its full name', '<!-- wp:core/separator -->\n<hr class="wp-block-separator" />\n<!-- /wp:core/separator -->'],
  ['separator of a style, its tag spaced', '<!-- wp:separator {"className":"is-style-wide"} -->\n<hr class="wp-block-separator is-style-wide" />\n<!-- /wp:separator -->'],
  ['table alone', '<!-- wp:table -->\n<table class="wp-block-table"><thead><tr><th>Year</th><th>Name</th></tr></thead><tbody><tr><td>2003</td><td><a href="https://example.com/">First</a> <em>one</em></td></tr></tbody></table>\n<!-- /wp:table -->'],
  ['table alone, of a fixed layout', '<!-- wp:table {"hasFixedLayout":true} -->\n<table class="wp-block-table has-fixed-layout"><tbody><tr><td>One</td><td>Two</td></tr></tbody></table>\n<!-- /wp:table -->'],
  ['image floated left at half width', `<!-- wp:image {"align":"left"} -->\n<figure class="wp-block-image alignleft" style="max-width:50%"><img src="${DOOR}" alt="A door"/></figure>\n<!-- /wp:image -->`],
  ['image floated right at half width, linked and captioned', `<!-- wp:image {"align":"right"} -->\n<figure class="wp-block-image alignright" style="max-width:50%"><a href="https://example.com/"><img src="${DOOR}" alt=""/></a><figcaption>A <em>door</em></figcaption></figure>\n<!-- /wp:image -->`],
  // The quote's deprecation 4 as the block editor's parser saves it (its save of apiVersion 1: the block's class added): its style (1 unless said) a class, its citation a footer.
  ['quote of the plain style, written as a class', '<!-- wp:quote -->\n<blockquote class="wp-block-quote blocks-quote-style-1"><p>Plain <em>words</em></p><footer>Cited</footer></blockquote>\n<!-- /wp:quote -->'],
  ['quote of the large style, written as a class', '<!-- wp:quote {"style":2} -->\n<blockquote class="wp-block-quote blocks-quote-style-2"><p>Large</p><p>Words</p><footer>Cited</footer></blockquote>\n<!-- /wp:quote -->'],
  // The cover's deprecations v5 and v4 as the block editor's parser saves them (apiVersion 1: the block's class added): a preset gradient unnamed by a class, a video without playsinline, a focal point multiplied.
  ['cover of an image under a gradient (v5)', `<!-- wp:cover {"url":"${DOOR}","gradient":"midnight"} -->\n<div class="wp-block-cover has-background-dim" style="background-image:url(${DOOR})"><span aria-hidden="true" class="wp-block-cover__gradient-background has-midnight-gradient-background"></span><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover of a video (v5)', `<!-- wp:cover {"url":"https://example.com/sea.mp4","dimRatio":30,"backgroundType":"video","minHeight":300} -->\n<div class="wp-block-cover has-background-dim-30 has-background-dim" style="min-height:300px"><video class="wp-block-cover__video-background" autoplay muted loop src="https://example.com/sea.mp4"></video><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover placed by a focal point as multiplied (v4)', `<!-- wp:cover {"url":"${DOOR}","id":35,"focalPoint":{"x":0.07,"y":0.07}} -->\n<div class="wp-block-cover has-background-dim" style="background-image:url(${DOOR});background-position:7.000000000000001% 7.000000000000001%"><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  ['cover placed by a focal point held as strings (v4)', `<!-- wp:cover {"url":"${DOOR}","focalPoint":{"x":"0.07","y":"0.35"}} -->\n<div class="wp-block-cover has-background-dim" style="background-image:url(${DOOR});background-position:7.000000000000001% 35%"><div class="wp-block-cover__inner-container">${PARAGRAPH}</div></div>\n<!-- /wp:cover -->`],
  // The cover's deprecation v6 as a hand wrote it (the block editor's fixture core__cover__deprecated-6): tags over lines, its style spaced.
  ['cover of a background image placed by a focal point, written by hand', `<!-- wp:cover {"url":"${DOOR}","id":7,"dimRatio":0,"focalPoint":{"x":"0.50","y":"0.40"},"minHeight":48,"minHeightUnit":"vw","align":"full"} -->\n<div\n\tclass="wp-block-cover alignfull"\n\tstyle="background-image: url( ${DOOR} ); min-height: 48vw; background-position: 50% 40%;"\n>\n\t<div class="wp-block-cover__inner-container">\n\t\t${PARAGRAPH}\n\t</div>\n</div>\n<!-- /wp:cover -->`],
  ['list of its items as HTML (before list-item blocks), nested', '<!-- wp:list -->\n<ul><li>One</li><li>Two <em>more</em><ul><li>Nested</li></ul></li></ul>\n<!-- /wp:list -->'],
  ['media & text wide by default, not stacked on mobiles by default', `<!-- wp:media-text {"mediaId":7,"mediaType":"image"} -->\n<div class="wp-block-media-text alignwide"><figure class="wp-block-media-text__media"><img src="${DOOR}" alt="A door" class="wp-image-7"/></figure><div class="wp-block-media-text__content">${PARAGRAPH}</div></div>\n<!-- /wp:media-text -->`],
  // Of a custom background colour (customBackgroundColor, before the colour support), as WordPress 5.2 to 5.4 wrote it: the block editor keeps the classes that save did not write as the writer's.
  ['media & text of a custom background, full width on the right, stacked', `<!-- wp:media-text {"align":"full","customBackgroundColor":"#ebf5fe","mediaPosition":"right","mediaId":7,"mediaType":"image","isStackedOnMobile":true} -->\n<div class="wp-block-media-text alignfull has-media-on-the-right has-background is-stacked-on-mobile" style="background-color:#ebf5fe"><figure class="wp-block-media-text__media"><img src="${DOOR}" alt="A door" class="wp-image-7"/></figure><div class="wp-block-media-text__content">${PARAGRAPH}</div></div>\n<!-- /wp:media-text -->`],
  ['media & text of a custom background, wide by default', `<!-- wp:media-text {"customBackgroundColor":"#123456","mediaId":7,"mediaType":"image"} -->\n<div class="wp-block-media-text alignwide has-background" style="background-color:#123456"><figure class="wp-block-media-text__media"><img src="${DOOR}" alt="" class="wp-image-7"/></figure><div class="wp-block-media-text__content">${PARAGRAPH}</div></div>\n<!-- /wp:media-text -->`],
  ['button of its link alone', '<!-- wp:button -->\n<a class="wp-block-button wp-block-button__link" href="https://example.com/">Go <em>now</em></a>\n<!-- /wp:button -->'],
  ['buttons holding buttons of their link alone', '<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<a class="wp-block-button wp-block-button__link">One</a>\n<!-- /wp:button -->\n\n<!-- wp:button -->\n<a class="wp-block-button wp-block-button__link" href="https://example.com/">Two</a>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->'],
  ['gallery of images saying what they took from it, captioned before captions had a class', `<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped"><!-- wp:image {"id":7,"sizeSlug":"large","linkDestination":"none","inheritedAttributes":{"linkDestination":true,"sizeSlug":true}} -->\n<figure class="wp-block-image size-large"><img src="${DOOR}" alt="A door" class="wp-image-7"/></figure>\n<!-- /wp:image --><figcaption class="blocks-gallery-caption">Doors <em>open</em></figcaption></figure>\n<!-- /wp:gallery -->`],
  ...['', ' columns-3'].map((extra): [string, string] => [
    `gallery of images saying what they took from it${extra ? ', with a class of its own' : ''}`,
    `<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery has-nested-images columns-default is-cropped${extra}"><!-- wp:image {"id":7,"sizeSlug":"large","linkDestination":"none","inheritedAttributes":{"linkDestination":true,"sizeSlug":true}} -->\n<figure class="wp-block-image size-large"><img src="${DOOR}" alt="A door" class="wp-image-7"/></figure>\n<!-- /wp:image -->\n\n<!-- wp:image {"id":8,"sizeSlug":"large","linkDestination":"none","inheritedAttributes":{"linkDestination":true,"sizeSlug":true}} -->\n<figure class="wp-block-image size-large"><img src="${DOOR}" alt="" class="wp-image-8"/><figcaption class="wp-element-caption">A <em>door</em></figcaption></figure>\n<!-- /wp:image --><figcaption class="blocks-gallery-caption wp-element-caption">Doors</figcaption></figure>\n<!-- /wp:gallery -->`,
  ]),
];

const PAGE_LINKS = '<!-- wp:query-pagination-previous /-->\n\n<!-- wp:query-pagination-numbers /-->\n\n<!-- wp:query-pagination-next /-->';

/** Paginations as the block editor saved them before it dropped their element: settings in the comment, their classes on the element. */
const PAGINATIONS_IN_AN_ELEMENT: [name: string, markup: string][] = [
  ['aligned, of arrows', `<!-- wp:query-pagination {"paginationArrow":"arrow","align":"center"} -->\n<div class="wp-block-query-pagination aligncenter">${PAGE_LINKS}</div>\n<!-- /wp:query-pagination -->`],
  ['coloured, of a class, without labels', `<!-- wp:query-pagination {"paginationArrow":"chevron","showLabel":false,"className":"pages","backgroundColor":"primary"} -->\n<div class="wp-block-query-pagination pages has-primary-background-color has-background">${PAGE_LINKS}</div>\n<!-- /wp:query-pagination -->`],
  ['of two classes in another order', `<!-- wp:query-pagination {"className":"b a"} -->\n<div class="wp-block-query-pagination a b">${PAGE_LINKS}</div>\n<!-- /wp:query-pagination -->`],
  ['laid out as a centred row', `<!-- wp:query-pagination {"layout":{"type":"flex","justifyContent":"center"}} -->\n<div class="wp-block-query-pagination">${PAGE_LINKS}</div>\n<!-- /wp:query-pagination -->`],
  ['holding nothing', '<!-- wp:query-pagination -->\n<div class="wp-block-query-pagination"></div>\n<!-- /wp:query-pagination -->'],
];

function quietly<T>(run: () => T): T {
  const { error, warn, info, log } = console;
  console.error = console.warn = console.info = console.log = () => {};
  try {
    return run();
  } finally {
    Object.assign(console, { error, warn, info, log });
  }
}

/** What a deprecation brings of its own (@wordpress/blocks' DEPRECATED_ENTRY_KEYS): the block type's are not its. */
const DEPRECATED_ENTRY_KEYS = ['attributes', 'supports', 'save', 'migrate', 'isEligible', 'apiVersion'];

/**
 * The block type as the block editor reads and saves a deprecation of it (applyBlockDeprecatedVersions):
 * without the type's own attributes, supports and apiVersion. A deprecation that names no apiVersion
 * is of version 1, whose save the block editor gives the block's props (its class, the custom class,
 * colours …) on its root element, as the block editor of that time did.
 */
function deprecatedType(type: BlockType, version: Deprecation): BlockType {
  const kept = Object.fromEntries(Object.entries(type).filter(([key]) => !DEPRECATED_ENTRY_KEYS.includes(key)));
  return { ...kept, ...version } as BlockType;
}

/**
 * A block as a deprecated save writes it (`version`; null: the current save), its comment holding
 * the attributes the deprecation does not read from the HTML; `inner`: its inner blocks, and the
 * attributes' defaults given to the save as the block editor gives them (the saves of blocks
 * holding blocks read them).
 */
export function savedBy(wp: WpApi, type: BlockType, version: Deprecation | null, name: string, attributes: Record<string, unknown>, inner?: WpBlock[]): string | null {
  const saving = version ? deprecatedType(type, version) : type;
  const declared = saving.attributes;
  const defaults = inner ? Object.fromEntries(Object.entries(declared).flatMap(([key, attribute]) => (attribute.default === undefined ? [] : [[key, attribute.default]]))) : {};
  try {
    const html = wp.getSaveContent(saving, { ...defaults, ...attributes }, inner ?? []);
    const comment = Object.fromEntries(Object.entries(attributes).filter(([key, value]) => declared[key] && !declared[key].source && value !== declared[key].default));
    return `<!-- wp:${name}${Object.keys(comment).length > 0 ? ` ${JSON.stringify(comment)}` : ''} -->\n${html}\n<!-- /wp:${name} -->`;
  } catch {
    return null;
  }
}

type Found = { name: string; markup: string; fromCorpus: boolean };

function generated(wp: WpApi): Found[] {
  const forms: Found[] = [];
  for (const [name, attributeSets] of Object.entries(DEPRECATED_SAVES)) {
    const type = wp.getBlockType(`core/${name}`);
    (type.deprecated ?? []).forEach((version, index) => {
      for (const attributes of attributeSets) forms.push({ name: `${name}, deprecation ${index}, ${JSON.stringify(attributes).slice(0, 60)}`, markup: savedBy(wp, type, version, name, attributes) ?? '', fromCorpus: false });
    });
  }
  const embed = wp.getBlockType('core/embed');
  for (const variation of wp.getBlockVariations('core/embed')) {
    const attributes = { url: `https://example.com/${variation.name}/1`, type: variation.attributes?.type, providerNameSlug: variation.name };
    const versions: (Deprecation | null)[] = [null, ...(embed.deprecated ?? [])];
    versions.forEach((version, index) => {
      const markup = savedBy(wp, embed, version, `core-embed/${variation.name}`, Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined)));
      forms.push({ name: `core-embed/${variation.name}, ${index === 0 ? 'current save' : `deprecation ${index - 1}`}`, markup: markup ?? '', fromCorpus: false });
    });
  }
  for (const [name, { inner: [innerName, innerAttributes], attributeSets }] of Object.entries(CONTAINERS)) {
    const type = wp.getBlockType(name);
    (type.deprecated ?? []).forEach((version, index) => {
      for (const attributes of attributeSets) {
        const inner = [wp.createBlock(innerName, innerAttributes)];
        forms.push({ name: `${name}, deprecation ${index}, ${JSON.stringify(attributes).slice(0, 60)}`, markup: savedBy(wp, type, version, name.replace(/^core\//, ''), attributes, inner) ?? '', fromCorpus: false });
      }
    });
  }
  const made = ([name, attributes, inner]: Made): WpBlock => wp.createBlock(name, attributes, (inner ?? []).map(made));
  for (const [name, { inner, attributeSets }] of QUERY_FAMILY) {
    const type = wp.getBlockType(name);
    (type.deprecated ?? []).forEach((version, index) => {
      for (const attributes of attributeSets) forms.push({ name: `${name}, deprecation ${index}, ${JSON.stringify(attributes).slice(0, 60)}`, markup: savedBy(wp, type, version, name.replace(/^core\//, ''), attributes, inner.map(made)) ?? '', fromCorpus: false });
    });
    // Written self-closing, its attributes in their declared order, older ones after them (a query loop's first form wrote one holding no blocks so).
    const order = Object.keys(type.attributes);
    const declared = (attributes: Record<string, unknown>) => Object.fromEntries([...order.filter((key) => key in attributes), ...Object.keys(attributes).filter((key) => !order.includes(key))].map((key) => [key, attributes[key]]));
    for (const attributes of attributeSets) forms.push({ name: `${name}, self-closing, ${JSON.stringify(attributes).slice(0, 60)}`, markup: `<!-- wp:${name.replace(/^core\//, '')} ${JSON.stringify(declared(attributes))} /-->`.replace(' {} /-->', ' /-->'), fromCorpus: false });
  }
  for (const [name, markup] of RENAMED) forms.push({ name: `${name}, under its older name`, markup, fromCorpus: false });
  for (const [name, markup] of PAGINATIONS_IN_AN_ELEMENT) forms.push({ name: `query pagination ${name}, in its element of old`, markup, fromCorpus: false });
  for (const [name, markup] of OLDEST) forms.push({ name: `${name}, as WordPress 5 wrote it`, markup, fromCorpus: false });
  for (const [name, markup] of [...WRITTEN_BY_61, ...withAlignedParagraphs()]) forms.push({ name: `${name}, as WordPress 6.1 wrote it`, markup, fromCorpus: false });
  return forms;
}

function inCorpus(): Found[] {
  return untouchedCorpus().flatMap((document) => splitBlocks(document.markup).flatMap((piece, index) => (piece.kind === 'block' ? [{ name: `${document.name}, block ${index + 1}`, markup: piece.source, fromCorpus: true }] : [])));
}

/** Every older form the block editor migrates, generated and found in the corpus. */
export function olderForms(): OlderForm[] {
  const wp = blockEditor() as unknown as WpApi;
  return quietly(() =>
    [...generated(wp), ...inCorpus()].flatMap((form) => {
      const read = form.markup ? formOf(form.markup) : null;
      if (read === null) return [];
      // An older form: the block editor read it through a deprecation (its current save does not make that HTML) or under another name.
      const renamed = !new RegExp(`^\\s*<!-- wp:(core/)?${read.name.replace(/^core\//, '')}[\\s/]`).test(form.markup);
      const migrated = wp.serialize([...readByBlockEditor(form.markup)]);
      // A generated form the block editor migrates by its attributes alone (its HTML as the current save writes it) is older too.
      if (!renamed && read.form === 'current' && (form.fromCorpus || migrated === form.markup.trim())) return [];
      return [{ ...form, markup: form.markup.trim(), migrated }];
    }),
  );
}
