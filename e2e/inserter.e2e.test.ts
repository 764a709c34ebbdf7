// The block inserter in Chromium, as a writer uses it (issue 29): "+" beside an empty line and
// "/" in an empty paragraph list every block, narrowed by typing, chosen with the keyboard (the "+"
// reached from its line by Shift+Tab, as the block editor's inserter beside an empty block); the
// blocks made are saved as the block editor saves them (validateBlock on every block); Tab from the
// empty line reaches that "+" too (its one inserter: no "+" after an empty line). Every block
// it makes is selected, or holds the caret, once made, its own toolbar shown, as the block
// editor selects the block it inserts. A cover is made of a palette colour picked in its
// placeholder, by keyboard. The formatting toolbar stays in view down a long post and sets headings 1 to 6.
import { expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { inserterOptions, onEmptyLine as emptyLineIn, optionNames, paragraphMarkup as paragraph } from './inserter-steps.ts';
import { INSERTER_CHOICES } from '../tests/helpers/inserter-blocks.ts';

const app = appForFile({ blockEditor: true });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const onEmptyLine = () => emptyLineIn(app, 'Inserting');

/** The saved content, strictly valid for the block editor. */
async function savedStrictly(id: number): Promise<string> {
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  return content;
}

const options = () => inserterOptions(app.page);

it('opens from "+" beside an empty line, searches by typing, and makes three columns with the arrows and Enter', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  await page.getByRole('button', { name: 'Add block' }).click();
  const search = page.getByRole('combobox', { name: 'Search blocks' });
  await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
  // Every block the editor can create is offered.
  expect(await options().count()).toBeGreaterThanOrEqual(35);
  await app.snap('inserter-plus');
  await page.keyboard.type('columns');
  // Names that start with the words come first; a table has columns too; then the patterns of columns.
  await expect.poll(() => optionNames(app.page)).toEqual([
    'Columns (2)', 'Columns (3)', 'Table', 'Three plans and their prices, pattern: Call to action', 'Two columns of text, pattern: Columns', 'Three features side by side, pattern: Columns',
  ]);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { selected: true }).textContent()).toBe('Columns (3)');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Left words');
  const content = await savedStrictly(id);
  expect(content.match(/<!-- wp:column -->/g)).toHaveLength(3);
  expect(content).toContain('<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Left words</p>');
});

/** An empty line between two of the writer's ("Start." and "End."), the caret in it; the post's id. */
async function betweenTwoLines(): Promise<number> {
  const { page } = app;
  const { id } = await app.openPost({ title: 'Inserting by keyboard', content: `${paragraph('Start.')}\n\n${paragraph('End.')}` });
  await page.getByRole('textbox', { name: 'Content' }).getByText('Start.').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  return id;
}

/** The name of what has the keyboard (a control's label, or its words). */
const focused = () => app.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
const onBlockToolbar = () => app.page.evaluate(() => document.activeElement?.closest('[role="toolbar"][aria-label="Block"]') !== null);

/** The top-level blocks: each one's name and words. */
const blocks = () => app.page.getByRole('textbox', { name: 'Content' }).evaluate((element) => {
  const { doc } = (element as HTMLElement & { editor: { state: { doc: { forEach(each: (node: { type: { name: string }; textContent: string }) => void): void } } } }).editor.state;
  const all: string[] = [];
  doc.forEach((node) => all.push(`${node.type.name}: ${node.textContent}`));
  return all;
});

/** The keyboard back on the empty line between the two, which is as it was. */
async function backOnTheLine(how: string): Promise<void> {
  await expect.poll(focused, { message: `${how}: the keyboard back in the text` }).toBe('Content');
  expect(await blocks(), `${how}: the empty line as it was`).toEqual(['paragraph: Start.', 'paragraph: ', 'paragraph: End.']);
}

/** The keys that reach the "+" beside an empty line from it (the block editor's own, and Tab: an empty line's one inserter, no "+" after it); the other key goes back. */
const TO_THE_PLUS = [
  { key: 'Shift+Tab', back: 'Tab', screen: 'inserter-plus-keyboard' },
  { key: 'Tab', back: 'Shift+Tab', screen: 'inserter-plus-tab' },
] as const;

it.each(TO_THE_PLUS)('reaches the "+" beside an empty line by keyboard alone ($key), makes the block chosen on that very line, gives the line back on Escape and $back, and goes on to the block toolbar with $key', async ({ key, back, screen }) => {
  const { page } = app;
  const id = await betweenTwoLines();
  const toPlus = async () => {
    await page.keyboard.press(key);
    await expect.poll(focused, { message: `${key} from the empty line reaches its "+"` }).toBe('Add block');
    expect(await page.locator('.between-inserter').count(), 'no "+" after the empty line').toBe(0);
  };
  await toPlus();
  await app.snap(screen, { window: true });
  await page.keyboard.press('Escape');
  await backOnTheLine('Escape on the "+"');
  await toPlus();
  await page.keyboard.press(back);
  await backOnTheLine(`${back} on the "+"`);
  // On the same way, the block toolbar; Escape there is back in the text.
  await toPlus();
  await page.keyboard.press(key);
  await expect.poll(onBlockToolbar, { message: `${key} from the "+" reaches the block toolbar` }).toBe(true);
  await page.keyboard.press('Escape');
  await backOnTheLine('Escape on the toolbar');
  // Enter opens the list; Escape closes it with nothing made, back on the line.
  await toPlus();
  await page.keyboard.press('Enter');
  await expect.poll(focused).toBe('Search blocks');
  await page.keyboard.press('Escape');
  await page.getByRole('listbox', { name: 'Blocks' }).waitFor({ state: 'detached' });
  await backOnTheLine('Escape in the list');
  // Space opens it too; the block chosen takes the empty line's place, the keyboard in it.
  await toPlus();
  await page.keyboard.press('Space');
  await expect.poll(focused).toBe('Search blocks');
  await page.keyboard.type('Heading 3');
  if (key === 'Shift+Tab') await app.snap('inserter-plus-keyboard-list', { window: true });
  await expect.poll(() => page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { selected: true }).textContent()).toBe('Heading 3');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Made here');
  expect(await blocks()).toEqual(['paragraph: Start.', 'heading: Made here', 'paragraph: End.']);
  expect(await savedStrictly(id)).toBe(`${paragraph('Start.')}\n\n<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">Made here</h3>\n<!-- /wp:heading -->\n\n${paragraph('End.')}`);
  // A line with words has no "+" beside it: Shift+Tab goes to the block toolbar, Tab to the "+" after the line, as before.
  await page.keyboard.press(key);
  if (key === 'Shift+Tab') await expect.poll(onBlockToolbar, { message: 'Shift+Tab from a line with words reaches the block toolbar' }).toBe(true);
  else await expect.poll(focused, { message: 'Tab from a line with words reaches the "+" after it' }).toBe('Add block after this block');
});

it('opens with "/" in an empty paragraph, makes a pullquote and details, and closes with Escape leaving what was typed', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  await page.keyboard.type('/pull');
  await options().first().waitFor();
  await app.snap('inserter-slash');
  await expect.poll(() => optionNames(page)).toEqual(['Pullquote', 'Pullquote between paragraphs, pattern: Text']);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Big words');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('/details');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ask me');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('/zzq');
  await page.getByText('No block matches “zzq”.').waitFor();
  // Enter with nothing matching breaks the line, as in any paragraph.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/quo');
  await options().first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox', { name: 'Blocks' }).waitFor({ state: 'detached' });
  await page.keyboard.type('te me');
  const content = await savedStrictly(id);
  expect(content).toContain('<figure class="wp-block-pullquote"><blockquote><p>Big words</p></blockquote></figure>');
  expect(content).toContain('<details class="wp-block-details"><summary>Ask me</summary>');
  expect(content).toContain(`${paragraph('/zzq')}\n\n${paragraph('/quote me')}`);
});

it('asks a table its size and header row, sets any heading level from the toolbar, and adds a footnote', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  await page.keyboard.type('/table');
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New table' });
  await form.getByLabel('Columns').fill('3');
  await form.getByLabel('Rows').fill('1');
  await app.snap('inserter-table');
  await form.getByRole('button', { name: 'Create table' }).click();
  await page.keyboard.type('Name');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Deep');
  await page.getByLabel('Text style').selectOption('Heading 5');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/footnote');
  await page.keyboard.press('Enter');
  const content = await savedStrictly(id);
  expect(content).toMatch(/<sup data-fn="[^"]+" class="fn"><a href="#[^"]+" id="[^"]+-link">1<\/a><\/sup>/);
  expect(content).toContain('<!-- wp:footnotes /-->');
  expect(content).toContain('<table class="has-fixed-layout"><thead><tr><th>Name</th><th></th><th></th></tr></thead><tbody><tr><td></td><td></td><td></td></tr></tbody></table>');
  expect(content).toContain('<!-- wp:heading {"level":5} -->\n<h5 class="wp-block-heading">Deep</h5>');
});

it('makes a gallery of several images, a cover (its overlay the image’s average colour) and media & text from images picked in the library from their placeholders', async () => {
  const upload = async (name: string) => (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([PNG], { type: 'image/png' }), headers: { 'content-disposition': `attachment; filename="${name}"` } })).body;
  const tile = await upload('tile.png');
  const stone = await upload('stone.png');
  const id = await onEmptyLine();
  const { page } = app;
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  const pick = (name: string) => picker.getByRole('list', { name: 'Media items' }).getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.keyboard.type('gallery');
  await page.keyboard.press('Enter');
  // Put in empty: its placeholder opens the library.
  const fromLibrary = (name: string) => page.getByRole('group', { name }).getByRole('button', { name: 'Media Library' }).click();
  await fromLibrary('Gallery');
  await pick('tile');
  // The picker stays open for the gallery's further images, until the writer is done.
  await picker.getByRole('button', { name: 'Done' }).waitFor();
  await pick('stone');
  await picker.getByRole('button', { name: 'Done' }).click();
  await picker.waitFor({ state: 'detached' });
  for (const name of ['Cover', 'Media & text']) {
    await page.keyboard.press('Control+End');
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await fromLibrary(name);
    await pick('tile');
    await picker.waitFor({ state: 'detached' });
    // A cover comes at once, over white, then takes its image's average colour (its overlay's): red, so no longer light.
    await page.getByRole('textbox', { name: 'Content' }).locator(name === 'Cover' ? '.wp-block-cover:not(.is-light)' : '.wp-block-media-text').waitFor();
  }
  await app.snap('inserter-media-blocks');
  const content = await savedStrictly(id);
  const gallery = /<!-- wp:gallery \{"linkTo":"none"\} -->[\s\S]*?<!-- \/wp:gallery -->/.exec(content)?.[0] ?? '';
  expect([...gallery.matchAll(/wp-image-(\d+)/g)].map((match) => Number(match[1]))).toEqual([tile.id, stone.id]);
  // The image at the size the block editor picks: the full image, as the tile has no large size.
  expect(content).toContain(`class="wp-block-cover__image-background wp-image-${tile.id} size-full"`);
  // The overlay is the image's average colour (a red pixel, half transparent, averages to red), which judges the cover dark, as the block editor does.
  expect(content).toContain(`<!-- wp:cover {"url":"${tile.source_url}","id":${tile.id},"dimRatio":50,"customOverlayColor":"#ff0000","isUserOverlayColor":false,"sizeSlug":"full"} -->\n<div class="wp-block-cover"><img`);
  expect(content).toContain('<span aria-hidden="true" class="wp-block-cover__background has-background-dim" style="background-color:#ff0000"></span>');
  // As the block editor's attributesFromMedia sets it: the item's attachment page, an image linked to nothing.
  expect(content).toContain(`<!-- wp:media-text {"mediaId":${tile.id},"mediaLink":"${tile.link}","linkDestination":"none","mediaType":"image"} -->`);
});

/** The top-level block holding the selection (or selected whole): its index, its node's name, whether it is the empty line the post ends with. */
const selectionHolder = () => app.page.getByRole('textbox', { name: 'Content' }).evaluate((element) => {
  interface Node { nodeSize: number; type: { name: string }; content: { size: number } }
  const { doc, selection } = (element as HTMLElement & { editor: { state: { doc: Node & { childCount: number; child(index: number): Node }; selection: { from: number; to: number; node?: Node } } } }).editor.state;
  let start = 0;
  for (let index = 0; index < doc.childCount; index += 1) {
    const block = doc.child(index);
    const whole = selection.node === block && selection.from === start;
    if (whole || (selection.from > start && selection.to < start + block.nodeSize)) {
      return { index, whole, node: block.type.name, endingLine: index === doc.childCount - 1 && block.type.name === 'paragraph' && block.content.size === 0 };
    }
    start += block.nodeSize;
  }
  return null;
});

/** The number of top-level blocks, the empty line the document ends with among them. */
const topLevelCount = () => app.page.getByRole('textbox', { name: 'Content' }).evaluate((element) => (element as HTMLElement & { editor: { state: { doc: { childCount: number } } } }).editor.state.doc.childCount);

it('selects every block it makes, or puts the caret in it, its own toolbar shown ("+" and "/" alike)', async () => {
  await onEmptyLine();
  const { page } = app;
  const toolbarTitle = page.getByRole('toolbar', { name: 'Block' }).locator('.block-toolbar-title');
  const missed: string[] = [];
  for (const [index, [title, kind]] of INSERTER_CHOICES.entries()) {
    // At the end of the post, on its last empty line, which the block takes.
    await page.getByRole('textbox', { name: 'Content' }).focus();
    await page.keyboard.press('Control+End');
    const at = (await topLevelCount()) - 1;
    // Every other block by "/", the others by "+": the block named exactly so chosen with the arrows.
    if (index % 2 === 0) {
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.keyboard.type(title);
    } else await page.keyboard.type(`/${title}`);
    await expect.poll(() => optionNames(page), { message: `${title} is offered` }).toContain(title);
    const place = (await optionNames(page)).indexOf(title);
    for (let step = 0; step < place; step += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    if (kind === 'sized') await page.getByRole('form', { name: 'New table' }).getByRole('button', { name: 'Create table' }).click();
    if (kind === 'address') {
      await page.getByLabel('Address of the video, audio or post to embed').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      await page.getByRole('form', { name: 'New embed' }).getByRole('button', { name: 'Embed' }).click();
    }
    await expect.poll(topLevelCount, { message: `${title} is made` }).toBeGreaterThan(at);
    // Made at the end of the post: the selection is on or in the block made on the line (a footnote's, in its note at the post's end), not on an empty line after it.
    const holder = await selectionHolder();
    const shown = await toolbarTitle.textContent();
    const made = holder !== null && (holder.index === at || (holder.index > at && !holder.endingLine));
    // A block selected whole shows its own toolbar, named for it (a text block holding the caret names the toolbar of one holding text).
    const own = made && (!holder.whole || (shown !== null && !['Paragraph', 'This block has no settings here.'].includes(shown)));
    if (!own) missed.push(`${title}: ${holder === null ? 'no selection' : `${holder.whole ? 'selected' : 'caret in'} ${holder.node}${holder.endingLine ? ', the empty line after it' : ''}`}, toolbar "${shown ?? ''}"`);
    if (title === 'Cover') await app.snap('inserter-cover-selected');
  }
  expect(missed).toEqual([]);
}, 300_000);

it('makes a cover of a palette colour picked by keyboard in its placeholder, the title typed in it', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  await page.keyboard.type('/cover');
  await expect.poll(() => optionNames(page)).toContain('Cover');
  await page.keyboard.press('Enter');
  const cover = page.getByRole('textbox', { name: 'Content' }).getByRole('group', { name: 'Cover', exact: true });
  const swatches = cover.getByRole('group', { name: 'Overlay colour' }).getByRole('button');
  // The site's palette (WordPress's default one here), each colour named.
  expect(await swatches.evaluateAll((all) => all.map((swatch) => swatch.getAttribute('aria-label')))).toContain('Colour: Vivid purple');
  await app.snap('cover-placeholder-colours');
  // Tab from the selected cover goes into its placeholder, then on to its colours.
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('Upload');
  for (let press = 0; press < 20 && (await focused()) !== 'Colour: Vivid purple'; press += 1) await page.keyboard.press('Tab');
  expect(await focused()).toBe('Colour: Vivid purple');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Spring sale');
  await page.getByRole('textbox', { name: 'Content' }).locator('.wp-block-cover').getByText('Spring sale').waitFor();
  // Its media bar adds media to it, not "Replace": it shows none yet.
  await page.getByRole('group', { name: 'The block\'s image' }).getByRole('button', { name: 'Add media…' }).waitFor();
  await app.snap('cover-of-a-colour');
  const content = await savedStrictly(id);
  expect(content).toContain('<!-- wp:cover {"overlayColor":"vivid-purple","isUserOverlayColor":true} -->\n<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-vivid-purple-background-color has-background-dim-100 has-background-dim"></span><div class="wp-block-cover__inner-container"><!-- wp:paragraph {"placeholder":"Write title…","fontSize":"large","style":{"typography":{"textAlign":"center"}}} -->\n<p class="has-text-align-center has-large-font-size">Spring sale</p>');
});

it('keeps the formatting toolbar in view at the end of a long post, on a wide and a narrow window', async () => {
  const long = Array.from({ length: 80 }, (_, index) => paragraph(`Line ${index + 1} of a long post.`)).join('\n\n');
  const { page } = app;
  for (const width of [1400, 720]) {
    await page.setViewportSize({ width, height: 900 });
    await app.openPost({ title: 'Long', content: long });
    await page.getByRole('textbox', { name: 'Content' }).getByText('Line 80 of a long post.').click();
    await page.keyboard.press('Control+End');
    const toolbar = await page.getByRole('toolbar', { name: 'Formatting' }).boundingBox();
    const bar = await page.locator('.editor-bar').boundingBox();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Just under the editor's own bar (however tall it wraps), not under it nor scrolled away.
    expect(toolbar && bar && Math.abs(toolbar.y - (bar.y + bar.height)) <= 2).toBe(true);
    // The window, as scrolled: the toolbar in view above the post's end.
    await app.snap(`toolbar-sticky-${width}`, { window: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
});
