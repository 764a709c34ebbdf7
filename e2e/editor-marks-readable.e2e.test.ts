// The editor's own marks readable on every background a block can have (issue 29, a writer's eyes):
// every block the inserter makes whose type takes a background (`supports.color`), empty as it is
// made (so its placeholders show), × the palette's darkest and lightest colour, a custom dark and
// light one, a dark gradient (where the type takes gradients), a cover's dark and light overlay, each
// with the text colour a writer sets on it (light on dark, dark on light: a palette's and a custom
// one; none on light, where the site's dark words stand), and every block on the page as it is; in
// the light and the dark theme. Each mark the editor draws in the block's box (placeholders, hints,
// labels, arrows, a dynamic block's preview and its notes, the words of its own controls and their focus rings, a
// block selected whole in it, the "+" beside an empty line in it: drawn-contrast.ts)
// stands out from what is behind it by WCAG's ratios: 4.5:1 for words, 3:1 for a glyph or a ring.
// A dark background with the site's dark words is left out: the writer's own words are unreadable
// there (the block editor warns of it), and its placeholders follow them, as the block editor's do.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { drawnMarks, type DrawnMark } from './drawn-contrast.ts';
import { quietly } from '../tests/helpers/block-editor.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { declares, inserterBlockTypes, type ParsedBlock, type Wp } from './inserter-block-types.ts';

const app = appForFile({ blockEditor: true });

const COVER = 'core/cover';
/** A background a writer gives a block, with the text colour they set on it (when the type takes one), in the attributes the block editor keeps them in. */
interface Backdrop { name: string; support: 'background' | 'gradients' | 'overlay'; attributes: Record<string, unknown> }
const BACKDROPS: Backdrop[] = [
  { name: 'palette darkest, palette light text', support: 'background', attributes: { backgroundColor: 'black', textColor: 'white' } },
  { name: 'palette lightest', support: 'background', attributes: { backgroundColor: 'white' } },
  { name: 'palette lightest, palette dark text', support: 'background', attributes: { backgroundColor: 'white', textColor: 'black' } },
  { name: 'custom dark, custom light text', support: 'background', attributes: { style: { color: { background: '#1b2a41', text: '#f4f1ea' } } } },
  { name: 'custom light, custom dark text', support: 'background', attributes: { style: { color: { background: '#fdf6e3', text: '#2b2b2b' } } } },
  { name: 'custom light', support: 'background', attributes: { style: { color: { background: '#fdf6e3' } } } },
  { name: 'dark gradient, light text', support: 'gradients', attributes: { style: { color: { gradient: 'linear-gradient(135deg,rgb(12,16,48) 0%,rgb(58,20,74) 100%)', text: '#ffffff' } } } },
  { name: 'dark overlay', support: 'overlay', attributes: { overlayColor: 'black', dimRatio: 80, isDark: true } },
  { name: 'light overlay', support: 'overlay', attributes: { overlayColor: 'white', dimRatio: 80, isDark: false } },
];

/** Whether a type takes a backdrop: a cover its overlay; another its background or gradient, and a text colour where the backdrop sets one. */
function takes(wp: Wp, name: string, backdrop: Backdrop): boolean {
  if (name === COVER || backdrop.support === 'overlay') return name === COVER && backdrop.support === 'overlay';
  const textSet = 'textColor' in backdrop.attributes || JSON.stringify(backdrop.attributes).includes('"text"');
  return declares(wp, name, backdrop.support) && (!textSet || declares(wp, name, 'text'));
}

/** A container's blocks with a separator after its first paragraph, at whatever depth (a column's): a block that, selected whole, shows its ring on the container's background. */
function withSeparator(wp: Wp, blocks: ParsedBlock[]): ParsedBlock[] {
  const paragraph = blocks.findIndex(({ name }) => name === 'core/paragraph');
  if (paragraph >= 0) return blocks.toSpliced(paragraph + 1, 0, wp.createBlock('core/separator') as ParsedBlock);
  const [first, ...rest] = blocks;
  return first ? [{ ...first, innerBlocks: withSeparator(wp, first.innerBlocks as ParsedBlock[]) }, ...rest] : blocks;
}

/** Each block the inserter makes (each type once) on each backdrop its type takes, as the block editor saves it and judges it valid (strictly), and each as it is. */
function samples(): { name: string; markup: string }[] {
  const { wp, blocks } = inserterBlockTypes();
  return quietly(() => blocks.flatMap((block) => {
    // A cover without its picked image: what is behind its words is its overlay on the page, not an image the test cannot judge.
    const own = block.name === COVER ? Object.fromEntries(Object.entries(block.attributes).filter(([key]) => !/^(url|id|customOverlayColor|isDark|dimRatio|isUserOverlayColor|sizeSlug)$/.test(key))) : block.attributes;
    const on = BACKDROPS.filter((backdrop) => takes(wp, block.name, backdrop));
    if (on.length === 0) return [];
    const inner = withSeparator(wp, block.innerBlocks as ParsedBlock[]);
    return [{ name: `${block.name} as it is`, attributes: block.attributes }, ...on.map((backdrop) => ({ name: `${block.name} ${backdrop.name}`, attributes: { ...own, ...backdrop.attributes } }))].flatMap(({ name, attributes }) => {
      const made = wp.serialize([wp.createBlock(block.name, attributes, inner)]);
      return strictlyInvalid(made).length === 0 ? [{ name, markup: made }] : [];
    });
  }));
}

/** What a mark must reach: words 4.5:1, a glyph or a ring 3:1 (WCAG 1.4.3 and 1.4.11). */
const NEEDED: Record<DrawnMark['kind'], number> = { text: 4.5, symbol: 3, outline: 3 };

it('draws every mark of the editor readable on every background a block takes, in the light and the dark theme', async () => {
  const all = samples();
  await app.openPost({ title: 'Marks on every background', content: all.map(({ markup }) => markup).join('\n\n') });
  const { page } = app;
  const editor = page.getByRole('textbox', { name: 'Content' });
  await expect.poll(() => editor.locator(':scope > :not(.ProseMirror-widget)').count()).toBe(all.length);
  // The keyboard's focus, so the editor's controls show the ring a writer tabbing to them sees.
  await page.keyboard.press('Tab');
  const unreadable: string[] = [];
  const measured: Record<DrawnMark['kind'], number> = { text: 0, symbol: 0, outline: 0 };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const marks = await editor.evaluate(drawnMarks);
    for (const mark of marks) measured[mark.kind] += 1;
    for (const mark of marks) if (mark.contrast < NEEDED[mark.kind]) unreadable.push(`${scheme}: ${all[mark.block].name}: ${mark.kind} ${mark.where} ${mark.contrast}`);
  }
  await page.emulateMedia({ colorScheme: null });
  await app.snap('editor-marks-readable');
  console.log(`${all.length} blocks, marks measured: ${JSON.stringify(measured)}; unreadable: ${unreadable.length}`);
  expect(unreadable).toEqual([]);
  // Not a vacuous pass: many blocks on many backgrounds, each with marks of its own.
  expect(all.length).toBeGreaterThan(60);
  expect(measured.text).toBeGreaterThan(all.length * 2);
  expect(measured.symbol).toBeGreaterThan(10);
  expect(measured.outline).toBeGreaterThan(all.length / 2);
  // Some 250 blocks, each selected and given the caret in turn in both themes: 8 s alone, 43 s beside four busy loops (the project's 60 s is near).
}, 120_000);
