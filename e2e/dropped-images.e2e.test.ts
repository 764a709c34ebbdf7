// Files dragged from the desktop onto a post, or pasted, in Chromium (issue 29): several images
// become a gallery, one an image, more dropped on a gallery join it; a PDF becomes a File block,
// audio an Audio block; a screenshot pasted becomes an image at the caret. Each uploads with its
// progress and a file that fails says why in words. What is saved is what the block editor saves
// (validateBlock).
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { dropFiles, silentWav, type DroppedFile } from './file-drops.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';

const app = appForFile({ blockEditor: true });

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
/** A photo-sized image of one colour, so the screenshots show the images. */
const PNG = (await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a7ca5' } }).png().toBuffer()).toString('base64');

const png = (name: string): DroppedFile => ({ name, type: 'image/png', base64: PNG });

/** A one-page PDF, and a quarter second of silence as WAV: what the site recognises by their bytes. */
const PDF = btoa('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const WAV = silentWav().toString('base64');

/** Drops files on what `selector` finds in the writing area, as the desktop does. */
const drop = (selector: string, files: DroppedFile[]) => dropFiles(app.page, selector, files);

/** Drops files on the character at `offset` in the element (`selector`) holding `words`, at its left edge: the drop lands before that character. */
const dropInWords = (selector: string, words: string, offset: number, files: DroppedFile[]) => app.page.getByRole('textbox', { name: 'Content' }).locator(selector, { hasText: words }).first().evaluate((target, { at, dropped }) => {
  const range = document.createRange();
  range.setStart(target.firstChild!, at);
  range.setEnd(target.firstChild!, at + 1);
  const box = range.getBoundingClientRect();
  const transfer = new DataTransfer();
  for (const file of dropped) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.type }));
  const point = { clientX: box.left + 1, clientY: box.top + box.height / 2 };
  for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true, ...point }));
}, { at: offset, dropped: files });

/** Pastes files at the caret, as the desktop pastes a screenshot: a paste event whose clipboard holds only the files. */
async function paste(files: DroppedFile[]): Promise<void> {
  await app.page.getByRole('textbox', { name: 'Content' }).evaluate((editor, pasted) => {
    const clipboard = new DataTransfer();
    for (const file of pasted) clipboard.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.type }));
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, files);
}

/** The media library's items, by the file names uploaded. */
async function libraryIds(): Promise<Map<string, number>> {
  const items = (await app.api.request<MediaItem[]>('GET', 'cms/v2/media', { query: { per_page: 100 } })).body;
  return new Map(items.map((item) => [item.source_url.split('/').pop() ?? '', item.id]));
}

const imageIds = (markup: string) => [...markup.matchAll(/wp-image-(\d+)/g)].map((match) => Number(match[1]));

async function savedStrictly(id: number): Promise<string> {
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  return content;
}

it('makes a gallery of several images dropped on an empty line, in the order dropped, and adds more dropped on the gallery', async () => {
  const { id } = await app.openPost({ title: 'Dropped', content: `${paragraph('Before.')}\n\n${paragraph('')}\n\n${paragraph('After.')}` });
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  await drop('p:nth-of-type(2)', [png('sea.png'), png('sand.png'), png('sky.png')]);
  const images = editor.locator('.wp-block-gallery img');
  await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(3);
  // Uploaded, nothing left to say: the uploads' corner goes.
  await app.page.getByRole('region', { name: 'Dropped files' }).waitFor({ state: 'detached' });
  let ids = await libraryIds();
  let content = await savedStrictly(id);
  expect(content.startsWith(paragraph('Before.'))).toBe(true);
  expect(content.endsWith(paragraph('After.'))).toBe(true);
  expect(imageIds(content)).toEqual(['sea.png', 'sand.png', 'sky.png'].map((name) => ids.get(name)));
  expect(content).toContain('<!-- wp:gallery {"linkTo":"none"} -->');

  // Two more dropped on the gallery's first image go in beside it, not into a new block.
  await drop('.wp-block-gallery img', [png('shell.png'), png('stone.png')]);
  await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(5);
  await app.snap('editor-dropped-gallery');
  ids = await libraryIds();
  content = await savedStrictly(id);
  expect(content.match(/<!-- wp:gallery /g)).toHaveLength(1);
  expect(new Set(imageIds(content))).toEqual(new Set(['sea.png', 'sand.png', 'sky.png', 'shell.png', 'stone.png'].map((name) => ids.get(name))));
});

it('makes one image dropped an image block', async () => {
  const { id } = await app.openPost({ title: 'One dropped', content: `${paragraph('Words.')}\n\n${paragraph('')}` });
  await drop('p:nth-of-type(2)', [png('single.png')]);
  await expect.poll(() => app.page.getByRole('textbox', { name: 'Content' }).locator('img').count(), { timeout: 20_000 }).toBe(1);
  const content = await savedStrictly(id);
  const single = (await libraryIds()).get('single.png');
  expect(content).toContain(`<!-- wp:image {"id":${single},"sizeSlug":"large","linkDestination":"none"} -->`);
  expect(content).not.toContain('wp:gallery');
});

it('says in words why a dropped file failed, per file, while the others are added', async () => {
  const { id } = await app.openPost({ title: 'Some fail', content: `${paragraph('Words.')}\n\n${paragraph('')}` });
  await drop('p:nth-of-type(2)', [png('good.png'), { name: 'broken.png', type: 'image/png', base64: btoa('not an image at all') }, { name: 'setup.exe', type: 'application/x-msdownload', base64: btoa(`MZ${'\0'.repeat(200)}`) }]);
  const corner = app.page.getByRole('region', { name: 'Dropped files' });
  const problems = corner.getByRole('alert');
  await expect.poll(() => problems.count(), { timeout: 20_000 }).toBe(2);
  await expect.poll(() => app.page.getByRole('textbox', { name: 'Content' }).locator('img').count(), { timeout: 20_000 }).toBe(1);
  await app.snap('editor-dropped-failures');
  const words = await problems.allTextContents();
  expect(words[0]).toMatch(/broken\.png could not be read as an image/);
  expect(words[1]).toBe('Sorry, you are not allowed to upload this file type. Save it in a common format (JPEG, PNG, WebP, PDF, MP4, MP3), then upload it again.');
  for (const text of words) expect(text).not.toMatch(/rest_|_error|\bE[A-Z]{3,}\b/);
  await corner.getByRole('button', { name: 'Dismiss' }).click();
  await corner.waitFor({ state: 'detached' });
  expect(imageIds(await savedStrictly(id))).toEqual([(await libraryIds()).get('good.png')]);
});

it('makes a PDF dropped a File block and an audio file dropped an Audio block, where each was dropped', async () => {
  const { id } = await app.openPost({ title: 'Files dropped', content: [paragraph('Intro.'), paragraph(''), paragraph('Middle.'), paragraph(''), paragraph('End.')].join('\n\n') });
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  await drop('p:nth-of-type(2)', [{ name: 'report.pdf', type: 'application/pdf', base64: PDF }]);
  await expect.poll(() => editor.locator('[data-name="core/file"]').count(), { timeout: 20_000 }).toBe(1);
  // The other empty line: after "Middle.", the third paragraph now.
  await drop('p:nth-of-type(3)', [{ name: 'talk.wav', type: 'audio/wav', base64: WAV }]);
  await expect.poll(() => editor.locator('[data-name="core/audio"]').count(), { timeout: 20_000 }).toBe(1);
  await app.page.getByRole('region', { name: 'Dropped files' }).waitFor({ state: 'detached' });
  await app.snap('editor-dropped-file-audio');
  const ids = await libraryIds();
  const content = await savedStrictly(id);
  const [pdf, audio] = [ids.get('report.pdf'), ids.get('talk.wav')];
  expect(pdf).toBeTypeOf('number');
  expect(audio).toBeTypeOf('number');
  const names = [...content.matchAll(/<!-- wp:([\w-]+)/g)].map((match) => match[1]);
  expect(names).toEqual(['paragraph', 'file', 'paragraph', 'audio', 'paragraph']);
  expect(content).toMatch(new RegExp(`<!-- wp:file \\{"id":${pdf},"href":"[^"]+/report\\.pdf"\\} -->\\n<div class="wp-block-file"><a href="[^"]+/report\\.pdf">report\\.pdf</a><a href="[^"]+/report\\.pdf" class="wp-block-file__button wp-element-button" download>Download</a></div>`));
  expect(content).toMatch(new RegExp(`<!-- wp:audio \\{"id":${audio}\\} -->\\n<figure class="wp-block-audio"><audio controls src="[^"]+/talk\\.wav"></audio></figure>`));
});

it('makes a screenshot pasted an image at the caret, and several pasted a gallery, with the same uploads corner', async () => {
  const { id } = await app.openPost({ title: 'Pasted', content: `${paragraph('Words.')}\n\n${paragraph('')}` });
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await app.page.keyboard.press('Control+End');
  await paste([png('image.png')]);
  await expect.poll(() => editor.locator('img').count(), { timeout: 20_000 }).toBe(1);
  await app.page.getByRole('region', { name: 'Dropped files' }).waitFor({ state: 'detached' });
  let content = await savedStrictly(id);
  const first = (await libraryIds()).get('image.png');
  expect(content).toBe(`${paragraph('Words.')}\n\n${content.slice(content.indexOf('<!-- wp:image'))}`);
  expect(content).toContain(`<!-- wp:image {"id":${first},"sizeSlug":"large","linkDestination":"none"} -->`);

  // The caret after the image: two screenshots at once make a gallery there.
  await editor.locator('p').first().click();
  await app.page.keyboard.press('End');
  await paste([png('left.png'), { name: 'broken.png', type: 'image/png', base64: btoa('not an image at all') }, png('right.png')]);
  const corner = app.page.getByRole('region', { name: 'Dropped files' });
  await corner.getByRole('alert').filter({ hasText: 'broken.png could not be read as an image' }).waitFor({ timeout: 20_000 });
  await expect.poll(() => editor.locator('.wp-block-gallery img').count(), { timeout: 20_000 }).toBe(2);
  await app.snap('editor-pasted-images');
  const ids = await libraryIds();
  content = await savedStrictly(id);
  expect(imageIds(content)).toEqual([ids.get('left.png'), ids.get('right.png'), first]);
  expect(content.startsWith(paragraph('Words.'))).toBe(true);
});

it('says a dropped image was not uploaded because the site is offline or its disk is full, in words with what to do', async () => {
  await app.openPost({ title: 'Offline drop', content: `${paragraph('Words.')}\n\n${paragraph('')}` });
  const { page } = app;
  const corner = page.getByRole('region', { name: 'Dropped files' });
  const cases: [string, (route: import('playwright-core').Route) => Promise<void>, string][] = [
    ['offline', (route) => route.abort('internetdisconnected'), 'The site could not be reached. Check your connection and that the site is running, then try again.'],
    ['disk full', (route) => route.fulfill({ status: 507, headers: { 'retry-after': '60' }, contentType: 'application/json', body: JSON.stringify({ code: 'insufficient_storage', message: 'The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.', data: { status: 507 } }) }),
      'The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.'],
    ['too big', (route) => route.fulfill({ status: 413, contentType: 'text/html', body: '<html>413 Request Entity Too Large</html>' }), 'The file is too big for this site. Make it smaller (fewer pixels, or a lower quality), then upload it again.'],
  ];
  for (const [name, answer, words] of cases) {
    await page.route('**/cms/v2/media', answer);
    await drop('p:nth-of-type(2)', [png(`${name.replace(' ', '-')}.png`)]);
    await corner.getByRole('alert').filter({ hasText: words }).waitFor();
    await page.unroute('**/cms/v2/media');
    await corner.getByRole('button', { name: 'Dismiss' }).click();
    await corner.waitFor({ state: 'detached' });
  }
});

it('reorders a gallery’s images by dragging one before another', async () => {
  const { id } = await app.openPost({ title: 'Reordered', content: `${paragraph('Words.')}\n\n${paragraph('')}` });
  await drop('p:nth-of-type(2)', [png('first.png'), png('second.png'), png('third.png')]);
  const images = app.page.getByRole('textbox', { name: 'Content' }).locator('.wp-block-gallery img');
  await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(3);
  const ids = await libraryIds();
  const [first, second, third] = ['first.png', 'second.png', 'third.png'].map((name) => ids.get(name));
  // The gallery is selected (as made): the image under the pointer is dragged, not the gallery.
  expect(await app.page.getByRole('textbox', { name: 'Content' }).locator('.wp-block-gallery.ProseMirror-selectednode').count()).toBe(1);
  const box = await images.nth(0).boundingBox();
  await images.nth(2).dragTo(images.nth(0), { targetPosition: { x: 2, y: (box?.height ?? 10) / 2 } });
  await expect.poll(() => images.evaluateAll((all) => all.map((image) => image.getAttribute('src')?.split('/').pop()))).toEqual(['third.png', 'first.png', 'second.png']);
  expect(imageIds(await savedStrictly(id))).toEqual([third, first, second]);
});

it('splits a paragraph when an image is dropped inside its words, the image between its halves; dropped at its start, it goes before it', async () => {
  const { id } = await app.openPost({ title: 'Dropped inside', content: `${paragraph('The first half of the words, then the second half.')}\n\n${paragraph('Last words.')}` });
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  const dropAt = (words: string, offset: number, files: DroppedFile[]) => dropInWords('p', words, offset, files);
  await dropAt('The first half', 'The first half of the words, '.length, [png('middle.png')]);
  await expect.poll(() => editor.locator('img').count(), { timeout: 20_000 }).toBe(1);
  await dropAt('Last words.', 0, [png('before-last.png')]);
  await expect.poll(() => editor.locator('img').count(), { timeout: 20_000 }).toBe(2);
  await app.snap('dropped-inside-paragraph');
  const saved = await savedStrictly(id);
  const ids = await libraryIds();
  expect([...saved.matchAll(/<!-- wp:(\w+)/g)].map((match) => match[1])).toEqual(['paragraph', 'image', 'paragraph', 'image', 'paragraph']);
  expect(saved).toContain(`${paragraph('The first half of the words, ')}\n\n<!-- wp:image {"id":${ids.get('middle.png')}`);
  expect(saved).toContain(`${paragraph('then the second half.')}\n\n<!-- wp:image {"id":${ids.get('before-last.png')}`);
  expect(saved).toMatch(/<\/figure>\n<!-- \/wp:image -->\n\n<!-- wp:paragraph -->\n<p>Last words.<\/p>/);
});

it('splits a heading, verse, a list item and a quote\'s paragraph where an image is dropped inside its words: a heading on both sides, a list in two, the quote holding the image', async () => {
  const block = (name: string, inner: string) => `<!-- wp:${name} -->\n${inner}\n<!-- /wp:${name} -->`;
  const post = [
    block('heading', '<h2 class="wp-block-heading">A heading cut here</h2>'),
    block('verse', '<pre class="wp-block-verse">Roses are red</pre>'),
    block('list', `<ul class="wp-block-list">${block('list-item', '<li>First item</li>')}\n\n${block('list-item', '<li>Second item</li>')}</ul>`),
    block('quote', `<blockquote class="wp-block-quote">${paragraph('Quoted words here')}</blockquote>`),
  ].join('\n\n');
  const { id } = await app.openPost({ title: 'Dropped in text', content: post });
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  const drops: [string, string, number, string][] = [['h2', 'A heading', 'A heading '.length, 'heading.png'], ['pre', 'Roses', 'Roses '.length, 'verse.png'], ['li p', 'Second item', 'Second '.length, 'list.png'], ['blockquote p', 'Quoted', 'Quoted '.length, 'quote.png']];
  for (const [index, [selector, words, offset, name]] of drops.entries()) {
    await dropInWords(selector, words, offset, [png(name)]);
    await expect.poll(() => editor.locator('img').count(), { timeout: 20_000 }).toBe(index + 1);
  }
  await app.snap('dropped-inside-text-blocks');
  const saved = await savedStrictly(id);
  const ids = await libraryIds();
  const image = (name: string) => `<!-- wp:image {"id":${ids.get(name)}`;
  expect(saved).toContain(`${block('heading', '<h2 class="wp-block-heading">A heading </h2>')}\n\n${image('heading.png')}`);
  expect(saved).toContain(`<!-- /wp:image -->\n\n${block('heading', '<h2 class="wp-block-heading">cut here</h2>')}`);
  expect(saved).toContain(`${block('verse', '<pre class="wp-block-verse">Roses </pre>')}\n\n${image('verse.png')}`);
  expect(saved).toContain(`<!-- /wp:image -->\n\n${block('verse', '<pre class="wp-block-verse">are red</pre>')}`);
  expect(saved).toContain(`<li>Second </li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->\n\n${image('list.png')}`);
  expect(saved).toContain(`<blockquote class="wp-block-quote">${paragraph('Quoted ')}\n\n${image('quote.png')}`);
  expect(saved).toContain(`<!-- /wp:image -->\n\n${paragraph('words here')}</blockquote>`);
});
