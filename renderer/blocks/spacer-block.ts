// The spacer block: its height (in pixels) edited in a number field; its HTML and attributes
// otherwise held as read, the height written into both where the block editor writes it.
import { Node, mergeAttributes, type JSONContent } from '@tiptap/core';
import { BLOCK_ATTRIBUTES, HELD_HTML } from './kept-attributes.ts';
import { madeBlockMarkup, type BlockDefinition, type WrittenBlock } from './block-definition.ts';
import { SEPARATOR_NAME } from './separator-block.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/spacer';
const NODE = 'spacer';
/** What the block editor saves for a new spacer. */
const NEW_HTML = '<div style="height:100px" aria-hidden="true" class="wp-block-spacer"></div>';

/** The editor's HTML's mark of a height held as read. */
const HELD = 'held';
/** The height the block editor leaves out of the attributes, as it is the block's default. */
const DEFAULT_HEIGHT = 100;
/** The height in the spacer's own style, among its other declarations (a margin). */
const STYLE_HEIGHT = /(style="(?:[^"]*;)?\s*height:)([^;"]*)(?=[;"])/;
/** A height in pixels, which the writer edits as a number. */
const PIXELS = /^(\d+)px$/;

/** A height attribute as the spacer's save writes it in its style: a spacing preset (`var:preset|spacing|50`) as its custom property, as the block editor's getSpacingPresetCssVar writes it. */
const styleHeight = (height: unknown) => (typeof height === 'string' ? height.replace(/^var:preset\|spacing\|(.+)$/, 'var(--wp--preset--spacing--$1)') : height);

/**
 * A spacer whose height is the same in its attributes and its HTML (a spacing preset's as its save writes it): in pixels, edited as a number, or of any
 * other kind (`10vh` …), held as read (null) until the writer sets a number; null keeps it as written.
 */
function readSpacer(block: ParsedBlock): JSONContent | null {
  const html = block.innerHTML.trim();
  const styled = /^<div [^>]*class="wp-block-spacer[^"]*"[^>]*><\/div>$/.test(html) ? STYLE_HEIGHT.exec(html) : null;
  const attribute: unknown = block.attrs?.height ?? `${DEFAULT_HEIGHT}px`;
  if (!styled || block.innerBlocks.length > 0 || styleHeight(attribute) !== styled[2]) return null;
  const blockAttributes = block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null;
  const pixels = PIXELS.exec(styled[2]);
  return { type: NODE, attrs: { height: pixels ? Number(pixels[1]) : null, blockAttributes, heldHtml: html } };
}

/** The spacer as read with its height now: the attribute in its place (first, as the block lists it), left out at the default unless it was written; a height held as read, as read. */
function writeSpacer(node: JSONContent): WrittenBlock {
  const held = (node.attrs?.blockAttributes ?? {}) as Record<string, unknown>;
  if (node.attrs?.height === null) return { name: NAME, attributes: held, html: String(node.attrs.heldHtml) };
  const height = Math.max(0, Math.round(Number(node.attrs?.height ?? DEFAULT_HEIGHT)));
  const rest = Object.entries(held).filter(([name]) => name !== 'height');
  // A height written out at the default stays written while it holds (the block editor keeps what it read).
  const attributes = held.height === `${height}px` ? held : Object.fromEntries(height === DEFAULT_HEIGHT ? rest : [['height', `${height}px`], ...rest]);
  const html = String(node.attrs?.heldHtml ?? NEW_HTML);
  return { name: NAME, attributes, html: html.replace(STYLE_HEIGHT, `$1${height}px`) };
}

const Spacer = Node.create({
  name: NODE,
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    // Its block attributes and HTML as read (margins, an anchor) are held as read.
    return {
      blockAttributes: BLOCK_ATTRIBUTES,
      heldHtml: HELD_HTML,
      height: {
        default: DEFAULT_HEIGHT,
        parseHTML: (element) => (element.getAttribute('data-height') === HELD ? null : Number(element.getAttribute('data-height') ?? DEFAULT_HEIGHT)),
        renderHTML: (attributes) => ({ 'data-height': attributes.height === null ? HELD : String(attributes.height) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-spacer]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-spacer': '' })];
  },
  addNodeView() {
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.className = 'spacer-block';
      dom.contentEditable = 'false';
      const label = document.createElement('label');
      label.textContent = 'Spacer height (px) ';
      const field = document.createElement('input');
      field.type = 'number';
      field.min = '0';
      field.step = '1';
      field.value = node.attrs.height === null ? '' : String(node.attrs.height);
      // A height held as read shows as its style writes it, and names itself in the empty field (a spacing preset by its slug).
      const show = (height: number | null, html: unknown) => {
        const held = height === null ? (STYLE_HEIGHT.exec(String(html))?.[2] ?? '') : '';
        dom.style.height = height === null ? held : `${height}px`;
        field.placeholder = held.replace(/^var\(--wp--preset--spacing--(.+)\)$/, 'Preset $1');
      };
      show(node.attrs.height as number | null, node.attrs.heldHtml);
      field.addEventListener('input', () => {
        const position = getPos();
        const height = Number(field.value);
        if (typeof position !== 'number' || field.value === '' || !Number.isFinite(height) || height < 0) return;
        editor.view.dispatch(editor.state.tr.setNodeAttribute(position, 'height', Math.round(height)));
      });
      label.append(field);
      dom.append(label);
      return {
        dom,
        // The field's own keys and clicks are its own, not the editor's.
        stopEvent: (event) => event.target === field,
        ignoreMutation: () => true,
        update: (next) => {
          if (next.type.name !== NODE) return false;
          const height = next.attrs.height as number | null;
          if (height !== null && Number(field.value) !== height) field.value = String(height);
          show(height, next.attrs.heldHtml);
          return true;
        },
      };
    };
  },
});

/** A separator turned into a spacer of the default height, as the block editor's transform does (all but its anchor, class and name left behind: carried-by-supports.ts). */
const spacerOfSeparator = () => madeBlockMarkup(NAME, {}, '<div style="height:100px" aria-hidden="true" class="wp-block-spacer"></div>');

/** A spacer turned into a separator, as the block editor's transform does (all but its anchor, class and name left behind). */
const separatorOfSpacer = () => madeBlockMarkup(SEPARATOR_NAME, {}, '<hr class="wp-block-separator has-alpha-channel-opacity"/>');

export const spacerBlock: BlockDefinition = {
  // Both ways, as the block editor declares them on each block.
  transforms: { [NAME]: [{ to: SEPARATOR_NAME, title: 'Separator', make: separatorOfSpacer, carriesAnchor: true }], [SEPARATOR_NAME]: [{ to: NAME, title: 'Spacer', make: spacerOfSeparator, carriesAnchor: true }] },
  readers: { [NAME]: readSpacer },
  carried: { [NAME]: { idBeforeClass: true } },
  extensions: [Spacer],
  writers: { [NODE]: writeSpacer },
  inserter: [{ title: 'Spacer', keywords: 'space gap blank', markup: `<!-- wp:spacer -->\n${NEW_HTML}\n<!-- /wp:spacer -->`, after: 'Separator' }],
  remembersReading: true,
};
