// WordPress's block editor in Node (@wordpress/blocks with the core blocks of
// @wordpress/block-library, on a jsdom document): the samples it makes itself from every core
// block type's example, and its validator as the judge of what the Inkwell editor saved.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';

export interface WpBlock {
  name: string;
  attributes: Record<string, unknown>;
  isValid: boolean;
  /** The block's HTML as read, when it was read from markup. */
  originalContent?: string;
  validationIssues?: unknown[];
  innerBlocks: WpBlock[];
}
interface BlockType {
  name: string;
  example?: unknown;
  attributes: Record<string, unknown>;
}
interface WpBlocks {
  createBlock(name: string, attributes?: Record<string, unknown>, innerBlocks?: WpBlock[]): WpBlock;
  getBlockTypes(): BlockType[];
  getBlockType(name: string): BlockType | undefined;
  getBlockVariations(name: string): { name: string; patterns?: RegExp[]; attributes?: Record<string, unknown> }[] | undefined;
  getBlockFromExample(name: string, example: unknown): WpBlock;
  serialize(blocks: WpBlock | WpBlock[]): string;
  parse(markup: string): WpBlock[];
  /** Classic HTML as the blocks the block editor's Convert to blocks makes of it. */
  rawHandler(options: { HTML: string }): WpBlock[];
  /** What the block editor's paste makes of a clipboard's HTML and plain text. */
  pasteHandler(options: { HTML: string; plainText: string }): WpBlock[];
  /** The strict judge: the block's HTML against what its current save writes for its attributes. */
  validateBlock(block: WpBlock): [boolean, unknown[]];
  registerBlockType(name: string, settings: Record<string, unknown>): unknown;
  unregisterBlockType(name: string): unknown;
}

export interface Sample {
  /** The block type the sample was made for, or the name of a content fixture. */
  name: string;
  markup: string;
}

const require = createRequire(import.meta.url);
const FIXTURES = path.resolve('tests', 'fixtures', 'content');

/** The globals the block library reads at load time, from a jsdom window, where none are set. */
function installDom(): void {
  if (typeof globalThis.document !== 'undefined') return;
  const { window } = new JSDOM('<!doctype html><body></body>', { url: 'http://localhost/' });
  const names = ['window', 'document', 'navigator', 'Node', 'Element', 'HTMLElement', 'DOMParser', 'MutationObserver', 'getComputedStyle', 'requestAnimationFrame', 'CustomEvent', 'Event', 'Range', 'Text'];
  for (const name of names) if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
}

let loaded: WpBlocks | null = null;

/** The block library's warnings and logs in Node (React keys, jsdom's CSS parser, its migrations of older forms) say nothing of Inkwell: kept out of the test output. */
export function quietly<T>(run: () => T): T {
  const { error, warn, info, groupCollapsed, groupEnd } = console;
  console.error = console.warn = console.info = console.groupCollapsed = console.groupEnd = () => {};
  try {
    return run();
  } finally {
    Object.assign(console, { error, warn, info, groupCollapsed, groupEnd });
  }
}

/**
 * The Custom HTML block as WordPress 6.x declares it: its content is the block's raw inner HTML
 * and its save writes that content back. The installed block library (11.0.0) declares the
 * content with no source and a save that writes nothing (its editor keeps the HTML as the
 * block's static inner content instead), so a Custom HTML block made from attributes is saved
 * as `<!-- wp:html /-->` and `validateBlock` rejects every one holding some HTML.
 */
function registerCustomHtmlAsWordPress(blocks: WpBlocks): void {
  const installed = blocks.getBlockType('core/html');
  if (!installed) return;
  const { RawHTML, createElement } = createRequire(require.resolve('@wordpress/blocks'))('@wordpress/element') as { RawHTML: unknown; createElement(type: unknown, props: null, child: unknown): unknown };
  blocks.unregisterBlockType('core/html');
  blocks.registerBlockType('core/html', {
    ...installed,
    attributes: { ...installed.attributes, content: { type: 'string', source: 'raw' } },
    save: ({ attributes }: { attributes: { content?: string } }) => createElement(RawHTML, null, attributes.content),
  });
}

/**
 * `markup` with each empty element holding attributes written as its opening tag alone, as the raw
 * handler's rich text writes one in a list item (an object of its own), which the block editor's
 * validator then rejects: the element's end is read where the item ends, what follows in the item
 * inside it. Convert to blocks writes the element closed, as read.
 */
export const leftOpen = (markup: string) => markup.replace(/(<([a-z]+)\s[^>]*>)<\/\2>/g, '$1');

type Listened = [target: EventTarget, type: string, listener: EventListenerOrEventListenerObject, options: unknown];

/**
 * `call` giving back the window's listeners each call added. jsdom gives every document that runs a
 * selector an engine (@asamuzakjp/dom-selector) that adds listeners to the window and never removes
 * them, and the raw handler reads each HTML in a document of its own (`htmlToBlocks`' `matches`): over
 * a worker's thousands of conversions every later `addEventListener` scanned a longer list and no
 * such document was freed (a quarter of the raw handler's CPU in raw-list-convert). The block API
 * adds no listener meant to outlast a call; the page's own document has its engine before the first.
 */
function droppingListeners<A extends unknown[], R>(call: (...args: A) => R): (...args: A) => R {
  const eventTarget = (globalThis.window as unknown as { EventTarget: typeof EventTarget }).EventTarget.prototype;
  document.documentElement.matches(':root');
  return (...args) => {
    const add = eventTarget.addEventListener;
    const added: Listened[] = [];
    eventTarget.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      if (listener) added.push([this, type, listener, options]);
      add.call(this, type, listener, options);
    };
    try {
      return call(...args);
    } finally {
      eventTarget.addEventListener = add;
      for (const [target, type, listener, options] of added) target.removeEventListener(type, listener, options as boolean | EventListenerOptions);
    }
  };
}

/** The block editor's block API with every core block registered (about 20 s the first time). */
export function blockEditor(): WpBlocks {
  if (loaded) return loaded;
  installDom();
  // Their CommonJS builds load in plain Node; the ES builds import JSON without import attributes.
  loaded = quietly(() => {
    const blocks = require('@wordpress/blocks') as WpBlocks;
    (require('@wordpress/block-library') as { registerCoreBlocks(): void }).registerCoreBlocks();
    registerCustomHtmlAsWordPress(blocks);
    // The handlers of classic HTML and pastes without the listeners they leave (the rest of the API as loaded).
    return Object.create(blocks, { rawHandler: { value: droppingListeners(blocks.rawHandler) }, pasteHandler: { value: droppingListeners(blocks.pasteHandler) } }) as WpBlocks;
  });
  return loaded;
}

type Variant = [name: string, attributes: Record<string, unknown>, inner?: Variant[]];

/** Blocks with the attributes writers set most, beside the examples (which mostly leave them out). */
const VARIANTS: Variant[] = [
  ['core/paragraph', { content: 'Centred, with a drop cap', align: 'center', dropCap: true }],
  ['core/paragraph', { content: 'Anchored and coloured', anchor: 'intro', className: 'lead', fontSize: 'large', textColor: 'vivid-red', backgroundColor: 'pale-pink' }],
  ...[1, 2, 3, 4, 5, 6].map((level): Variant => ['core/heading', { content: `Heading ${level}`, level, textAlign: 'center', anchor: `h${level}` }]),
  ['core/list', { ordered: true, start: 3, reversed: true }, [['core/list-item', { content: 'Three' }, [['core/list', {}, [['core/list-item', { content: 'Nested' }]]]]], ['core/list-item', { content: 'Two' }]]],
  ['core/quote', { citation: 'Someone <em>famous</em>' }, [['core/paragraph', { content: 'Quoted words' }]]],
  ['core/image', { id: 7, url: '/uploads/door.jpg', alt: 'A red door', caption: 'The <em>red</em> door', sizeSlug: 'medium', align: 'center', linkDestination: 'media', href: '/uploads/door.jpg', width: '300px' }],
  ['core/table', { hasFixedLayout: true, caption: 'Prices', head: [{ cells: [{ content: 'Item', tag: 'th' }, { content: 'Cost', tag: 'th' }] }], body: [{ cells: [{ content: 'Tea', tag: 'td' }, { content: '£2', tag: 'td' }] }], foot: [{ cells: [{ content: 'Total', tag: 'td' }, { content: '£2', tag: 'td' }] }] }],
  ['core/separator', { className: 'is-style-wide' }],
  ['core/spacer', { height: '40px' }],
  ['core/embed', { url: 'https://www.youtube.com/watch?v=abc', type: 'video', providerNameSlug: 'youtube', responsive: true, className: 'wp-embed-aspect-16-9 wp-has-aspect-ratio' }],
  ['core/group', { layout: { type: 'constrained' } }, [['core/heading', { content: 'In a group' }], ['core/paragraph', { content: 'Grouped words' }]]],
];

function variantBlock(wp: WpBlocks, [name, attributes, inner = []]: Variant): WpBlock {
  return wp.createBlock(name, attributes, inner.map((child) => variantBlock(wp, child)));
}

let made: Sample[] | null = null;

/** Every core block type's example and the variants, serialised by the block editor, then the content fixtures (the Privacy Policy page, classic posts): made once per worker, a fresh copy for each caller. */
export function corpus(): Sample[] {
  made ??= makeCorpus();
  return made.map((sample) => ({ ...sample }));
}

function makeCorpus(): Sample[] {
  const wp = blockEditor();
  const samples = quietly(() =>
    wp
      .getBlockTypes()
      .filter((type) => type.example !== undefined)
      .map((type) => ({ name: type.name, markup: wp.serialize([wp.getBlockFromExample(type.name, type.example)]) })),
  );
  const variants = quietly(() => VARIANTS.map((variant) => ({ name: `${variant[0]} ${JSON.stringify(variant[1]).slice(0, 40)}`, markup: wp.serialize([variantBlock(wp, variant)]) })));
  const fixtures = fs.readdirSync(FIXTURES).sort().map((file) => ({ name: file, markup: fs.readFileSync(path.join(FIXTURES, file), 'utf8') }));
  return [...samples, ...variants, ...fixtures];
}
