// Every colour a block keeps is drawn in the editor (issue 29, row 33): every block the editor makes
// (the inserter's, each block type once) × every colour support its block type declares (a background,
// a gradient, a text colour: `supports.color`) × the site's palette and a custom value, as the block
// editor saves each, opened in Chromium: the block as the writer sees it (its element, the elements in
// it and their ::before and ::after) shows that colour, or that gradient's colours. A block kept as
// written (read-only) is left out: what it shows is its markup. A text colour colours the writer's
// words, not the editor's own controls in the block's box (its buttons, fields, their labels: any
// neither in the writer's text nor in what the site shows, which is inert).
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { blockEditor, quietly } from '../tests/helpers/block-editor.ts';
import { inserterBlocksOnce } from '../tests/helpers/inserter-blocks.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';

const app = appForFile({ blockEditor: true });

interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: unknown[]): unknown;
  serialize(blocks: unknown[]): string;
  getBlockType(name: string): { supports?: { color?: boolean | Record<string, unknown> } } | undefined;
}

/** A colour a writer sets, the attributes the block editor keeps it in, and what Chromium computes of it (each colour of a gradient). */
interface Choice { support: 'background' | 'gradients' | 'text'; kind: string; attributes: Record<string, unknown>; shown: string[] }
const CHOICES: Choice[] = [
  { support: 'background', kind: 'palette', attributes: { backgroundColor: 'pale-pink' }, shown: ['rgb(247, 141, 167)'] },
  { support: 'background', kind: 'custom', attributes: { style: { color: { background: '#123456' } } }, shown: ['rgb(18, 52, 86)'] },
  { support: 'gradients', kind: 'palette', attributes: { gradient: 'vivid-cyan-blue-to-vivid-purple' }, shown: ['rgb(6, 147, 227)', 'rgb(155, 81, 224)'] },
  { support: 'gradients', kind: 'custom', attributes: { style: { color: { gradient: 'linear-gradient(135deg,rgb(1,2,3) 0%,rgb(4,5,6) 100%)' } } }, shown: ['rgb(1, 2, 3)', 'rgb(4, 5, 6)'] },
  { support: 'text', kind: 'palette', attributes: { textColor: 'vivid-red' }, shown: ['rgb(207, 46, 46)'] },
  { support: 'text', kind: 'custom', attributes: { style: { color: { text: '#654321' } } }, shown: ['rgb(101, 67, 33)'] },
];

/** Whether a block type declares a colour support (`color: {}` gives a background and a text colour unless set false; gradients only when asked). */
function declares(color: boolean | Record<string, unknown> | undefined, support: Choice['support']): boolean {
  if (!color) return false;
  const declared = color === true ? {} : color;
  return support === 'gradients' ? declared.gradients === true : declared[support] !== false;
}

/**
 * Each block the inserter makes once, coloured by each choice its type declares, as the block editor saves it and
 * judges it valid (strictly); and a group of a text colour holding every one of them uncoloured (a control in a
 * block takes a colour from any block around it).
 */
function samples(): { name: string; markup: string }[] {
  const wp = blockEditor() as unknown as Wp;
  const blocks = inserterBlocksOnce();
  const coloured = quietly(() => blocks.flatMap((block) => {
    const color = wp.getBlockType(block.name)?.supports?.color;
    return CHOICES.filter(({ support }) => declares(color, support)).flatMap((choice) => {
      const made = wp.serialize([wp.createBlock(block.name, { ...block.attributes, ...choice.attributes }, block.innerBlocks)]);
      return strictlyInvalid(made).length === 0 ? [{ name: `${block.name} ${choice.support} ${choice.kind}`, markup: made, choice }] : [];
    });
  }));
  const text = CHOICES.find(({ support, kind }) => support === 'text' && kind === 'palette')!;
  const around = quietly(() => wp.serialize([wp.createBlock('core/group', text.attributes, blocks.map((block) => wp.createBlock(block.name, block.attributes, block.innerBlocks)))]));
  return [...coloured, { name: 'core/group text palette around every block', markup: around, choice: text }];
}

it('draws every colour, gradient and text colour every block keeps, as the block editor saves it', async () => {
  const all = samples() as { name: string; markup: string; choice: Choice }[];
  await app.openPost({ title: 'Every colour', content: all.map(({ markup }) => markup).join('\n\n') });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  await expect.poll(() => editor.locator(':scope > [draggable], :scope > *').count()).toBeGreaterThanOrEqual(all.length);
  // Each top-level block's colours as Chromium computes them (backgrounds, gradients, text), and whether it is kept as written.
  const drawn = await editor.evaluate((root) => [...root.children].filter((element) => !element.matches('.ProseMirror-widget, [data-widget]')).map((block) => {
    const colours = new Set<string>();
    for (const element of [block, ...block.querySelectorAll('*')]) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        colours.add(style.backgroundColor);
        colours.add(style.backgroundImage);
        colours.add(style.color);
      }
    }
    // The editor's own controls: neither the writer's words (editable) nor what the site shows (inert).
    const controls = [...block.querySelectorAll<HTMLElement>('button, input, select, textarea, label')].filter((control) => !control.isContentEditable && !control.closest('[inert]'));
    return { readOnly: block.matches('.unknown-block'), colours: [...colours].join(' | '), controls: controls.map((control) => getComputedStyle(control).color) };
  }));
  expect(drawn.length).toBe(all.length);
  const undrawn = all.filter(({ choice }, index) => !drawn[index].readOnly && !choice.shown.every((colour) => drawn[index].colours.includes(colour))).map(({ name }) => name);
  await app.snap('block-colours-drawn');
  expect(undrawn).toEqual([]);
  const tinted = all.filter(({ choice }, index) => choice.support === 'text' && drawn[index].controls.some((colour) => choice.shown.includes(colour))).map(({ name }) => name);
  expect(tinted).toEqual([]);
  // Not a vacuous pass: blocks with controls of their own were coloured.
  expect(all.filter(({ choice }, index) => choice.support === 'text' && drawn[index].controls.length > 0).length).toBeGreaterThan(3);
  // Not a vacuous pass: most samples are editable.
  expect(drawn.filter(({ readOnly }) => !readOnly).length).toBeGreaterThan(all.length / 2);
});
