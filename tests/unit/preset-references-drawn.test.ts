// @vitest-environment jsdom
// Every preset a block's attributes or style name by reference (`var:preset|<kind>|<slug>`) that the
// editor draws (issue 29, row 33): a spacer's height and a group's padding of a spacing preset, a paragraph's and a group's
// colours, a group's gradient and a paragraph's and a group's font size (its `fontSize` preset) named so, for every preset of WordPress's own and of a site's theme,
// drawn as its custom property, which the editor's style sheets define (styles.css, WordPress's own; the
// site's from its palette: palette-style.ts) with the value a theme shows it at. A property left
// undefined draws nothing: a spacer of a preset's height was drawn at the least height.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { blockEditor } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { paletteStyleSheet } from '../../renderer/editor/palette-style.ts';
import { boxDecorations } from '../../renderer/editor/block-box-style-drawn.ts';
import { DEFAULT_FONT_SIZES, DEFAULT_GRADIENTS, DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { DEFAULT_SPACING_SIZES, siteSpacingSizes, spacingScaleSizes } from '../../shared/spacing-presets.ts';

const openEditor = editorsForFile();
const BOX_DRAWN = new PluginKey('blockBoxStyleDrawn');

beforeAll(() => {
  blockEditor();
}, 120_000);

/** A site whose theme makes spacing presets of its own (a scale of five steps added to, and one size of its own over a step's slug and one beside them), a colour, a gradient and a font size. */
const SITE = {
  colours: [{ slug: 'ink', colour: '#101010', name: 'Ink' }],
  gradients: [{ slug: 'dusk', gradient: 'linear-gradient(135deg,#000000 0%,#ffffff 100%)', name: 'Dusk' }],
  spacing: siteSpacingSizes({ operator: '+', increment: 0.5, steps: 5, mediumStep: 1, unit: 'rem' }, [{ slug: '60', size: '30px', name: 'Gap' }, { slug: 'gutter', size: '4vw', name: 'Gutter' }]),
  fontSizes: [{ slug: 'gigantic', size: 'clamp(3rem, 6vw, 5rem)', name: 'Gigantic' }],
};

/** The custom properties a style sheet defines, by name, with their values. */
function definedIn(css: string): Map<string, string> {
  return new Map([...css.matchAll(/(--wp--preset--[a-z0-9-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
}
const EDITOR_STYLES = definedIn(fs.readFileSync(path.resolve('renderer/styles.css'), 'utf8'));
const SITE_STYLES = new Map([...EDITOR_STYLES, ...definedIn(paletteStyleSheet(SITE.colours, SITE.gradients, SITE.spacing, SITE.fontSizes))]);

/** The preset references each kind of block draws: a spacer's height, a group's padding, a paragraph's and a group's text and background colours, a group's gradient, a paragraph's and a group's font size. */
function samples(wp: ReturnType<typeof blockEditor>, spacing: readonly { slug: string }[], colours: readonly { slug: string }[], gradients: readonly { slug: string }[], fontSizes: readonly { slug: string }[]) {
  const made = (name: string, attributes: Record<string, unknown>, inner: ReturnType<typeof wp.createBlock>[] = []) => wp.serialize([wp.createBlock(name, attributes, inner)]);
  const words = () => [wp.createBlock('core/paragraph', { content: 'Words' })];
  return [
    ...spacing.flatMap(({ slug }) => [
      { kind: 'spacing', slug, markup: made('core/spacer', { height: `var:preset|spacing|${slug}` }) },
      { kind: 'spacing', slug, markup: made('core/group', { style: { spacing: { padding: { top: `var:preset|spacing|${slug}` } } } }, words()) },
    ]),
    ...colours.flatMap(({ slug }) => ['text', 'background'].flatMap((role) => [
      { kind: 'color', slug, markup: made('core/paragraph', { content: 'Words', style: { color: { [role]: `var:preset|color|${slug}` } } }) },
      { kind: 'color', slug, markup: made('core/group', { style: { color: { [role]: `var:preset|color|${slug}` } } }, words()) },
    ])),
    ...gradients.map(({ slug }) => ({ kind: 'gradient', slug, markup: made('core/group', { style: { color: { gradient: `var:preset|gradient|${slug}` } } }, words()) })),
    ...fontSizes.flatMap(({ slug }) => [
      { kind: 'font-size', slug, markup: made('core/paragraph', { content: 'Words', fontSize: slug }) },
      { kind: 'font-size', slug, markup: made('core/group', { fontSize: slug }, words()) },
    ]),
  ];
}

/** The custom properties of presets the editor's drawing of `markup` uses (in its elements' styles). */
function drawnReferences(markup: string): string[] {
  const editor = openEditor(markup, { inPage: true });
  // The writing view's drawing of a block's box (the file's editors are the block editor's extensions alone).
  editor.registerPlugin(new Plugin({ key: BOX_DRAWN, props: { decorations: (state) => boxDecorations(state.doc) } }));
  const styles = [...editor.view.dom.querySelectorAll<HTMLElement>('[style]')].map((element) => element.getAttribute('style') ?? '');
  editor.unregisterPlugin(BOX_DRAWN);
  return [...new Set(styles.flatMap((style) => [...style.matchAll(/var\((--wp--preset--[a-z0-9-]+)\)/g)].map(([, name]) => name)))];
}

describe('a preset named by reference is drawn at its value', () => {
  const wp = blockEditor();
  const cases = [
    ...samples(wp, DEFAULT_SPACING_SIZES, DEFAULT_PALETTE, DEFAULT_GRADIENTS, DEFAULT_FONT_SIZES).map((c) => ({ ...c, site: 'WordPress\u2019s own', defined: EDITOR_STYLES })),
    ...samples(wp, SITE.spacing, SITE.colours, SITE.gradients, SITE.fontSizes).map((c) => ({ ...c, site: 'a theme\u2019s', defined: SITE_STYLES })),
  ];
  it.each(cases.map((c) => [`${c.site} ${c.kind} ${c.slug}: ${c.markup.split('\n')[0]}`, c] as const))('%s', (_title, { kind, slug, markup, defined }) => {
    const property = `--wp--preset--${kind}--${slug}`;
    expect(drawnReferences(markup)).toEqual([property]);
    expect(defined.has(property)).toBe(true);
  });

  it('at the size WordPress\u2019s own spacing scale makes, or the site\u2019s', () => {
    expect(spacingScaleSizes({ operator: '*', increment: 1.5, steps: 7, mediumStep: 1.5, unit: 'rem' }).map(({ slug, size }) => `${slug} ${size}`)).toEqual(['20 0.44rem', '30 0.67rem', '40 1rem', '50 1.5rem', '60 2.25rem', '70 3.38rem', '80 5.06rem']);
    for (const { slug, size } of DEFAULT_SPACING_SIZES) expect(EDITOR_STYLES.get(`--wp--preset--spacing--${slug}`)).toBe(size);
    expect(SITE.spacing.map(({ slug, size }) => `${slug} ${size}`)).toEqual(['40 0.5rem', '50 1rem', '70 2rem', '80 2.5rem', '60 30px', 'gutter 4vw']);
    for (const { slug, size } of SITE.spacing) expect(SITE_STYLES.get(`--wp--preset--spacing--${slug}`)).toBe(size);
  });
});
