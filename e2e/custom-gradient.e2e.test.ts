// A custom gradient made in the block's toolbar, as a writer makes one in the block editor's
// gradient picker (issue 29): an angle, a stop's colour, a stop added, the type turned radial and
// back; the group shows it as it is made, and it is saved as the block editor saves a custom
// gradient (validateBlock on every block).
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';

const app = appForFile({ blockEditor: true });

interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: unknown[]): unknown;
  serialize(blocks: unknown[]): string;
}

it("makes a group's custom gradient in its toolbar's gradient picker, shows it, and saves it as the block editor saves it", async () => {
  const wp = blockEditor() as unknown as Wp;
  const group = (attributes: Record<string, unknown>) => wp.createBlock('core/group', { layout: { type: 'constrained' }, ...attributes }, [wp.createBlock('core/paragraph', { content: 'Grouped words.' })]);
  const { id } = await app.openPost({ title: 'Custom gradient', content: wp.serialize([group({})]) });
  const { page } = app;
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  await page.getByRole('textbox', { name: 'Content' }).getByText('Grouped words.').click();
  const colours = toolbar.locator('summary', { hasText: 'Group colours' });
  if (!(await colours.isVisible())) await toolbar.getByRole('button', { name: 'Options' }).click();
  await colours.click();
  // The group's own menu (the paragraph in it has one too).
  await toolbar.locator('details.colour-menu', { has: page.locator('summary', { hasText: 'Group colours' }) }).getByRole('button', { name: 'Custom gradient' }).click();
  const picker = toolbar.getByRole('group', { name: 'Group background: custom gradient' });
  // From the picker's default gradient: its angle, its first stop's colour, a stop added between, coloured.
  await picker.getByLabel('Angle').fill('45');
  await picker.getByLabel('Colour stop 1 colour').fill('#123456');
  await picker.getByRole('button', { name: 'Add colour stop' }).click();
  await expect.poll(() => picker.getByRole('group', { name: /^Colour stop/ }).count()).toBe(3);
  await picker.getByLabel('Colour stop 2 colour').fill('#ff0000');
  // Radial and back: the angle comes back with it.
  await picker.getByLabel('Type').selectOption({ label: 'Radial' });
  await expect.poll(() => picker.getByLabel('Angle').count()).toBe(0);
  await picker.getByLabel('Type').selectOption({ label: 'Linear' });
  await expect.poll(() => picker.getByLabel('Angle').inputValue()).toBe('45');
  const gradient = 'linear-gradient(45deg,rgb(18,52,86) 0%,rgb(255,0,0) 50%,rgb(155,81,224) 100%)';
  // The group shows it as the site will, and the background's choice reads "Custom".
  const shown = page.locator('.ProseMirror [data-block-name="group"]');
  await expect.poll(() => shown.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe('linear-gradient(45deg, rgb(18, 52, 86) 0%, rgb(255, 0, 0) 50%, rgb(155, 81, 224) 100%)');
  expect(await toolbar.getByLabel('Group background', { exact: true }).locator('option:checked').textContent()).toBe('Custom');
  await app.snap('custom-gradient-picker');
  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toBe(wp.serialize([group({ style: { color: { gradient } } })]));
});
