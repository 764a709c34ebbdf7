// The newer static blocks in Chromium, as a writer makes them from the "/" inserter (issue 29):
// a math formula typed as LaTeX (an error said in words, then mended), an accordion whose first
// question is typed and set open by default with a second added, tabs whose labels and panels are
// typed, an icon rotated. The post saved is strictly valid for the block editor.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';

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
