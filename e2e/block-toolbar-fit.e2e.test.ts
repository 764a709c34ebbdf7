// The block toolbar reads whole (issue 29): in a window 1400 and 1000 pixels wide (the
// settings panel open, and at 1000 the document overview too), over every block the toolbar
// shows settings for (the text blocks, every block with an alignment, every coloured block, every
// dynamic block, a list, a quote, a table, details, More), no control's words are cut short: each
// select is as wide as its choice needs, every other control shows all it holds, and the toolbar,
// its Options (⋮) included, stays within the writing column on one line of one height (what does
// not fit is in the Options menu), so a click that selects a block never moves the text.
import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { appForFile } from './harness.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';
import { COLOURED_BLOCKS } from '../renderer/editor/block-colours.ts';
import { ALIGNMENTS } from '../renderer/editor/block-settings.ts';
import { DYNAMIC_BLOCKS, newDynamicBlock } from '../renderer/blocks/dynamic-blocks.ts';

const app = appForFile({ blockEditor: true });

/** A post holding every block the toolbar has settings for, each with words to click in where it holds any. */
function everyToolbarBlock(): string {
  const wp = blockEditor();
  const words = (text: string) => wp.createBlock('core/paragraph', { content: text });
  const picture = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' width='300' height='120'><rect width='300' height='120' fill='teal'/></svg>")}`;
  const image = (id: number) => wp.createBlock('core/image', { url: picture, alt: `Picture ${id}` });
  const made: Record<string, () => ReturnType<typeof wp.createBlock>> = {
    'core/image': () => image(1),
    'core/gallery': () => wp.createBlock('core/gallery', {}, [image(2), image(3)]),
    'core/cover': () => wp.createBlock('core/cover', { dimRatio: 50 }, [words('Words on a cover.')]),
    'core/media-text': () => wp.createBlock('core/media-text', {}, [words('Words beside media.')]),
    'core/group': () => wp.createBlock('core/group', { layout: { type: 'constrained' } }, [words('Grouped words.')]),
    'core/columns': () => wp.createBlock('core/columns', {}, [wp.createBlock('core/column', {}, [words('Words in a column.')])]),
    'core/column': () => wp.createBlock('core/columns', {}, [wp.createBlock('core/column', {}, [words('Words in another column.')])]),
    'core/details': () => wp.createBlock('core/details', { summary: 'Ask' }, [words('The answer.')]),
    'core/buttons': () => wp.createBlock('core/buttons', {}, [wp.createBlock('core/button', { text: 'Press me' })]),
    'core/button': () => wp.createBlock('core/buttons', {}, [wp.createBlock('core/button', { text: 'Press me too' })]),
    'core/pullquote': () => wp.createBlock('core/pullquote', { value: 'Pulled words.' }),
  };
  const names = [...new Set([...Object.keys(ALIGNMENTS), ...Object.keys(COLOURED_BLOCKS)])];
  const missing = names.filter((name) => !made[name]);
  if (missing.length > 0) throw new Error(`The toolbar has settings for blocks this test does not make: ${missing.join(', ')}`);
  const others = [
    words('Plain words.'),
    wp.createBlock('core/heading', { content: 'A heading', level: 2 }),
    wp.createBlock('core/list', {}, [wp.createBlock('core/list-item', { content: 'An item' })]),
    wp.createBlock('core/quote', {}, [words('Quoted words.')]),
    wp.createBlock('core/table', { body: [{ cells: [{ content: 'A cell', tag: 'td' }] }] }),
    wp.createBlock('core/more', {}),
  ];
  return [wp.serialize([...names.map((name) => made[name]!()), ...others]), ...Object.keys(DYNAMIC_BLOCKS).map(newDynamicBlock)].join('\n\n');
}

/**
 * What the toolbar shows for the selected block, read in one trip to the page: its titles and colour
 * menus' words, the controls whose words are cut short (each named by its label or text) with its
 * colour menus open, and its height; or null when `unlessFolded` and the toolbar folded controls into
 * its Options menu (to be opened first). The menus are opened and closed again in the same step, so
 * a toolbar the click is still redrawing cannot take a menu away between finding and opening it, and
 * none is left open (opened without focus, no blur would close it) to take the next window's first click.
 */
function readToolbar(toolbar: Locator, unlessFolded: boolean): Promise<{ titles: string[]; cut: string[]; height: number } | null> {
  return toolbar.evaluate((bar, unlessFolded) => {
    if (unlessFolded && bar.hasAttribute('data-folded')) return null;
    const titles = [...bar.querySelectorAll('.block-toolbar-title, summary')].map((element) => element.textContent ?? '');
    const menus = [...bar.querySelectorAll('details.colour-menu')] as HTMLDetailsElement[];
    for (const menu of menus) menu.open = true;
    const cut = clippedControls();
    const height = bar.getBoundingClientRect().height;
    for (const menu of menus) menu.open = false;
    return { titles, cut, height };
    /** The controls whose words are cut short (layout is read afresh: the menus just opened are measured open). */
    function clippedControls(): string[] {
      const shown = (element: Element) => element.getClientRects().length > 0;
      // Words folded away for room (a title, a colour button's) are for screen readers only: clipped to nothing.
      const hidden = (element: Element) => { for (let at: Element | null = element; at && at !== bar; at = at.parentElement) if (getComputedStyle(at).clipPath === 'inset(50%)') return true; return false; };
      const nameOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
      const outside = (inner: DOMRect, outer: DOMRect) => inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
      const cut: string[] = [];
      const own = bar.getBoundingClientRect();
      for (const child of bar.children) if (shown(child) && outside(child.getBoundingClientRect(), own)) cut.push(`${nameOf(child)}: beyond the toolbar`);
      // The block's Options (⋮) ends the line inside the writing column, not past its edge.
      const options = bar.querySelector('button[aria-label="Options"]');
      if (options && outside(options.getBoundingClientRect(), own)) cut.push('Options: beyond the toolbar');
      const column = bar.closest('.writing-column')?.getBoundingClientRect();
      if (column && outside(own, column)) cut.push('the toolbar: beyond the writing column');
      for (const select of bar.querySelectorAll('select')) {
        if (!shown(select)) continue;
        // The width the select needs to show its chosen option whole: a copy holding only that option, at its own width (within a pixel: its own rounds).
        const copy = select.cloneNode(false) as HTMLSelectElement;
        const chosen = select.selectedOptions[0];
        if (chosen) copy.append(chosen.cloneNode(true));
        Object.assign(copy.style, { position: 'absolute', width: 'auto', minWidth: '0', maxWidth: 'none', fieldSizing: 'fixed', visibility: 'hidden' });
        select.parentElement!.append(copy);
        const needed = copy.getBoundingClientRect().width;
        copy.remove();
        const has = select.getBoundingClientRect().width;
        if (has + 1 < needed) cut.push(`${nameOf(select)}: "${chosen?.textContent}" in ${has} of the ${needed} pixels it needs`);
      }
      // Every other control's words lie within it.
      for (const element of bar.querySelectorAll('label, summary, button, legend, .block-toolbar-title')) {
        if (!shown(element) || hidden(element)) continue;
        const box = element.getBoundingClientRect();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (hidden(text.parentElement!)) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          if ([...range.getClientRects()].some((rect) => rect.width > 0 && outside(rect, box))) cut.push(nameOf(element));
        }
      }
      return cut;
    }
  }, unlessFolded);
}

/** The windows the toolbar is checked in: its width, and whether the document overview is open beside the settings. */
const WINDOWS: readonly { width: number; overview: boolean }[] = [{ width: 1400, overview: false }, { width: 1000, overview: false }, { width: 1000, overview: true }];

it('shows every block toolbar control whole, on one line of one height inside the column, in windows 1400 and 1000 pixels wide with the side panels open', async () => {
  await app.openPost({ title: 'Every toolbar', content: everyToolbarBlock() });
  const { page } = app;
  const content = page.getByRole('textbox', { name: 'Content' });
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  // Every place a writer puts the caret or selects a block: its words, an image, a dynamic block's preview.
  // Not an image's caption: its editor (shown while its image is selected) comes and goes, and would shift the places counted here.
  const targets = content.locator(':is(p, h2, li, td, .rich-part, summary, img, .more-block):not(.dynamic-block *, .rich-caption *), .dynamic-block');
  await expect.poll(() => content.locator('.dynamic-block').count()).toBe(Object.keys(DYNAMIC_BLOCKS).length);
  /** The toolbar's titles and its colour menus met on the way. */
  const seen = new Set<string>();
  /** The toolbar's heights met: one only, whatever the block and the window. */
  const heights = new Set<number>();
  const overview = page.getByRole('button', { name: 'Document overview' });
  for (const { width, overview: withOverview } of WINDOWS) {
    await page.setViewportSize({ width, height: 900 });
    if ((await overview.getAttribute('aria-pressed')) !== String(withOverview)) await overview.click();
    const where = `${width} px wide${withOverview ? ', the overview open' : ''}`;
    const count = await targets.count();
    for (let index = 0; index < count; index++) {
      const target = targets.nth(index);
      // Whether it is shown (as Playwright's isVisible judges), whether it is a dynamic block, and its
      // markup to name it if its toolbar is cut: one trip. The click scrolls it into view.
      const [visible, dynamic, markup] = await target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return [element.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0, element.classList.contains('dynamic-block'), element.outerHTML.slice(0, 80)] as const;
      });
      if (!visible) continue;
      // A dynamic block by its corner, away from the settings it shows; again when the toolbar's new height moved it from under the pointer.
      await target.click(dynamic ? { position: { x: 2, y: 2 } } : {});
      if (dynamic && !(await target.evaluate((element) => element.classList.contains('selected')))) await target.click({ position: { x: 2, y: 2 } });
      // The toolbar is drawn for the new selection by the next frame: read it after that, not the one before the click.
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      // What did not fit on the line is in the Options menu: read there, whole too. A block's colours are checked open too.
      let shown = await readToolbar(toolbar, true);
      const folded = shown === null;
      if (folded) await toolbar.getByRole('button', { name: 'Options' }).click();
      shown ??= (await readToolbar(toolbar, false))!;
      for (const text of shown.titles) seen.add(text.trim());
      expect(shown.cut, `${where}, in ${markup}`).toEqual([]);
      heights.add(Math.round(shown.height));
      if (folded) await page.keyboard.press('Escape');
    }
    await content.getByText('Plain words.').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    // The window: the toolbar and the side panels, not the forty blocks below them.
    await app.snap(`block-toolbar-fit-${width}${withOverview ? '-overview' : ''}`, { window: true });
  }
  // One height whatever the block and the window: the text never moves under a click that selects a block.
  expect([...heights]).toHaveLength(1);
  // Every kind of block the toolbar has settings for was reached.
  const expected = ['Paragraph', 'Heading', 'List', 'Table', 'Details', 'More', 'Image', ...Object.values(DYNAMIC_BLOCKS).map(({ title }) => title), ...Object.values(COLOURED_BLOCKS).map(({ title }) => `${title} colours`)];
  expect(expected.filter((title) => !seen.has(title))).toEqual([]);
  // Some forty blocks in three windows: longer than one gesture's test.
}, 480_000);
