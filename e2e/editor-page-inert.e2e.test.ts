// A post's hostile HTML is inert in the app's editor, in Chromium (issue 29, security): the attack
// corpus's vectors that are attributes (an image's address, a style, a citation …) in the list items
// of a classic post and in a block post's paragraphs, and an image block and a held image whose
// address is a script (drawn by the app's React image views, which the unit test does not draw);
// the page's whole writing area judged by the rule of tests/unit/editor-page-inert.test.ts.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { activeParts, activePartsOfElements, type ElementParts } from '../tests/helpers/active-html.ts';
import { XSS_VECTORS } from '../tests/helpers/hostile-markup.ts';

const app = appForFile();

/** The vectors whose active parts are attributes only: each stays in its own item or paragraph, whatever follows it. */
const ATTRIBUTE_VECTORS = XSS_VECTORS.filter((vector) => {
  const parts = activeParts(vector);
  return parts.length > 0 && parts.every((part) => !part.startsWith('<')) && !/<(?:svg|math|template|select|textarea|noscript|xmp|plaintext|title|style|iframe|noembed)/i.test(vector);
});

const block = (name: string, html: string, attributes = '') => `<!-- wp:${name}${attributes} -->\n${html}\n<!-- /wp:${name} -->`;
const SCRIPT_IMAGE = '<img src="javascript:alert(1)" alt="">';

const CLASSIC = `Lead words.\n\n${SCRIPT_IMAGE} Held words.\n\n<ul>${ATTRIBUTE_VECTORS.map((vector) => `<li>Item words ${vector} more</li>`).join('')}</ul>\n\nTail words.`;
const BLOCKS = [
  ...ATTRIBUTE_VECTORS.map((vector) => block('paragraph', `<p>Words ${vector} more</p>`)),
  block('image', '<figure class="wp-block-image"><img src="javascript:alert(1)" alt=""/></figure>'),
].join('\n\n');

/** Every element of the writing area, read out of the page. */
const writingArea = () => app.page.getByRole('textbox', { name: 'Content' }).evaluate((area): ElementParts[] =>
  [area, ...area.querySelectorAll('*')].map((element) => ({ name: element.localName, namespace: element.namespaceURI, attributes: [...element.attributes].map(({ name, value }) => ({ name, value })) })));

it.each([
  ['a classic post', CLASSIC],
  ['a block post', BLOCKS],
])('%s: nothing of the attack corpus is live in the page', async (_post, content) => {
  expect(ATTRIBUTE_VECTORS.length).toBeGreaterThan(20);
  const post = await app.openPost({ title: 'Hostile', content });
  // Every vector's item or paragraph drawn (its words shown, editable or in a box).
  const area = app.page.getByRole('textbox', { name: 'Content' });
  await expect.poll(async () => (await area.textContent())?.match(/words/gi)?.length ?? 0).toBeGreaterThanOrEqual(ATTRIBUTE_VECTORS.length);
  expect(activePartsOfElements(await writingArea())).toEqual([]);
  // The image block whose address is a script says so, where its image would be.
  if (content === BLOCKS) await area.getByText('This image cannot be shown: its address javascript:alert(1) is not a web address').waitFor();
  await app.snap(`editor-page-inert-${content === CLASSIC ? 'classic' : 'blocks'}`, { window: true });
  // The site keeps the hostile bytes (an administrator's post): the page, not the post, is what is inert.
  expect((await app.api.get<{ content: { raw?: string } }>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw).toBe(content);
}, 120_000);
