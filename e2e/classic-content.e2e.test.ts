// Classic content in Chromium (issue 29): a format the writer adds over words of a classic post goes
// in where those words are, a line break where it is typed, and the rest of the line keeps its bytes
// as read (its entities, its spacing, its held elements); the line is not rewritten as a paragraph.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';

const app = appForFile({ blockEditor: true });

it('puts a format added over a word of a classic post where the word is, the rest of its line as read', async () => {
  const line = 'A line&nbsp;with <span class="note">held words</span>  and &amp; a last word';
  const classic = (formatted: string) => `Words before.\n\n${formatted}\n\nWords after.`;
  const { id } = await app.openPost({ title: 'Classic', content: classic(line) });
  const content = async () => (await app.savedPost(id)).content.raw;
  await app.page.getByRole('textbox', { name: 'Content' }).getByText('a last word').click();
  await app.page.keyboard.press('End');
  await app.page.keyboard.press('Control+Shift+ArrowLeft');
  await app.page.keyboard.press('Control+b');
  expect(await content()).toBe(classic(line.replace(/word$/, '<strong>word</strong>')));
  await app.page.keyboard.press('Control+i');
  expect(await content()).toBe(classic(line.replace(/word$/, '<strong><em>word</em></strong>')));
});

it('puts a line break typed in a classic post where it was typed, before a space, the rest of its line as read', async () => {
  const line = 'A line&nbsp;with <span class="note">held words</span>  and &amp; a last word';
  const classic = (broken: string) => `Words before.\n\n${broken}\n\nWords after.`;
  const { id } = await app.openPost({ title: 'Classic break', content: classic(line) });
  const content = async () => (await app.savedPost(id)).content.raw;
  await app.page.getByRole('textbox', { name: 'Content' }).getByText('a last word').click();
  await app.page.keyboard.press('End');
  // (The caret after 'a', before ' last word'.)
  await app.page.keyboard.press('Control+ArrowLeft');
  await app.page.keyboard.press('Control+ArrowLeft');
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.press('Shift+Enter');
  expect(await content()).toBe(classic(line.replace('a last word', 'a<br> last word')));
});
