// A synced pattern holding every block the inserter makes (issue 29, row 27), only looked at: each
// block selected by a click and moved through with the keys. Nothing is changed, so the post and
// the pattern stay "All changes saved", and saving writes neither.
import { expect, it } from 'vitest';
import { appForFile, EDITOR_BLOCKS } from './harness.ts';
import { api } from '../shared/api-routes.ts';
import { patternReference } from '../renderer/editor/synced-patterns.ts';
import { INSERTER_BLOCKS } from '../tests/helpers/inserter-blocks.ts';

const app = appForFile({ blockEditor: true });

it('keeps the post and a pattern of every block saved while each block is clicked and moved through', async () => {
  const content = INSERTER_BLOCKS.map(([, markup]) => markup).join('\n\n');
  const created = await app.api.request('POST', api.posts('blocks'), { body: { title: 'Every block', content, status: 'publish' } });
  const post = await app.api.request('POST', api.posts('posts'), { body: { title: 'Looks at every block', content: patternReference(created.body.id) } });
  const { page } = app;
  await app.open(`/posts/${post.body.id}`);
  const blocks = page.getByRole('textbox', { name: 'Synced pattern Every block' });
  await expect.poll(() => blocks.locator(EDITOR_BLOCKS).count()).toBe(INSERTER_BLOCKS.length);
  const status = page.getByRole('status').first();
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  const changed: string[] = [];
  for (const [index, [title]] of INSERTER_BLOCKS.entries()) {
    const block = blocks.locator(EDITOR_BLOCKS).nth(index);
    // In the middle of the window, clear of the sticky toolbar; clicked near its left edge, clear of the "+" between blocks.
    await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await block.boundingBox();
    await block.click({ position: { x: 4, y: Math.floor((box?.height ?? 2) / 2) } });
    // What a writer clicks inside it too: its picture, its first words.
    const inner = block.locator(['img', 'p', 'figcaption'].map((tag) => `${tag}:not([inert] *)`).join(', ')).first();
    if (await inner.isVisible()) await inner.click({ position: { x: 2, y: 2 } });
    for (const key of ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft']) await page.keyboard.press(key);
    const said = await status.innerText();
    if (!said.endsWith('All changes saved')) changed.push(`${title}: ${said}`);
  }
  expect(changed).toEqual([]);
  const before = await app.api.request('GET', api.post('blocks', created.body.id), { query: { context: 'edit' } });
  expect((await app.savedPost(post.body.id)).content.raw).toBe(patternReference(created.body.id));
  const after = await app.api.request('GET', api.post('blocks', created.body.id), { query: { context: 'edit' } });
  expect([after.body.modified_gmt, after.body.content.raw]).toEqual([before.body.modified_gmt, content]);
}, 240_000);
