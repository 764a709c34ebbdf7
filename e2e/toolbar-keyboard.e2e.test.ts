// A writer with only a keyboard (issue 29), over every block the inserter makes, from its markup
// and made by the keyboard in the inserter itself ("/", the "+" beside an empty line reached by
// Shift+Tab or by Tab, and the "+" after a line, in turn): the arrows reach the block from
// the text before and after it (selected whole, or the caret in its text; never a gap cursor),
// Alt+F10 takes the keyboard to its block toolbar, the arrows along it; each menu there (colours,
// Transform to, Options) opens and closes with Escape, the keyboard back on its button; Escape
// goes back to the block as it was selected (e2e/block-keyboard.ts).
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { blockKeyboard } from './block-keyboard.ts';
import { INSERTER_BLOCKS, INSERTER_CHOICES } from '../tests/helpers/inserter-blocks.ts';
import { paragraphMarkup } from './inserter-steps.ts';
import { keepScreens } from './screens.ts';

const app = appForFile();
const keyboard = blockKeyboard(app);
/** The editor's element as this test reads it: its document, as JSON and its top-level blocks. */
type EditorDocument = HTMLElement & { editor: { state: { doc: { toJSON(): unknown; forEach(each: (node: { attrs: { name?: unknown }; textContent: string }) => void): void } } } };

it.each(INSERTER_BLOCKS)('%s from its markup: reached by the arrows, its toolbar walked by the keyboard, each menu opened with Enter and Space and closed with Escape', async (title, markup) => {
  const { page } = app;
  await app.openPost({ title: `Keyboard: ${title}`, content: [paragraphMarkup('Words before.'), markup, paragraphMarkup('Words after.')].join('\n\n') });
  const saved = page.getByRole('status').filter({ hasText: 'All changes saved' });
  const text = page.getByRole('textbox', { name: 'Content' });
  const documentNow = () => text.evaluate((element) => JSON.stringify((element as EditorDocument).editor.state.doc.toJSON()));
  // A dynamic block's live preview, asked of the site as it is shown, is in: the toolbar is drawn for it, not drawn again under the keyboard.
  await page.waitForLoadState('networkidle');
  const before = await documentNow();
  const block = await keyboard.placed(1);
  await keyboard.reach(block, 'before', title);
  const opened = await keyboard.toolbar(title, { keys: ['Enter', 'Space'] });
  await keyboard.reach(block, 'after', title);
  await keyboard.toolbar(`${title} (from after it)`, null);
  expect(await saved.count(), `${title}: the post unchanged`).toBe(1);
  expect(await documentNow(), `${title}: the document unchanged`).toBe(before);
  console.log(`${title}: ${opened.join(', ') || 'no menus'}`);
});

/** The one post the inserter's blocks are made in, each below its first line: opened by the first of them to run. */
let madeIn: number | null = null;
const START = 'Every block, made by the keyboard.';

async function onTheMadePost() {
  madeIn ??= (await app.api.post<{ id: number }>('cms/v2/posts', { title: 'Keyboard: every block made', content: paragraphMarkup(START), status: 'draft' })).id;
  if (!app.page.url().endsWith(`/posts/${madeIn}`)) {
    await app.open(`/posts/${madeIn}`);
    await app.page.getByRole('textbox', { name: 'Content' }).waitFor();
  }
}

/** What the inserter asks before it makes a block, answered from the keyboard: a table's size as offered, an embed's address. */
const ANSWERS: Readonly<Record<string, (title: string) => Promise<void>>> = {
  sized: () => app.page.keyboard.press('Enter'),
  address: async () => {
    await app.page.keyboard.type('http://127.0.0.1:9/a-clip');
    await app.page.keyboard.press('Enter');
  },
};

/** The keyboard's ways into the inserter, taken in turn over the blocks: "/" typed on an empty line, the "+" beside it (Shift+Tab, or Tab), the "+" Tab shows after a line. */
const WAYS = ['/', '+', 'in-between +', '+ by Tab'] as const;

it.each(INSERTER_CHOICES.map(([title, kind], index) => [title, kind, WAYS[index % WAYS.length]] as const))('%s (%s) made from the keyboard with "%s": reached by the arrows, its toolbar walked by the keyboard, each menu opened and closed with Escape', async (title, kind, way) => {
  const { page } = app;
  await onTheMadePost();
  const text = page.getByRole('textbox', { name: 'Content' });
  // Two lines of the writer's; the block goes between them: "/" typed on an empty line opened there,
  // the "+" beside that line (Shift+Tab or Tab from it), or the "+" that Tab shows after the first (BetweenInserter.tsx) opening it.
  const [before, after] = [`Before ${title}.`, `After ${title}.`];
  await text.getByText(START, { exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(before);
  await page.keyboard.press('Enter');
  if (way !== 'in-between +') await page.keyboard.press('Enter');
  await page.keyboard.type(after);
  await page.keyboard.press('ArrowUp');
  const options = page.getByRole('listbox', { name: 'Blocks' });
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  if (way === '/') {
    // What a "/" search holds: no "/" of its own.
    await page.keyboard.type(`/${title.split('/')[0].slice(0, 30)}`);
  } else {
    if (way !== 'in-between +') {
      const key = way === '+' ? 'Shift+Tab' : 'Tab';
      await page.keyboard.press(key);
      await expect.poll(focusedName, { message: `${title}: ${key} from the empty line to its "+"` }).toBe('Add block');
    } else {
      await page.keyboard.press('End');
      await page.keyboard.press('Tab');
      await expect.poll(focusedName, { message: `${title}: Tab from the line to the "+" after it` }).toBe('Add block after this block');
    }
    await page.keyboard.press('Enter');
    await expect.poll(focusedName, { message: `${title}: Enter on the "+" opens the inserter's search` }).toBe('Search blocks');
    await page.keyboard.type(title);
  }
  const chosen = options.getByRole('option', { selected: true });
  for (let press = 0; press < INSERTER_CHOICES.length && (await chosen.textContent()) !== title; press += 1) await page.keyboard.press('ArrowDown');
  await expect.poll(() => chosen.textContent(), { message: `${title}: chosen in the list with the arrows` }).toBe(title);
  await page.keyboard.press('Enter');
  await ANSWERS[kind]?.(title);
  await options.waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  // The block made stands on the empty line; a command that leaves the line a paragraph (a footnote's mark) made its block at the end, the last that is no paragraph.
  const between = await keyboard.placed((await keyboard.indexOf(before)) + 1);
  const block = between.name === 'paragraph' && title !== 'Paragraph' ? await keyboard.placed(await keyboard.lastBlock()) : between;
  if (title !== 'Paragraph') expect(block.name, `${title}: a block made`).not.toBe('paragraph');
  await keyboard.reach(block, 'before', title);
  const opened = await keyboard.toolbar(title, { keys: ['Enter'] });
  if (block.after !== null) {
    await keyboard.through(block, 'after', title);
    await keyboard.reach(block, 'after', title);
    await keyboard.toolbar(`${title} (from after it)`, null);
  }
  console.log(`${title} made with "${way}": ${opened.join(', ') || 'no menus'}`);
});

// The screens, apart from the walks above, with the caret as it is: Playwright's screenshot hides
// the caret by default, and that moved the selection of a block selected whole into its text
// (and took the keyboard from an open menu) in the middle of a walk.
const screen = (name: string) => keepScreens(app.page, name, { window: true, caret: 'initial' });

it('shows a selected audio block, named on its toolbar, and its Transform to menu opened from the keyboard; a letter typed on it goes into its caption', async () => {
  const { page } = app;
  await app.openPost({ title: 'Keyboard: the screens', content: [paragraphMarkup('Words before.'), INSERTER_BLOCKS.find(([title]) => title === 'Audio')?.[1], paragraphMarkup('Words after.')].join('\n\n') });
  await keyboard.reach(await keyboard.placed(1), 'before', 'Audio');
  const title = page.locator('.block-toolbar-title');
  await expect.poll(() => title.textContent()).toBe('Audio');
  await screen('toolbar-keyboard-audio-selected');
  await page.keyboard.press('Alt+F10');
  await expect.poll(async () => (await keyboard.focused()).name).toBe('button "Transform to"');
  await page.keyboard.press('Enter');
  await page.getByRole('menu', { name: 'Transform to' }).waitFor();
  await screen('toolbar-keyboard-transform-to');
  expect(await title.textContent(), 'the audio block still selected').toBe('Audio');
  // Back on the block, a letter typed goes into its caption, the audio kept.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.type('Sung');
  const audio = () => page.getByRole('textbox', { name: 'Content' }).evaluate((element) => {
    const { doc } = (element as EditorDocument).editor.state;
    const found: string[] = [];
    doc.forEach((node) => { if (node.attrs.name === 'core/audio') found.push(node.textContent); });
    return found;
  });
  await expect.poll(audio, { message: 'the audio block kept, the letters in its caption' }).toEqual(['Sung']);
});
