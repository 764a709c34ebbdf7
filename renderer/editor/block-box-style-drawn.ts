// A block's spacing and typography drawn on its box in the editor as the site shows them (issue 29):
// its padding and margin (`style.spacing`, each side or all at once), its font size (the `fontSize`
// preset, or `style.typography.fontSize`), line height, letter spacing, font weight and style, text
// transform and decoration, each as WordPress's style engine writes it (wrapper-style.ts: a preset's
// reference as its custom property, a value as written), and the gap between its blocks
// (`style.spacing.blockGap`, as WordPress's layouts give it: styles.css). A decoration of every node
// holding a block's attributes, so the next block defined is drawn the same way, and nothing drawn is
// written: the markup saved is the block's own. The editor's own controls in a block's box keep the
// editor's type (styles.css: BLOCK_CONTROL).
import type { Node as PmNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { documentDecorations } from './document-decorations.ts';
import { cssValue, styleDeclarationsOf } from '../blocks/wrapper-style.ts';
import { PADDED_INSIDE } from '../blocks/defined-blocks.ts';

/** The CSS properties of a block's box drawn from its style: its spacing and its type. */
const DRAWN = /^(?:padding|margin)(?:-(?:top|right|bottom|left))?$|^(?:font-size|font-style|font-weight|letter-spacing|line-height|text-decoration|text-transform)$/;
/** A value that cannot end its declaration or fetch anything (no `;`, no `url(`): a length, a keyword, a preset's custom property, a calc(). */
const SAFE_VALUE = /^(?![\s\S]*url\()[#\w\s(),.%+*/-]+$/i;
/** A declaration of padding, for a block whose save writes it inside its box (BlockDefinition.paddedInside: a button's link, a tab list's tabs), as the custom property of the elements inside that take it (styles.css) (`--inner-padding-top`), one value each side. */
const insidePadding = ([property, value]: [string, string]): [string, string][] => {
  if (property === 'padding') return ['top', 'right', 'bottom', 'left'].map((side) => [`--inner-padding-${side}`, value]);
  return [[property.startsWith('padding-') ? `--inner-${property}` : property, value]];
};

/** The attribute styles.css knows a block giving a gap between its blocks by: the axes it sets (`row column`), each in its custom property (`--block-gap-row`). */
export const BLOCK_GAP_ATTRIBUTE = 'data-block-gap';

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const safe = (value: string | null): string | null => (value !== null && SAFE_VALUE.test(value) ? value : null);

/** A preset font size's custom property (`fontSize: 'x-large'`), as the block's has-<slug>-font-size class gives it on the site. */
const presetFontSize = (slug: unknown): [string, string][] => (typeof slug === 'string' && /^[a-z0-9-]+$/i.test(slug) ? [['font-size', `var(--wp--preset--font-size--${slug})`]] : []);

/**
 * The gap between a block's blocks (a value, or `{ top, left }` for rows and columns), as WordPress's layouts take it
 * (styles.css): custom properties of the gap of its rows and of its columns.
 */
function gapDeclarations(blockGap: unknown): [string, string][] {
  const axes = typeof blockGap === 'string' ? { top: blockGap, left: blockGap } : record(blockGap);
  const given = [['row', axes.top], ['column', axes.left]] as const;
  return given.flatMap(([axis, value]) => {
    const css = safe(cssValue(value, 'gap'));
    return css === null ? [] : [[`--block-gap-${axis}`, css] as [string, string]];
  });
}

/** The declarations drawing the spacing and type of a block (`name`, where its node says) on its box ('' for none). */
export function blockBoxStyle(attributes: unknown, name?: unknown): string {
  const given = record(attributes);
  const own = styleDeclarationsOf(given.style, (property) => DRAWN.test(property)).filter(([, value]) => safe(value) !== null);
  const declarations = [
    ...presetFontSize(given.fontSize),
    ...(PADDED_INSIDE.has(String(name)) ? own.flatMap(insidePadding) : own),
    ...gapDeclarations(record(record(given.style).spacing).blockGap),
  ];
  // A property set twice (a preset font size and a custom one) takes the later, as the site's inline style outweighs the class.
  return Object.entries(Object.fromEntries(declarations)).map(([property, value]) => `${property}: ${value}`).join('; ');
}

/** The decorations drawing every block's spacing and type on its box (exported for the unit tests' editors, which draw no decorations of the writing view). */
export function boxDecorations(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    const style = blockBoxStyle(node.attrs.blockAttributes, node.attrs.name);
    const axes = [...style.matchAll(/--block-gap-([a-z]+)/g)].map(([, axis]) => axis).join(' ');
    if (style !== '') decorations.push(Decoration.node(position, position + node.nodeSize, { style, ...(axes ? { [BLOCK_GAP_ATTRIBUTE]: axes } : {}) }));
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

export const BlockBoxStyleDrawn = documentDecorations('blockBoxStyleDrawn', boxDecorations);
