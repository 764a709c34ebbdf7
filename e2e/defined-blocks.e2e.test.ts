// The newer static blocks in Chromium, as a writer makes them from the "/" inserter (issue 29):
// a math formula typed as LaTeX (an error said in words, then mended), an accordion whose first
// question is typed and set open by default with a second added, tabs whose labels and panels are
// typed, an icon rotated; tabs reordered from the keyboard, an accordion's settings set, and the
// icon as the site's page shows it. The post saved is strictly valid for the block editor.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';

const app = appForFile({ blockEditor: true });

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

/** The block named `name` made from "/" in the empty paragraph the editor keeps at the end of the post. */
async function insert(name: string): Promise<void> {
  const { page } = app;
  await page.getByRole('textbox', { name: 'Content' }).locator(':scope > p').last().click();
  await page.keyboard.type(`/${name.toLowerCase()}`);
  await page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { name }).first().waitFor();
  await page.keyboard.press('Enter');
}

it('makes math, an accordion, tabs and an icon from "/", each edited in place, and saves them as the block editor does', async () => {
  const { id } = await app.openPost({ title: 'Newer blocks', content: paragraph('Start.') });
  const { page } = app;
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.getByText('Start.').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');

  await insert('Math');
  const latex = page.getByRole('textbox', { name: 'LaTeX math syntax' });
  await latex.click();
  await page.keyboard.type('\\frac{a');
  await page.getByRole('alert').filter({ hasText: 'This LaTeX has an error' }).waitFor();
  await page.keyboard.type('}{b} + x^2');
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'LaTeX' }).count()).toBe(0);
  await expect.poll(() => content.locator('.math-block-preview math mfrac').count()).toBe(1);

  await insert('Accordion');
  // The caret stands in the new item's heading.
  await page.keyboard.type('What is it?');
  await content.locator('.block-container[data-block-name="accordion-panel"] p').first().click();
  await page.keyboard.type('A block that folds.');
  await content.getByRole('button', { name: 'Open by default' }).first().click();
  await content.getByRole('button', { name: 'Add item' }).click();
  await content.locator('.rich-block-accordion-heading .rich-part').nth(1).click();
  await page.keyboard.type('And then?');

  await insert('Tabs');
  await page.keyboard.type('First tab');
  await content.locator('.rich-block-tab-list .rich-part').nth(1).click();
  await page.keyboard.type('Second tab');
  await content.locator('.block-container[data-block-name="tab-panel"] p').first().click();
  await page.keyboard.type('Inside the first tab.');

  await insert('Icon');
  await expect.poll(() => content.locator('.icon-block-preview svg').count()).toBe(1);
  await content.locator('.icon-block').getByRole('button', { name: 'Rotate' }).click();

  // From the top, so the sticky toolbar covers none of the blocks.
  await page.evaluate(() => window.scrollTo(0, 0));
  await app.snap('defined-blocks');
  const saved = await app.savedValidBlocks(id);
  expect(saved).toContain('<!-- wp:math {"latex":"\\u005cfrac{a}{b} + x^2"} -->\n<div class="wp-block-math"><math display="block"><semantics><mrow><mfrac>');
  expect(saved).toContain('<!-- wp:accordion-item {"openByDefault":true} -->\n<div class="wp-block-accordion-item is-open">');
  expect(saved).toContain('<span class="wp-block-accordion-heading__toggle-title">What is it?</span>');
  expect(saved).toContain('<!-- wp:accordion-heading {"level":3} -->');
  expect(saved).toContain('<span class="wp-block-accordion-heading__toggle-title">And then?</span>');
  expect(saved).toContain('<p>A block that folds.</p>');
  expect(saved).toContain('<div role="tablist" class="wp-block-tab-list"><button type="button" role="tab">First tab</button><button type="button" role="tab">Second tab</button></div>');
  expect(saved).toContain('<!-- wp:tab-panel {"label":"First tab"} -->\n<section role="tabpanel" tabindex="0" class="wp-block-tab-panel"><!-- wp:paragraph -->\n<p>Inside the first tab.</p>');
  expect(saved).toContain('<!-- wp:icon {"icon":"core/info","rotation":90} /-->');
});

it("reorders tabs from the keyboard, sets an accordion's settings, and shows an icon on the site's page as the block editor's render does", async () => {
  const wp = blockEditor();
  const words = (text: string) => wp.createBlock('core/paragraph', { content: text });
  const tabs = (labels: string[]) => wp.createBlock('core/tabs', {}, [
    wp.createBlock('core/tab-list', { tabs: labels.map((label) => ({ label })) }),
    wp.createBlock('core/tab-panels', {}, labels.map((label) => wp.createBlock('core/tab-panel', { label }, [words(`Inside ${label}.`)]))),
  ]);
  const accordion = (attributes: Record<string, unknown>, heading: Record<string, unknown>, level?: number) => wp.createBlock('core/accordion', attributes, [
    wp.createBlock('core/accordion-item', {}, [wp.createBlock('core/accordion-heading', { title: 'What is it?', ...heading, ...(level ? { level } : {}) }), wp.createBlock('core/accordion-panel', {}, [words('A block that folds.')])]),
    wp.createBlock('core/accordion-item', {}, [wp.createBlock('core/accordion-heading', { title: 'And then?', ...heading, ...(level ? { level } : {}) }), wp.createBlock('core/accordion-panel', {}, [words('It opens.')])]),
  ]);
  const icon = '<!-- wp:icon {"icon":"core/info","rotation":90} /-->\n\n<!-- wp:icon {"icon":"core/no-such-icon"} /-->';
  const post = `${wp.serialize([tabs(['Tea', 'Coffee', 'Water']), accordion({}, {})])}\n\n${icon}`;
  const { id } = await app.openPost({ title: 'Tabs, accordion, icon', content: post });
  const { page } = app;
  const content = page.getByRole('textbox', { name: 'Content' });

  // The first tab moved right from the keyboard: reached with Tab from the button before it, pressed with Enter.
  await content.getByRole('button', { name: 'Add tab' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move tab 1 right');
  await page.keyboard.press('Enter');
  await expect.poll(() => content.locator('.rich-block-tab-list .rich-part').allTextContents()).toEqual(['Coffee', 'Tea', 'Water']);
  await content.getByRole('button', { name: 'Move tab 3 left' }).click();
  await expect.poll(() => content.locator('.rich-block-tab-list .rich-part').allTextContents()).toEqual(['Coffee', 'Water', 'Tea']);

  const settings = content.getByRole('group', { name: 'Accordion settings' });
  await settings.getByLabel('Heading level').selectOption('H2');
  await settings.getByLabel('Auto-close').check();
  await settings.getByLabel('Icon position').selectOption('Left');
  await expect.poll(() => content.locator('.rich-block-accordion-heading').count()).toBe(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await app.snap('tabs-accordion-settings');

  const saved = await app.savedValidBlocks(id);
  expect(saved).toContain(wp.serialize(tabs(['Coffee', 'Water', 'Tea'])));
  expect(saved).toContain(wp.serialize(accordion({ autoclose: true, headingLevel: 2, iconPosition: 'left' }, { iconPosition: 'left' }, 2)));

  // Published, the site's page draws the icon turned, and says the unknown one in words.
  const published = await app.api.post<{ link: string }>(`cms/v2/posts/${id}`, { status: 'publish' });
  const reading = await (await fetch(published.link)).text();
  expect(reading).toMatch(/<div class="wp-block-icon"><svg [^>]*aria-hidden="true" focusable="false" style="fill: none; rotate: 90deg;">/);
  expect(reading).toContain('<span class="wp-block-icon__unknown">no such icon</span>');
  await page.goto(published.link);
  await app.snap('icon-block-site-page');
});
