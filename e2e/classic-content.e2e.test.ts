// Classic content in Chromium (issue 29): a format the writer adds over words of a classic post goes
// in where those words are, a line break where it is typed, and the rest of the line keeps its bytes
// as read (its entities, its spacing, its held elements); the line is not rewritten as a paragraph.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';

const app = appForFile({ blockEditor: true });

const LINE = 'A line&nbsp;with <span class="note">held words</span>  and &amp; a last word';
const classic = (line: string) => `Words before.\n\n${line}\n\nWords after.`;

/** Opens a classic post of LINE between two lines, the caret at LINE's end; returns the reader of its saved content. */
async function openAtLineEnd(title: string): Promise<() => Promise<string>> {
  const { id } = await app.openPost({ title, content: classic(LINE) });
  await app.page.getByRole('textbox', { name: 'Content' }).getByText('a last word').click();
  await app.page.keyboard.press('End');
  return async () => (await app.savedPost(id)).content.raw;
}

it('puts a format added over a word of a classic post where the word is, the rest of its line as read', async () => {
  const content = await openAtLineEnd('Classic');
  await app.page.keyboard.press('Control+Shift+ArrowLeft');
  await app.page.keyboard.press('Control+b');
  expect(await content()).toBe(classic(LINE.replace(/word$/, '<strong>word</strong>')));
  await app.page.keyboard.press('Control+i');
  expect(await content()).toBe(classic(LINE.replace(/word$/, '<strong><em>word</em></strong>')));
});

it('puts a line break typed in a classic post where it was typed, before a space, the rest of its line as read', async () => {
  const content = await openAtLineEnd('Classic break');
  // (The caret after 'a', before ' last word'.)
  await app.page.keyboard.press('Control+ArrowLeft');
  await app.page.keyboard.press('Control+ArrowLeft');
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.press('Shift+Enter');
  expect(await content()).toBe(classic(LINE.replace('a last word', 'a<br> last word')));
});
