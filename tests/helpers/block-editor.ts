// WordPress's block editor in Node (@wordpress/blocks with the core blocks of
// @wordpress/block-library, on a jsdom document): the samples it makes itself from every core
// block type's example, and its validator as the judge of what the Inkwell editor saved.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';

interface WpBlock {
  name: string;
  isValid: boolean;
  validationIssues?: unknown[];
  innerBlocks: WpBlock[];
}
interface WpBlocks {
  createBlock(name: string, attributes?: Record<string, unknown>, innerBlocks?: WpBlock[]): WpBlock;
  getBlockTypes(): { name: string; example?: unknown }[];
  getBlockFromExample(name: string, example: unknown): WpBlock;
  serialize(blocks: WpBlock | WpBlock[]): string;
  parse(markup: string): WpBlock[];
}

export interface Sample {
  /** The block type the sample was made for, or the name of a content fixture. */
  name: string;
  markup: string;
}

export interface SaveCheck {
  /** Blocks the validator found invalid, by name. */
  invalid: string[];
  /** Blocks the save wrote (not kept from the original) that the block editor would save differently (a deprecated form). */
  resaved: string[];
  /** Top-level blocks of the original that are not in the saved markup byte for byte. */
  changed: string[];
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

/** The block library's warnings in Node (React keys, jsdom's CSS parser) say nothing of Inkwell: kept out of the test output. */
function quietly<T>(run: () => T): T {
  const { error, warn } = console;
  console.error = console.warn = () => {};
  try {
    return run();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

/** The block editor's block API with every core block registered (about 20 s the first time). */
export function blockEditor(): WpBlocks {
  if (loaded) return loaded;
  installDom();
  // Their CommonJS builds load in plain Node; the ES builds import JSON without import attributes.
  loaded = quietly(() => {
    const blocks = require('@wordpress/blocks') as WpBlocks;
    (require('@wordpress/block-library') as { registerCoreBlocks(): void }).registerCoreBlocks();
    return blocks;
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

/** Every core block type's example and the variants, serialised by the block editor, then the content fixtures (the Privacy Policy page, classic posts). */
export function corpus(): Sample[] {
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

function eachBlock(blocks: WpBlock[], visit: (block: WpBlock) => void): void {
  for (const block of blocks) {
    visit(block);
    eachBlock(block.innerBlocks, visit);
  }
}

const topLevelBlocks = (markup: string) => splitBlocks(markup).flatMap((piece) => (piece.kind === 'block' ? [piece.source] : []));

/**
 * What the block editor says of saved markup: blocks it finds invalid or would re-save in
 * another form, and blocks of the original (when it was block content) changed by the save.
 */
export function checkSaved(original: string, saved: string): SaveCheck {
  const wp = blockEditor();
  const invalid: string[] = [];
  eachBlock(wp.parse(saved), (block) => {
    if (!block.isValid) invalid.push(block.name);
  });
  const before = new Set(topLevelBlocks(original));
  const resaved = topLevelBlocks(saved).filter((source) => {
    if (before.has(source)) return false;
    const [block] = wp.parse(source);
    return block !== undefined && wp.serialize([block]) !== source;
  });
  const kept = new Set(topLevelBlocks(saved));
  const changed = [...before].filter((source) => !kept.has(source));
  return { invalid, resaved: resaved.map((source) => wp.parse(source)[0].name), changed };
}
