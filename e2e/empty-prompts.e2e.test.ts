// What an empty place to write says is that place's own: the post's empty body asks for the post's
// words, and an editor inside a block (a caption, a synced pattern's blocks) never shows the
// post's prompt in its place ("Start writing, or paste your text…" stood where an image asked for
// its caption). Checked over every block the inserter makes, each selected so its own editors show.
import { expect, it } from 'vitest';
import { appForFile, EDITOR_BLOCKS } from './harness.ts';
import { api } from '../shared/api-routes.ts';
import { INSERTER_BLOCKS } from '../tests/helpers/inserter-blocks.ts';

const app = appForFile({ blockEditor: true });
const BODY_PROMPT = '"Start writing, or paste your text…"';

/** The prompt each editor inside the post body shows in its empty first paragraph, by its name. */
const innerPrompts = () => app.page.getByRole('textbox', { name: 'Content' }).evaluate((body) =>
  [...body.querySelectorAll('.ProseMirror')].filter((inner) => inner !== body).map((inner) => {
    const empty = inner.querySelector(':scope > p:only-child');
    return `${inner.getAttribute('aria-label') ?? inner.className}: ${empty ? getComputedStyle(empty, '::before').content : 'not empty'}`;
  }));

it('asks for the post in an empty post, and for its own in every editor inside a block', async () => {
  const empty = await app.api.request('POST', api.posts('posts'), { body: { title: 'Nothing yet' } });
  await app.open(`/posts/${empty.body.id}`);
  const body = app.page.getByRole('textbox', { name: 'Content' });
  await expect.poll(() => body.evaluate((element) => getComputedStyle(element.querySelector('p')!, '::before').content)).toBe(BODY_PROMPT);

  const content = INSERTER_BLOCKS.map(([, markup]) => markup).join('\n\n');
  const post = await app.api.request('POST', api.posts('posts'), { body: { title: 'Every block', content } });
  await app.open(`/posts/${post.body.id}`);
  const blocks = body.locator(EDITOR_BLOCKS);
  await expect.poll(() => blocks.count()).toBeGreaterThanOrEqual(INSERTER_BLOCKS.length);
  const wrong = new Set<string>();
  for (const [index, [title]] of INSERTER_BLOCKS.entries()) {
    const block = blocks.nth(index);
    await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await block.boundingBox();
    await block.click({ position: { x: 4, y: Math.floor((box?.height ?? 2) / 2) } });
    for (const shown of await innerPrompts()) if (shown.endsWith(BODY_PROMPT)) wrong.add(`${title}: ${shown}`);
    // The window, the image in its middle: not the 5,700 pixels of the other blocks.
    if (title === 'Image') await app.snap('empty-prompts-image-caption', { window: true });
  }
  expect([...wrong]).toEqual([]);
}, 180_000);
