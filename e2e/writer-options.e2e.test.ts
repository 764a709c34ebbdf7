// What a writer from the block editor reaches for every day (issue 29), in Chromium: the format
// toolbar's "More" menu (highlight, inline code, keyboard input, strikethrough, subscript,
// superscript) from the mouse and the keyboard, the block toolbar's Options (Duplicate, Delete
// with its Undo notice) and the list view (Shift+Alt+O). What they do is saved as the block
// editor saves it (validateBlock on every block); screenshots in the light and the dark theme.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { editorHolds, type EditorElement } from './editor-selection.ts';

const app = appForFile({ blockEditor: true });

const block = (name: string, inner: string, attrs = '') => `<!-- wp:${name}${attrs ? ` ${attrs}` : ''} -->\n${inner}\n<!-- /wp:${name} -->`;
const paragraph = (html: string) => block('paragraph', `<p>${html}</p>`);
const content = () => app.page.getByRole('textbox', { name: 'Content' });

/** Selects `word` in the text, as a writer's drag over it does, and waits until the editor holds it. */
async function selectWord(word: string): Promise<void> {
  const span = await content().evaluate(async (element, target) => {
    // The last command's focus, which tiptap gives back a frame later with the selection it had, first.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    element.focus();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(target) ?? -1;
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + target.length);
        const selection = window.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
        const { view } = (element as EditorElement).editor;
        return { from: view.posAtDOM(node, at), to: view.posAtDOM(node, at + target.length) };
      }
    }
    throw new Error(`No "${target}" in the text.`);
  }, word);
  await editorHolds(content(), span);
}

it('formats words from the More menu, by mouse and by keyboard, and saves them as the block editor does', async () => {
  const { id } = await app.openPost({ title: 'More formats', content: paragraph('Press alpha then beta and gamma with delta, epsilon zeta.') });
  const { page } = app;
  await content().getByText('Press alpha').click();
  const more = page.getByRole('button', { name: 'More formats' });
  const choose = async (word: string, format: string) => {
    await selectWord(word);
    await more.click();
    await page.getByRole('menuitemcheckbox', { name: format }).click();
  };
  await choose('alpha', 'Inline code');
  await choose('beta', 'Keyboard input');
  await choose('gamma', 'Strikethrough');
  await choose('delta', 'Subscript');
  // From the keyboard: the menu opens on its first item, the arrows move, Enter chooses.
  await selectWord('epsilon');
  await more.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // The Highlight's colours open in the menu's place.
  await selectWord('zeta');
  await more.click();
  await page.getByRole('menuitemcheckbox', { name: 'Highlight' }).click();
  const highlight = page.getByRole('group', { name: 'Highlight' });
  await highlight.getByLabel('Text colour').selectOption('vivid-red');
  await highlight.getByLabel('Background').selectOption('pale-cyan-blue');
  await app.snap('more-formats-highlight');
  await page.keyboard.press('Escape');
  await selectWord('beta');
  await more.click();
  expect(await page.getByRole('menuitemcheckbox', { name: 'Keyboard input' }).getAttribute('aria-checked')).toBe('true');
  await app.snap('more-formats-menu');
  await page.keyboard.press('Escape');
  // The block editor's key for strikethrough.
  await selectWord('Press');
  await page.keyboard.press('Shift+Alt+D');
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toBe(paragraph('<s>Press</s> <code>alpha</code> then <kbd>beta</kbd> and <s>gamma</s> with <sub>delta</sub>, <sup>epsilon</sup> <mark style="background-color:#8ed1fc" class="has-inline-color has-vivid-red-color">zeta</mark>.'));
});

it("duplicates and deletes blocks from the block toolbar's Options, containers too, with Undo", async () => {
  const post = [
    paragraph('First words.'),
    block('group', `<div class="wp-block-group">${paragraph('Grouped words.')}</div>`, '{"layout":{"type":"constrained"}}'),
    paragraph('Last words.'),
  ].join('\n\n');
  const { id } = await app.openPost({ title: 'Block options', content: post });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  await content().getByText('First words.').click();
  await toolbar.getByRole('button', { name: 'Options' }).click();
  // Options sits at the end of the block's toolbar, on its line, and the formatting toolbar keeps its one line with More and the list view in it.
  const lineOf = async (name: string, within = toolbar) => (await within.getByRole('button', { name, exact: true }).boundingBox())?.y;
  expect(await lineOf('Options')).toBe(await lineOf('Align text left'));
  const formatting = page.getByRole('toolbar', { name: 'Formatting' });
  expect(await lineOf('Document overview', formatting)).toBe(await lineOf('Bold', formatting));
  await app.snap('block-options-menu');
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect.poll(() => content().getByText('First words.').count()).toBe(2);
  // The copy is the writer's block: typing goes into it.
  await page.keyboard.type('Copy: ');
  // The group, from the list of blocks, with the block editor's keys.
  await page.keyboard.press('Shift+Alt+O');
  await page.getByRole('treeitem', { name: /^Group/ }).click();
  await page.keyboard.press('Shift+Alt+O');
  await page.keyboard.press('Control+Shift+D');
  await expect.poll(() => content().getByText('Grouped words.').count()).toBe(2);
  await content().getByText('Last words.').click();
  await toolbar.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Removed a paragraph.' });
  await notice.waitFor();
  await app.snap('block-options-removed');
  await notice.getByRole('button', { name: 'Undo' }).click();
  await content().getByText('Last words.').waitFor();
  // The block editor's key for Delete, on the group's copy (selected from the list view): the whole group goes.
  await page.keyboard.press('Shift+Alt+O');
  await page.getByRole('treeitem', { name: /^Group/ }).last().click();
  await page.keyboard.press('Shift+Alt+O');
  await page.keyboard.press('Shift+Alt+Z');
  await page.getByRole('status').filter({ hasText: 'Removed a group block.' }).waitFor();
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  const group = block('group', `<div class="wp-block-group">${paragraph('Grouped words.')}</div>`, '{"layout":{"type":"constrained"}}');
  expect(saved).toBe([paragraph('First words.'), paragraph('Copy: First words.'), group, paragraph('Last words.')].join('\n\n'));
});

it('lists the blocks in the document overview; a click or Enter takes the writer to one', async () => {
  const filler = Array.from({ length: 25 }, (_, index) => paragraph(`Filler line ${index + 1}.`)).join('\n\n');
  const column = (inner: string) => block('column', `<div class="wp-block-column">${inner}</div>`);
  const post = [
    block('heading', '<h2 class="wp-block-heading">Where we went</h2>'),
    filler,
    block('columns', `<div class="wp-block-columns">${column(paragraph('Left column.'))}\n\n${column(paragraph('Right column.'))}</div>`),
    block('quote', `<blockquote class="wp-block-quote">${paragraph('Quoted at the end.')}</blockquote>`),
  ].join('\n\n');
  await app.openPost({ title: 'List view', content: post });
  const { page } = app;
  await page.getByRole('button', { name: 'Document overview' }).click();
  const tree = page.getByRole('tree', { name: 'Blocks' });
  await expect.poll(() => tree.getByRole('treeitem').count()).toBeGreaterThan(28);
  await tree.getByRole('treeitem', { name: /Right column/ }).last().click();
  // The writer's caret is in that block, scrolled into view, and typing goes there.
  await page.keyboard.type('Typed ');
  await content().getByText('Typed Right column.').waitFor();
  expect(await content().getByText('Typed Right column.').isVisible()).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect.poll(() => tree.getByRole('treeitem', { selected: true }).textContent()).toContain('Typed Right column.');
  await app.snap('list-view');
  // From the keyboard: Home goes to the first block, Enter selects it.
  await tree.getByRole('treeitem', { selected: true }).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await page.keyboard.type('So: ');
  await content().getByText('So: Where we went').waitFor();
  // Escape in the list closes it.
  await tree.getByRole('treeitem').first().focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => tree.count()).toBe(0);
});

it('the document overview stands beside the text, clear of the navigation, leaves the text its room, and moves blocks by drag and by Alt+Shift+Up/Down', async () => {
  const group = (inner: string[]) => block('group', `<div class="wp-block-group">${inner.join('\n\n')}</div>`, '{"layout":{"type":"constrained"}}');
  const id = (await app.openPost({ title: 'Moving blocks', content: [paragraph('One.'), paragraph('Two.'), paragraph('Three.'), group([paragraph('Alpha.'), paragraph('Beta.')])].join('\n\n') })).id;
  const { page } = app;
  const overviewButton = page.getByRole('button', { name: 'Document overview' });
  const panel = page.getByRole('complementary', { name: 'Document overview' });
  const settings = page.getByRole('complementary', { name: 'Settings' });
  const tree = panel.getByRole('tree', { name: 'Blocks' });
  const item = (words: string) => tree.getByRole('treeitem', { name: new RegExp(`^Paragraph ${words}`) });
  /** The panel after the navigation and before the text, the text column wide enough for the formatting toolbar on at most two lines. */
  const checkRoom = async (width: number) => {
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const shown = await panel.boundingBox();
    const text = await content().boundingBox();
    expect(shown!.x, `${width} px`).toBeGreaterThanOrEqual(nav!.x + nav!.width);
    expect(text!.x, `${width} px`).toBeGreaterThanOrEqual(shown!.x + shown!.width);
    expect(text!.width, `${width} px`).toBeGreaterThan(480);
    const buttonHeight = (await overviewButton.boundingBox())!.height;
    expect((await page.getByRole('toolbar', { name: 'Formatting' }).boundingBox())!.height, `${width} px`).toBeLessThan(buttonHeight * 2.5);
    // The selected row's words stand clear of its edge.
    const row = await tree.getByRole('treeitem', { selected: true }).boundingBox();
    const title = await tree.getByRole('treeitem', { selected: true }).locator('.list-view-title').boundingBox();
    expect(title!.x - row!.x, `${width} px`).toBeGreaterThanOrEqual(6);
  };
  await content().getByText('One.').click();
  // Wide: the overview and the Settings panel side by side.
  await page.setViewportSize({ width: 1400, height: 900 });
  expect(await settings.count()).toBe(1);
  await overviewButton.click();
  await checkRoom(1400);
  expect(await settings.count()).toBe(1);
  await app.snap('list-view-1400');
  // Narrow: the overview and Settings take turns, the one opened last closing the other.
  await overviewButton.click();
  await page.setViewportSize({ width: 1000, height: 900 });
  await overviewButton.click();
  await expect.poll(() => settings.count()).toBe(0);
  await checkRoom(1000);
  await app.snap('list-view-1000');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect.poll(() => panel.count()).toBe(0);
  expect(await settings.count()).toBe(1);
  await overviewButton.click();
  await expect.poll(() => settings.count()).toBe(0);
  // From the keyboard: Three up twice; Beta up once within its group, and no further (its group's first block stays in the group).
  await item('Three').focus();
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await expect.poll(() => tree.getByRole('treeitem').allTextContents()).toEqual(['Paragraph Three.', 'Paragraph One.', 'Paragraph Two.', 'Group Alpha. Beta.', 'Paragraph Alpha.', 'Paragraph Beta.']);
  await item('Beta').focus();
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await expect.poll(() => tree.getByRole('treeitem').allTextContents()).toEqual(['Paragraph Three.', 'Paragraph One.', 'Paragraph Two.', 'Group Beta. Alpha.', 'Paragraph Beta.', 'Paragraph Alpha.']);
  // By the mouse: Three dragged onto the lower half of Two goes after it.
  const two = await item('Two').boundingBox();
  await item('Three').dragTo(item('Two'), { targetPosition: { x: 20, y: two!.height - 3 } });
  await expect.poll(() => tree.getByRole('treeitem').allTextContents()).toEqual(['Paragraph One.', 'Paragraph Two.', 'Paragraph Three.', 'Group Beta. Alpha.', 'Paragraph Beta.', 'Paragraph Alpha.']);
  await app.snap('list-view-moved');
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toBe([paragraph('One.'), paragraph('Two.'), paragraph('Three.'), group([paragraph('Beta.'), paragraph('Alpha.')])].join('\n\n'));
  // One undo step puts the last move back.
  await content().getByText('One.').click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => tree.getByRole('treeitem').first().textContent()).toBe('Paragraph Three.');
});
