// What an empty place to write says is that place's own: the post's empty body asks for the post's
// words, and an editor inside a block (a caption, a synced pattern's blocks) never shows the
// post's prompt in its place ("Start writing, or paste your text…" stood where an image asked for
// its caption). Checked over every block the inserter makes, each selected so its own editors show.
import { expect, it } from 'vitest';
import { appForFile, EDITOR_BLOCKS } from './harness.ts';
import { api } from '../shared/api-routes.ts';
import { INSERTER_BLOCKS, INSERTER_COMMAND_BLOCKS } from '../tests/helpers/inserter-blocks.ts';

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

  // The blocks the inserter makes by a command (a heading, code …) after the others, to see their placeholders drawn.
  const content = [...INSERTER_BLOCKS, ...INSERTER_COMMAND_BLOCKS].map(([, markup]) => markup).join('\n\n');
  const post = await app.api.request('POST', api.posts('posts'), { body: { title: 'Every block', content } });
  await app.open(`/posts/${post.body.id}`);
  const blocks = body.locator(EDITOR_BLOCKS);
  await expect.poll(() => blocks.count()).toBeGreaterThanOrEqual(INSERTER_BLOCKS.length);
  // Each empty text's placeholder (block-placeholders.ts) drawn in its element, wherever its words stand (a code block's in its <code>), and whole: its element as wide as its words (an empty button's, a tab's).
  const undrawn = await body.evaluate((element) => {
    const measure = document.createElement('canvas').getContext('2d')!;
    const found = [...element.querySelectorAll<HTMLElement>('[data-block-placeholder]')];
    return [found.length, found.flatMap((empty) => {
      const words = empty.getAttribute('data-block-placeholder')!;
      const before = getComputedStyle(empty, '::before');
      measure.font = before.font;
      const style = getComputedStyle(empty);
      const room = empty.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (!before.content.startsWith(`"${words}"`)) return [`${words}: not drawn (${before.content})`];
      return measure.measureText(words).width > room + 1 ? [`${words}: cut to ${Math.round(room)} px`] : [];
    })] as const;
  });
  expect(undrawn[0]).toBeGreaterThan(10);
  expect(undrawn[1]).toEqual([]);
  // The headings, the list, the quote and the code, each empty, with their placeholders.
  await blocks.nth(INSERTER_BLOCKS.length + 3).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await app.snap('empty-prompts-placeholders', { window: true });
  const wrong = new Set<string>();
  for (const [index, [title]] of INSERTER_BLOCKS.entries()) {
    const block = blocks.nth(index);
    await block.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await block.boundingBox();
    await block.click({ position: { x: 4, y: Math.floor((box?.height ?? 2) / 2) } });
    for (const shown of await innerPrompts()) if (shown.endsWith(BODY_PROMPT)) wrong.add(`${title}: ${shown}`);
    // The window, the image in its middle: not the 5,700 pixels of the other blocks.
    if (title === 'Image') await app.snap('empty-prompts-image-caption', { window: true });
    if (['Verse', 'Table 2×3 with header', 'Details', 'Accordion'].includes(title)) await app.snap(`empty-prompts-${title.split(" ")[0]!.toLowerCase()}`, { window: true });
  }
  expect([...wrong]).toEqual([]);
}, 180_000);
