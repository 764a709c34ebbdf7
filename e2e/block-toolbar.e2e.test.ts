// The block's own toolbar, the link field at the selection and the in-between inserter in
// Chromium, as a writer uses them (issue 29): what they set is saved as the block editor saves
// it (validateBlock on every block), the toolbars stay in view down a long post, the link field
// opens next to the words selected, and a block lands exactly between the blocks chosen.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';

const app = appForFile({ blockEditor: true });

const block = (name: string, inner: string, attrs = '') => `<!-- wp:${name}${attrs ? ` ${attrs}` : ''} -->\n${inner}\n<!-- /wp:${name} -->`;
const paragraph = (html: string) => block('paragraph', `<p>${html}</p>`);
const content = () => app.page.getByRole('textbox', { name: 'Content' });

/** The saved content, strictly valid for the block editor. */
async function savedStrictly(id: number): Promise<string> {
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  return saved;
}

const isFocusedText = () => app.page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Content');

const column = (inner: string) => block('column', `<div class="wp-block-column">${inner}</div>`);

it("sets a heading's level, text alignment, a list's numbering, a quote's citation, how many columns, a group's alignment and a details block open, from the block's toolbar kept in view", async () => {
  const filler = Array.from({ length: 30 }, (_, index) => paragraph(`Filler line ${index + 1}.`)).join('\n\n');
  const post = [
    paragraph('Centre these words.'),
    block('heading', '<h2 class="wp-block-heading">A heading</h2>'),
    filler,
    block('group', `<div class="wp-block-group">${paragraph('Grouped words.')}</div>`, '{"layout":{"type":"constrained"}}'),
    block('details', `<details class="wp-block-details"><summary>Ask</summary>${paragraph('The answer.')}</details>`),
    block('list', `<ul class="wp-block-list">${block('list-item', '<li>An item</li>')}</ul>`),
    block('quote', `<blockquote class="wp-block-quote">${paragraph('Quoted words.')}</blockquote>`),
    block('columns', `<div class="wp-block-columns">${column(paragraph('Left column.'))}\n\n${column(paragraph('Right column.'))}</div>`),
  ].join('\n\n');
  const { id } = await app.openPost({ title: 'Block toolbar', content: post });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  await content().getByText('Centre these words.').click();
  await toolbar.getByRole('button', { name: 'Align text centre' }).click();
  await expect.poll(() => toolbar.getByRole('button', { name: 'Align text centre' }).getAttribute('aria-pressed')).toBe('true');
  // The caret stays in the words: typing goes on there.
  await page.keyboard.press('End');
  await page.keyboard.type(' More.');
  await content().getByText('A heading').click();
  await toolbar.getByRole('button', { name: 'Heading 4' }).click();
  await toolbar.getByRole('button', { name: 'Align text right' }).click();
  // Down the post, the block's toolbar is still just under the formatting toolbar.
  await content().getByText('Grouped words.').click();
  await toolbar.getByLabel('Align group').selectOption('Wide');
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const formatting = await page.getByRole('toolbar', { name: 'Formatting' }).boundingBox();
  const own = await toolbar.boundingBox();
  expect(formatting && own && Math.abs(own.y - (formatting.y + formatting.height)) <= 2).toBe(true);
  await content().getByText('The answer.').click();
  await toolbar.getByLabel('Open by default').check();
  await content().getByText('An item').click();
  await toolbar.getByRole('button', { name: 'Numbered' }).click();
  await content().getByText('Quoted words.').click();
  await toolbar.getByLabel('Citation').fill('A & B');
  await content().getByText('Right column.').click();
  await toolbar.getByLabel('Number of columns').fill('3');
  await expect.poll(() => content().locator('[data-block-name="column"]').count()).toBe(3);
  await app.snap('block-toolbar');
  // On a narrow window its settings wrap within the window.
  await page.setViewportSize({ width: 720, height: 900 });
  const narrow = await toolbar.boundingBox();
  expect(narrow && narrow.x >= 0 && narrow.x + narrow.width <= 720).toBe(true);
  await app.snap('block-toolbar-720');
  await page.setViewportSize({ width: 1400, height: 900 });
  const saved = await savedStrictly(id);
  expect(saved).toContain(block('paragraph', '<p class="has-text-align-center">Centre these words. More.</p>', '{"style":{"typography":{"textAlign":"center"}}}'));
  expect(saved).toContain(block('heading', '<h4 class="wp-block-heading has-text-align-right">A heading</h4>', '{"level":4,"style":{"typography":{"textAlign":"right"}}}'));
  expect(saved).toContain('<!-- wp:group {"align":"wide","layout":{"type":"constrained"}} -->\n<div class="wp-block-group alignwide">');
  expect(saved).toContain('<!-- wp:details {"showContent":true} -->\n<details class="wp-block-details" open><summary>Ask</summary>');
  expect(saved).toContain('<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list">');
  expect(saved.match(/<!-- wp:column -->/g)).toHaveLength(3);
  expect(saved).toContain('<cite>A &amp; B</cite></blockquote>');
});

it('opens the link field next to the selected words far down a post: Enter applies, Escape returns to the text', async () => {
  const post = Array.from({ length: 40 }, (_, index) => paragraph(index === 29 ? 'Link these words here.' : `Line ${index + 1} of a long post.`)).join('\n\n');
  const { id } = await app.openPost({ title: 'Links', content: post });
  const { page } = app;
  const words = content().getByText('Link these words here.');
  await words.click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+Control+ArrowRight');
  await page.keyboard.press('Control+k');
  const field = page.getByRole('form', { name: 'Link address' });
  await field.waitFor();
  const line = await words.boundingBox();
  const box = await field.boundingBox();
  // Just under the selected line, from its start: not at the top of the post.
  expect(line && box && box.y >= line.y + line.height - 2 && box.y <= line.y + line.height + 24).toBe(true);
  expect(line && box && Math.abs(box.x - line.x) <= 24).toBe(true);
  await app.snap('link-at-selection');
  // Escape closes it and gives the words the keyboard again.
  await page.keyboard.press('Escape');
  await field.waitFor({ state: 'detached' });
  expect(await isFocusedText()).toBe(true);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('example.com/linked');
  await page.keyboard.press('Enter');
  await field.waitFor({ state: 'detached' });
  expect(await isFocusedText()).toBe(true);
  await page.keyboard.type(' typed after');
  const saved = await savedStrictly(id);
  expect(saved).toContain('<p><a href="https://example.com/linked">Link</a> typed after these words here.</p>');
});

it('puts a block exactly between two blocks of text: from the in-between "+", and from "+" on a new line in the middle', async () => {
  const { id } = await app.openPost({ title: 'Between', content: [paragraph('First words.'), paragraph('Second words.'), paragraph('Third words.')].join('\n\n') });
  const { page } = app;
  const first = await content().getByText('First words.').boundingBox();
  const second = await content().getByText('Second words.').boundingBox();
  if (!first || !second) throw new Error('The paragraphs are not shown.');
  // The pointer on the boundary between the first two paragraphs shows the "+" there.
  await page.mouse.move(first.x + 40, (first.y + first.height + second.y) / 2);
  const between = page.getByRole('button', { name: 'Add block here' });
  await between.waitFor();
  await app.snap('inserter-between');
  await between.click();
  const search = page.getByRole('combobox', { name: 'Search blocks' });
  await search.waitFor();
  await page.keyboard.type('heading 2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Between one and two');
  // Closed without a block chosen, the line it opened goes again.
  const third = await content().getByText('Third words.').boundingBox();
  const secondNow = await content().getByText('Second words.').boundingBox();
  if (!third || !secondNow) throw new Error('The paragraphs are not shown.');
  await page.mouse.move(secondNow.x + 40, (secondNow.y + secondNow.height + third.y) / 2);
  await between.click();
  await search.waitFor();
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });
  // The caret at the end of the middle paragraph: Enter, then "+" beside the new line.
  await content().getByText('Second words.').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
  await page.keyboard.type('pullquote');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pulled words');
  const saved = await savedStrictly(id);
  const order = [...saved.matchAll(/<!-- wp:(\w+)/g)].map((match) => match[1]);
  expect(order).toEqual(['paragraph', 'heading', 'paragraph', 'pullquote', 'paragraph']);
  expect(saved).toContain('<blockquote><p>Pulled words</p></blockquote>');
  expect(saved).toContain('<h2 class="wp-block-heading">Between one and two</h2>');
});

it('opens a line before or after a block from the keyboard (Ctrl+Alt+T, Ctrl+Alt+Y, and the block toolbar reached with Alt+F10), where "/" makes the block', async () => {
  const post = [paragraph('First words.'), paragraph('Second words.'), block('columns', `<div class="wp-block-columns">${column(paragraph('Left column.'))}\n\n${column(paragraph('Right column.'))}</div>`)].join('\n\n');
  const { id } = await app.openPost({ title: 'Insert beside', content: post });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  // Before a paragraph: an empty line, the caret in it, the inserter's "+" beside it; "/" picks the block.
  await content().getByText('Second words.').click();
  await page.keyboard.press('Control+Alt+t');
  await page.getByRole('button', { name: 'Add block', exact: true }).waitFor();
  await page.keyboard.type('/heading 2');
  await page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { name: 'Heading 2' }).waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Before the second');
  // After the heading just made.
  await page.keyboard.press('Control+Alt+y');
  await page.keyboard.type('Typed after the heading.');
  // In a column, the line opens in the column.
  await content().getByText('Left column.').click();
  await page.keyboard.press('Control+Alt+y');
  await page.keyboard.type('More on the left.');
  // The block toolbar from the keyboard: Alt+F10, Tab to "Insert after", Enter; the caret is back in the text.
  await content().getByText('First words.').click();
  await page.keyboard.press('Alt+F10');
  const insertAfter = toolbar.getByRole('button', { name: 'Insert after' });
  for (let tabs = 0; tabs < 12 && !(await insertAfter.evaluate((button) => button === document.activeElement)); tabs += 1) await page.keyboard.press('Tab');
  expect(await insertAfter.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await insertAfter.getAttribute('aria-keyshortcuts')).toBe('Control+Alt+Y');
  await app.snap('insert-beside-toolbar');
  await page.keyboard.press('Enter');
  expect(await isFocusedText()).toBe(true);
  await page.keyboard.type('Between first and heading.');
  await app.snap('insert-beside');
  const saved = await savedStrictly(id);
  const order = [...saved.matchAll(/<!-- wp:(\w+)/g)].map((match) => match[1]);
  expect(order).toEqual(['paragraph', 'paragraph', 'heading', 'paragraph', 'paragraph', 'columns', 'column', 'paragraph', 'paragraph', 'column', 'paragraph']);
  expect(saved).toContain(`${paragraph('First words.')}\n\n${paragraph('Between first and heading.')}\n\n${block('heading', '<h2 class="wp-block-heading">Before the second</h2>')}\n\n${paragraph('Typed after the heading.')}\n\n${paragraph('Second words.')}`);
  expect(saved).toContain(`<div class="wp-block-column">${paragraph('Left column.')}\n\n${paragraph('More on the left.')}</div>`);
});

it("shows named colours, gradients, font sizes and a cover's overlay as the site does, and sets a paragraph's colours from the palette", async () => {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 120, b: 40 } } }).png().toBuffer();
  const photo = (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(bytes)], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="field.png"' } })).body;
  const wp = blockEditor();
  const words = (content: string, attributes: Record<string, unknown> = {}) => wp.createBlock('core/paragraph', { content, ...attributes });
  const post = wp.serialize([
    words('Colour these words.'),
    words('A gradient in large letters.', { gradient: 'luminous-dusk', fontSize: 'large' }),
    wp.createBlock('core/cover', { url: photo.source_url, id: photo.id, dimRatio: 60, overlayColor: 'vivid-red' }, [words('Words on a red veil.')]),
    wp.createBlock('core/cover', { dimRatio: 30, customOverlayColor: '#0693e3' }, [words('Words on a light blue cover.')]),
  ]);
  const { id } = await app.openPost({ title: 'Colours', content: post });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  await content().getByText('Colour these words.').click();
  // The palette is offered by name, in the paragraph's colours menu, which closes as the writer goes back to the text.
  const colours = toolbar.locator('summary', { hasText: 'Paragraph colours' });
  await colours.click();
  const textColour = toolbar.getByLabel('Text colour', { exact: true });
  expect(await textColour.locator('option').allTextContents()).toEqual(expect.arrayContaining(['No text colour', 'Black', 'Vivid red', 'Vivid purple', 'White']));
  await textColour.selectOption({ label: 'White' });
  await textColour.waitFor({ state: 'hidden' });
  await colours.click();
  await toolbar.getByLabel('Background', { exact: true }).selectOption({ label: 'Vivid purple' });
  const shown = (text: string) => content().getByText(text).evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor, image: style.backgroundImage, size: style.fontSize };
  });
  expect(await shown('Colour these words.')).toMatchObject({ color: 'rgb(255, 255, 255)', background: 'rgb(155, 81, 224)' });
  const gradient = await shown('A gradient in large letters.');
  expect(gradient.image).toContain('linear-gradient');
  expect(gradient.size).toBe('36px');
  /** A cover's overlay: its colour and opacity, as drawn over its image. */
  const overlay = (text: string) => content().locator('[data-block-name="cover"]', { hasText: text }).evaluate((cover) => {
    const veil = getComputedStyle(cover, '::after');
    return { colour: veil.backgroundColor, opacity: veil.opacity, text: getComputedStyle(cover).color };
  });
  expect(await overlay('Words on a red veil.')).toEqual({ colour: 'rgb(207, 46, 46)', opacity: '0.6', text: 'rgb(255, 255, 255)' });
  expect(await overlay('Words on a light blue cover.')).toMatchObject({ colour: 'rgb(6, 147, 227)', opacity: '0.3' });
  await content().getByText('Colour these words.').click();
  await app.snap('palette-and-cover');
  // Strictly valid (validateBlock). Not compared with the block editor's resave: the untouched
  // cover with a custom overlay colour is kept as written, where the block editor's own resave
  // adds `isUserOverlayColor` to it.
  const saved = (await app.savedPost(id)).content.raw ?? '';
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toContain('<!-- wp:paragraph {"backgroundColor":"vivid-purple","textColor":"white"} -->\n<p class="has-white-color has-vivid-purple-background-color has-text-color has-background">Colour these words.</p>');
});

it('reaches "Add block" after a block with Tab and the block toolbar with Shift+Tab, and inserts a block there without the mouse', async () => {
  const { id } = await app.openPost({ title: 'Tab to add', content: [paragraph('First words.'), paragraph('Second words.')].join('\n\n') });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  const add = page.getByRole('button', { name: 'Add block after this block' });
  const inToolbar = () => toolbar.evaluate((bar) => bar.contains(document.activeElement));
  await content().getByText('First words.').click();
  await page.keyboard.press('Tab');
  await add.waitFor();
  expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
  await app.snap('tab-add-block');
  // It stays while the page under the pointer changes (the screenshots' theme): only a move of the pointer or a key takes it away.
  expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
  // Shift+Tab back to the words; Tab again, and on to the block toolbar.
  await page.keyboard.press('Shift+Tab');
  expect(await isFocusedText()).toBe(true);
  await add.waitFor({ state: 'detached' });
  await page.keyboard.press('Tab');
  await add.waitFor();
  await page.keyboard.press('Tab');
  expect(await inToolbar()).toBe(true);
  // Shift+Tab from the words reaches the toolbar, as in the block editor; Escape back.
  await content().getByText('Second words.').click();
  await page.keyboard.press('Shift+Tab');
  expect(await inToolbar()).toBe(true);
  await page.keyboard.press('Escape');
  expect(await isFocusedText()).toBe(true);
  // Tab, Enter: the inserter opens on a new line after the first paragraph.
  await content().getByText('First words.').click();
  await page.keyboard.press('Tab');
  await add.waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Search blocks' }).waitFor();
  await page.keyboard.type('heading 2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Added from the keyboard');
  const saved = await savedStrictly(id);
  expect(saved).toContain(`${paragraph('First words.')}\n\n${block('heading', '<h2 class="wp-block-heading">Added from the keyboard</h2>')}\n\n${paragraph('Second words.')}`);
});

it("sets the colours of a group, a cover's overlay, a button and a pullquote, and a paragraph's font size, from the presets by name, shown as the site shows them", async () => {
  const wp = blockEditor();
  const words = (text: string) => wp.createBlock('core/paragraph', { content: text });
  const post = wp.serialize([
    wp.createBlock('core/group', { layout: { type: 'constrained' } }, [words('Grouped words.')]),
    wp.createBlock('core/cover', { dimRatio: 50 }, [words('Words on a cover.')]),
    wp.createBlock('core/buttons', {}, [wp.createBlock('core/button', { text: 'Press me' })]),
    wp.createBlock('core/pullquote', { value: 'Pulled words.' }),
    words('Sized words.'),
  ]);
  const { id } = await app.openPost({ title: 'Container colours', content: post });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  /** Opens a block's colours from the toolbar and picks a preset by its name. */
  const choose = async (words: string, title: string, label: string, name: string) => {
    await content().getByText(words).click();
    const menu = toolbar.locator('details', { hasText: `${title} colours` });
    if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator('summary').click();
    await menu.getByLabel(label, { exact: true }).selectOption({ label: name });
  };
  await choose('Grouped words.', 'Group', 'Group background', 'Pale ocean');
  await choose('Grouped words.', 'Group', 'Group text colour', 'Vivid purple');
  await app.snap('group-colours');
  await choose('Words on a cover.', 'Cover', 'Cover overlay', 'Vivid cyan blue');
  await choose('Press me', 'Button', 'Button background', 'Vivid red');
  await choose('Pulled words.', 'Pullquote', 'Pullquote background', 'Pale pink');
  await content().getByText('Sized words.').click();
  await toolbar.getByLabel('Font size').selectOption({ label: 'Large' });
  const look = (selector: string) => content().locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor, image: style.backgroundImage, size: style.fontSize, veil: getComputedStyle(element, '::after').backgroundColor };
  });
  const group = await look('[data-block-name="group"]');
  expect(group.image).toContain('linear-gradient');
  expect(group.color).toBe('rgb(155, 81, 224)');
  expect((await look('[data-block-name="cover"]')).veil).toBe('rgb(6, 147, 227)');
  expect((await look('.rich-block-button .rich-part')).background).toBe('rgb(207, 46, 46)');
  expect((await look('.rich-block-pullquote')).background).toBe('rgb(247, 141, 167)');
  expect((await look('p.has-large-font-size')).size).toBe('36px');
  await app.snap('container-colours');
  const saved = await savedStrictly(id);
  expect(saved).toBe(wp.serialize([
    wp.createBlock('core/group', { gradient: 'pale-ocean', textColor: 'vivid-purple', layout: { type: 'constrained' } }, [words('Grouped words.')]),
    // Vivid cyan blue half over the white page reads light, as the block editor judges it.
    wp.createBlock('core/cover', { dimRatio: 50, overlayColor: 'vivid-cyan-blue', isUserOverlayColor: true, isDark: false }, [words('Words on a cover.')]),
    wp.createBlock('core/buttons', {}, [wp.createBlock('core/button', { text: 'Press me', backgroundColor: 'vivid-red' })]),
    wp.createBlock('core/pullquote', { value: 'Pulled words.', backgroundColor: 'pale-pink' }),
    wp.createBlock('core/paragraph', { content: 'Sized words.', fontSize: 'large' }),
  ]));
});

it("shows a selected query loop's main settings in the block toolbar, and saves what is set there", async () => {
  const query = '{"queryId":1,"query":{"perPage":3,"pages":0,"offset":0,"postType":"post","order":"desc","orderBy":"date","author":"","search":"","exclude":[],"sticky":"","inherit":false}}';
  const post = [paragraph('Before the loop.'), block('query', '<div class="wp-block-query"><!-- wp:post-template -->\n<!-- wp:post-title /-->\n<!-- /wp:post-template --></div>', query)].join('\n\n');
  const { id } = await app.openPost({ title: 'Query toolbar', content: post });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  await content().getByText('Query loop: a preview of what the site shows here').click();
  await expect.poll(() => toolbar.locator('.block-toolbar-title').textContent()).toBe('Query loop');
  // Named apart from the block's own settings below it.
  expect(await toolbar.getByRole('group', { name: 'Query loop main settings' }).count()).toBe(1);
  await toolbar.getByLabel('Items per page').fill('5');
  await toolbar.getByLabel('Order').selectOption({ label: 'Oldest first' });
  await app.snap('query-loop-toolbar');
  const saved = await savedStrictly(id);
  expect(saved).toContain('"perPage":5');
  expect(saved).toContain('"order":"asc"');
});

it("keeps the block toolbar on one line in a narrow column: what does not fit is in the block's Options menu, and works there", async () => {
  const { id } = await app.openPost({ title: 'Narrow toolbar', content: [paragraph('Narrow words.'), paragraph('Other words.')].join('\n\n') });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  // The narrowest writing column: the settings and the document overview both open (opened in a wide window: below 1280 px
  // opening one closes the other), then the window made small.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('button', { name: 'Document overview' }).click();
  await page.setViewportSize({ width: 1000, height: 900 });
  const words = content().getByText('Narrow words.');
  await words.click();
  // The words' place under the block toolbar (the editor's own bar above may grow when the status line changes, which is not the toolbar's doing; a larger size moves them by their own margin).
  const underToolbar = async () => (await words.boundingBox())!.y - (await toolbar.boundingBox())!.y;
  const top = await underToolbar();
  await expect.poll(() => toolbar.getAttribute('data-folded')).not.toBeNull();
  await toolbar.getByRole('button', { name: 'Options' }).click();
  const more = toolbar.getByRole('group', { name: 'More block settings' });
  // The menu opens over the text: the words do not move.
  await more.waitFor();
  expect(await underToolbar()).toBe(top);
  await more.getByLabel('Font size').selectOption({ label: 'Large' });
  // A custom colour too, from the colour field beside the palette (on the line, or in the menu if it is folded there).
  const colours = toolbar.locator('summary', { hasText: 'Paragraph colours' });
  if (!(await colours.isVisible())) await toolbar.getByRole('button', { name: 'Options' }).click();
  await colours.click();
  await toolbar.getByLabel('Text colour: custom colour').fill('#123456');
  await app.snap('block-toolbar-folded');
  // Both are saved as the block editor saves them.
  expect(await words.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(18, 52, 86)');
  expect(await savedStrictly(id)).toContain('<!-- wp:paragraph {"fontSize":"large","style":{"color":{"text":"#123456"}}} -->\n<p class="has-text-color has-large-font-size" style="color:#123456">Narrow words.</p>');
  await page.getByRole('button', { name: 'Document overview' }).click();
  await page.setViewportSize({ width: 1400, height: 900 });
});
