// A writer's Undo in Chromium (issue 29): a block inserted with "/" and typed in, undone with
// Ctrl+Z back to the post as it was, leaves the post as saved ("All changes saved", once the
// autosave finds nothing to send; it said "Unsaved changes" for good); Redo with Ctrl+Shift+Z,
// pressed more times than there is to redo, brings the edit back and keeps it (the browser's own
// history undid it again on the next press), saved strictly valid. A block of each kind (text, blocks held, no text,
// made by the site, parts kept together); the document undone byte for byte over every block
// the inserter makes is tests/unit/writer-steps.test.ts.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { inserterOptions, onEmptyLine, paragraphMarkup } from './inserter-steps.ts';

const app = appForFile({ blockEditor: true });
const KINDS = ['Pullquote', 'Columns (2)', 'Separator', 'Latest posts', 'Tabs'];
/** More presses than any insertion and typing here takes to undo. */
const PRESSES = 8;

it.each(KINDS)('%s: inserted, typed in, undone to the post as saved, redone', async (title) => {
  const { page } = app;
  const id = await onEmptyLine(app, `Undo: ${title}`);
  const status = page.getByRole('status').filter({ hasText: /^Draft · / });
  await page.keyboard.type(`/${title}`);
  await inserterOptions(page).filter({ hasText: new RegExp(`^${title.replace(/[()/]/g, '\\$&')}$`) }).first().click();
  await page.keyboard.type('typed');
  await status.filter({ hasText: 'Unsaved changes' }).waitFor();
  for (let press = 0; press < PRESSES; press += 1) await page.keyboard.press('Control+z');
  await status.filter({ hasText: 'All changes saved' }).waitFor();
  for (let press = 0; press < PRESSES; press += 1) await page.keyboard.press('Control+Shift+z');
  await status.filter({ hasText: 'Unsaved changes' }).waitFor();
  const saved = await app.savedValidBlocks(id);
  expect(saved).toContain(`${paragraphMarkup('Start.')}\n\n`);
  expect(saved).toContain('typed');
  expect(strictlyInvalid(saved)).toEqual([]);
});
