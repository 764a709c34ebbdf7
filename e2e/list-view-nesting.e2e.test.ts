// The document overview moves blocks into and out of the blocks holding them (issue 29), in
// Chromium: a drag onto the lower half of a group's row puts a block inside it, a drag onto a
// last block's lower half with the pointer at the left takes it out after its parent, and
// Alt+Shift+Right / Left do the same from the keys; a button may stand only in buttons, so a
// drop or a key that would take it elsewhere is shown refused, says why, and changes nothing.
// What is saved is what the block editor saves (validateBlock on every block), the blocks not
// moved byte for byte. Then the edges (issue 29): a group's only block moved out leaves it empty,
// a drop on a block's lower half goes inside when it is empty or expanded and after it when
// collapsed, a list item is nested under another by a drop and by Alt+Shift+Right, a drag goes on
// over rows that refuse it, a collapsed group moved stays collapsed, and a drag held inside a
// collapsed group opens it.
// Screenshots of each drop shown, light and dark.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';

const app = appForFile({ blockEditor: true });

const block = (name: string, inner: string, attrs = '') => `<!-- wp:${name}${attrs ? ` ${attrs}` : ''} -->\n${inner}\n<!-- /wp:${name} -->`;
const paragraph = (html: string) => block('paragraph', `<p>${html}</p>`);
const group = (inner: string[]) => block('group', `<div class="wp-block-group">${inner.join('\n\n')}</div>`, '{"layout":{"type":"constrained"}}');
const buttons = block('buttons', `<div class="wp-block-buttons">${block('button', '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">Go</a></div>')}</div>`);

/** The document overview opened on the post: its rows (level and text, the shown ones), a row by name, its status line, and a drag between rows. */
async function overview() {
  const { page } = app;
  await page.getByRole('button', { name: 'Document overview' }).click();
  const panel = page.getByRole('complementary', { name: 'Document overview' });
  const tree = panel.getByRole('tree', { name: 'Blocks' });
  const row = (name: RegExp) => tree.getByRole('treeitem', { name });
  const rows = () => tree.getByRole('treeitem').evaluateAll((items) => items.filter((item) => !(item as HTMLElement).hidden).map((item) => `${item.getAttribute('aria-level')} ${item.textContent}`));
  const status = panel.getByRole('status');
  /**
   * Drags the row `from` over the row `to`, at `x` from its left and the fraction `y` of its height,
   * waits for `held` while the drag stays there (then moves a pixel, as a hand does), shows the drop
   * (a screenshot), and drops.
   */
  const drag = async (from: RegExp, to: RegExp, x: number, y: number, shot: string, held?: () => Promise<void>) => {
    const source = (await row(from).boundingBox())!;
    await page.mouse.move(source.x + 40, source.y + source.height / 2);
    await page.mouse.down();
    const target = (await row(to).boundingBox())!;
    await page.mouse.move(target.x + x, target.y + target.height * y, { steps: 8 });
    await expect.poll(() => row(to).getAttribute('data-drop')).not.toBeNull();
    if (held) {
      await held();
      await page.mouse.move(target.x + x + 1, target.y + target.height * y);
    }
    const shown = await row(to).getAttribute('data-drop');
    await app.snap(shot);
    await page.mouse.up();
    return shown;
  };
  /** The drops the rows showed since the last call (each change of a row's `data-drop`), in order. */
  const dropsShown = async () => {
    const seen = await tree.evaluate((element) => {
      const held = element as HTMLElement & { dropsSeen?: string[]; dropsWatch?: MutationObserver };
      held.dropsWatch ??= new MutationObserver((changes) => {
        for (const change of changes) held.dropsSeen!.push((change.target as HTMLElement).getAttribute('data-drop') ?? '');
      });
      held.dropsWatch.observe(element, { subtree: true, attributeFilter: ['data-drop'] });
      const before = held.dropsSeen ?? [];
      held.dropsSeen = [];
      return before;
    });
    return seen.filter(Boolean);
  };
  return { page, row, rows, status, drag, dropsShown };
}

it('drags a block into a group and out again, moves it by the keys, and refuses a button outside buttons', async () => {
  const { id } = await app.openPost({ title: 'Nesting blocks', content: [paragraph('One.'), group([paragraph('Alpha.'), paragraph('Beta.')]), buttons, paragraph('Two.')].join('\n\n') });
  const { page, row, rows, status, drag } = await overview();

  // Onto the lower half of the group's row: inside it, first.
  expect(await drag(/^Paragraph One/, /^Group/, 60, 0.75, 'list-view-drop-inside')).toBe('inside');
  await expect.poll(rows).toEqual(['1 Group One. Alpha. Beta.', '2 Paragraph One.', '2 Paragraph Alpha.', '2 Paragraph Beta.', '1 Buttons Go', '2 Button Go', '1 Paragraph Two.']);
  // Onto the lower half of the group's last block, the pointer at the left: out, after the group.
  expect(await drag(/^Paragraph One/, /^Paragraph Beta/, 4, 0.75, 'list-view-drop-out')).toBe('after');
  await expect.poll(rows).toEqual(['1 Group Alpha. Beta.', '2 Paragraph Alpha.', '2 Paragraph Beta.', '1 Paragraph One.', '1 Buttons Go', '2 Button Go', '1 Paragraph Two.']);
  // A button dropped after Two (outside its buttons): refused, said why, nothing changed.
  expect(await drag(/^Button Go/, /^Paragraph Two/, 60, 0.75, 'list-view-drop-refused')).toBe('refused');
  await expect.poll(() => status.textContent()).toBe('A button goes only in buttons.');
  expect(await rows()).toEqual(['1 Group Alpha. Beta.', '2 Paragraph Alpha.', '2 Paragraph Beta.', '1 Paragraph One.', '1 Buttons Go', '2 Button Go', '1 Paragraph Two.']);

  // From the keys: One into the group above (after its last block), then out after it again.
  await row(/^Paragraph One/).focus();
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect.poll(rows).toEqual(['1 Group Alpha. Beta. One.', '2 Paragraph Alpha.', '2 Paragraph Beta.', '2 Paragraph One.', '1 Buttons Go', '2 Button Go', '1 Paragraph Two.']);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Paragraph One.');
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect.poll(rows).toEqual(['1 Group Alpha. Beta.', '2 Paragraph Alpha.', '2 Paragraph Beta.', '1 Paragraph One.', '1 Buttons Go', '2 Button Go', '1 Paragraph Two.']);
  // Two into the buttons above, the button out of its buttons: each refused, said why.
  await row(/^Paragraph Two/).focus();
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect.poll(() => status.textContent()).toBe('Buttons hold only buttons.');
  await row(/^Button Go/).focus();
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect.poll(() => status.textContent()).toBe('A button goes only in buttons.');
  expect(await rows()).toEqual(['1 Group Alpha. Beta.', '2 Paragraph Alpha.', '2 Paragraph Beta.', '1 Paragraph One.', '1 Buttons Go', '2 Button Go', '1 Paragraph Two.']);
  await app.snap('list-view-keys-refused');

  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toBe([group([paragraph('Alpha.'), paragraph('Beta.')]), paragraph('One.'), buttons, paragraph('Two.')].join('\n\n'));
});

const list = (items: string[]) => block('list', `<ul class="wp-block-list">${items.join('\n\n')}</ul>`);
const listItem = (html: string) => block('list-item', `<li>${html}</li>`);

it('leaves a group empty, drops inside an empty block and after a collapsed one, nests list items, drags past refused rows, keeps a moved group collapsed and opens it under a held drag', async () => {
  const { id } = await app.openPost({ title: 'Edges of nesting', content: [paragraph('One.'), group([paragraph('Alpha.')]), list([listItem('First'), listItem('Second'), listItem('Third')]), paragraph('Two.')].join('\n\n') });
  const { page, row, rows, drag, dropsShown } = await overview();
  // The group's only block out by the keys: the group stays, empty, as in the block editor.
  await row(/^Paragraph Alpha/).focus();
  await page.keyboard.press('Alt+Shift+ArrowLeft');
  await expect.poll(rows).toEqual(['1 Paragraph One.', '1 Group ', '1 Paragraph Alpha.', '1 List First Second Third', '2 List item First', '2 List item Second', '2 List item Third', '1 Paragraph Two.']);
  await app.snap('list-view-empty-group');
  // The lower half of the empty group's row, the pointer at its own depth: inside it.
  expect(await drag(/^Paragraph One/, /^Group/, 4, 0.75, 'list-view-drop-inside-empty')).toBe('inside');
  await expect.poll(rows).toEqual(['1 Group One.', '2 Paragraph One.', '1 Paragraph Alpha.', '1 List First Second Third', '2 List item First', '2 List item Second', '2 List item Third', '1 Paragraph Two.']);
  // Collapsed (Left on its row), the list's lower half is after it: Alpha dropped there goes after the list.
  await row(/^List First/).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => row(/^List First/).getAttribute('aria-expanded')).toBe('false');
  await expect.poll(rows).toEqual(['1 Group One.', '2 Paragraph One.', '1 Paragraph Alpha.', '1 List First Second Third', '1 Paragraph Two.']);
  expect(await drag(/^Paragraph Alpha/, /^List First/, 4, 0.75, 'list-view-drop-after-collapsed')).toBe('after');
  await expect.poll(rows).toEqual(['1 Group One.', '2 Paragraph One.', '1 List First Second Third', '1 Paragraph Alpha.', '1 Paragraph Two.']);
  // Expanded again (Right): its items are listed.
  await row(/^List First/).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(rows).toEqual(['1 Group One.', '2 Paragraph One.', '1 List First Second Third', '2 List item First', '2 List item Second', '2 List item Third', '1 Paragraph Alpha.', '1 Paragraph Two.']);

  // A list item dropped on the lower half of another: nested under it, in a new nested list.
  expect(await drag(/^List item Third/, /^List item First/, 4, 0.75, 'list-view-nest-drop')).toBe('inside');
  await expect.poll(rows).toEqual(['1 Group One.', '2 Paragraph One.', '1 List First Third Second', '2 List item First', '3 List Third', '4 List item Third', '2 List item Second', '1 Paragraph Alpha.', '1 Paragraph Two.']);
  // Alt+Shift+Right on a list item: nested under the item above, after its nested items.
  await row(/^List item Second/).focus();
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect.poll(rows).toEqual(['1 Group One.', '2 Paragraph One.', '1 List First Third Second', '2 List item First', '3 List Third Second', '4 List item Third', '4 List item Second', '1 Paragraph Alpha.', '1 Paragraph Two.']);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('List item Second');
  await app.snap('list-view-nest-keys');

  // The group collapsed, Two dragged up over the list's rows (each refuses a paragraph) onto the
  // group's lower half at its depth: the drag goes on past the refused rows, and Two goes after the group.
  await row(/^Group/).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => row(/^Group/).getAttribute('aria-expanded')).toBe('false');
  await dropsShown();
  expect(await drag(/^Paragraph Two/, /^Group/, 4, 0.75, 'list-view-drop-after-collapsed-group')).toBe('after');
  expect(await dropsShown()).toContain('refused');
  await expect.poll(rows).toEqual(['1 Group One.', '1 Paragraph Two.', '1 List First Third Second', '2 List item First', '3 List Third Second', '4 List item Third', '4 List item Second', '1 Paragraph Alpha.']);
  // The collapsed group moved by the keys stays collapsed: collapse follows the block.
  await row(/^Group/).focus();
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect.poll(rows).toEqual(['1 Paragraph Two.', '1 Group One.', '1 List First Third Second', '2 List item First', '3 List Third Second', '4 List item Third', '4 List item Second', '1 Paragraph Alpha.']);
  expect(await row(/^Group/).getAttribute('aria-expanded')).toBe('false');
  // Alpha held on the collapsed group's lower half, the pointer further in (the nesting gesture):
  // after the block editor's moment the group opens, and the drop goes first inside it.
  expect(await drag(/^Paragraph Alpha/, /^Group/, 60, 0.75, 'list-view-drag-expands', async () => {
    await expect.poll(() => row(/^Group/).getAttribute('aria-expanded')).toBe('true');
  })).toBe('inside');
  await expect.poll(rows).toEqual(['1 Paragraph Two.', '1 Group Alpha. One.', '2 Paragraph Alpha.', '2 Paragraph One.', '1 List First Third Second', '2 List item First', '3 List Third Second', '4 List item Third', '4 List item Second']);

  const saved = await app.savedValidBlocks(id);
  expect(strictlyInvalid(saved)).toEqual([]);
  const nested = block('list', `<ul class="wp-block-list">${[listItem('Third'), listItem('Second')].join('\n\n')}</ul>`);
  expect(saved).toBe([paragraph('Two.'), group([paragraph('Alpha.'), paragraph('One.')]), list([block('list-item', `<li>First${nested}</li>`)])].join('\n\n'));
});
