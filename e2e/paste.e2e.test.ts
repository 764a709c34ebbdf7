// Pasting real clipboard captures in Chromium (tests/fixtures/clipboard, made by
// tests/helpers/clipboard-capture.ts): LibreOffice Writer's copy of a .docx, and Chromium's
// copy of a post as WordPress renders it, pasted with real paste events and saved as blocks
// the block editor finds valid.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { clipboardFixture } from '../tests/helpers/clipboard-fixtures.ts';

const app = appForFile({ blockEditor: true });

/** Opens a new post, pastes the capture as the browser does, saves, and returns the saved blocks (valid, as the block editor would save them). */
async function pasted(data: Record<string, string>): Promise<string> {
  const post = await app.openPost({ title: 'Pasted', content: '' });
  await app.page.getByRole('textbox', { name: 'Content' }).click();
  await app.paste(data);
  return app.savedValidBlocks(post.id);
}

it('pastes a LibreOffice Writer document: headings, lists, a table, a link and marks, and no broken image for a file it cannot reach', async () => {
  const blocks = await pasted({ 'text/html': clipboardFixture('libreoffice-writer.html'), 'text/plain': clipboardFixture('libreoffice-writer.txt') });
  await app.snap('paste-libreoffice');
  expect(blocks).toContain('<!-- wp:heading {"level":1} -->\n<h1 class="wp-block-heading">Quarterly report</h1>');
  expect(blocks).toContain('<h2 class="wp-block-heading">Highlights</h2>');
  expect(blocks).toContain('<h3 class="wp-block-heading">Figures</h3>');
  expect(blocks).toMatch(/Sales rose in <strong>every<\/strong> region this quarter, and <em>online orders<\/em> doubled\. See the <a href="https:\/\/example\.org\/figures">full figures<\/a>\./);
  expect(blocks).toContain('<ul class="wp-block-list"><!-- wp:list-item -->\n<li>Online orders</li>');
  expect(blocks).toContain('<li>New shop in <strong>Leeds</strong></li>');
  expect(blocks).toContain('<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><!-- wp:list-item -->\n<li>Hire two people</li>');
  expect(blocks).toMatch(/<!-- wp:table[^>]*-->\n<figure class="wp-block-table"><table[^>]*>.*Region.*North.*120.*South.*95.*<\/table><\/figure>/s);
  expect(blocks).toContain('The new shop front in Leeds.');
  // The image was a file in LibreOffice's temp folder: no image block points at it.
  expect(blocks).not.toMatch(/file:|wp:image|src="x"/);
});

it('pastes a post copied from a WordPress page in Chromium: headings, lists, the captioned image, the table with its caption, the link and the quote', async () => {
  const html = clipboardFixture('chromium-wordpress-post.html');
  const imageSrc = /<img [^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';
  const blocks = await pasted({ 'text/html': html, 'text/plain': clipboardFixture('chromium-wordpress-post.txt') });
  await app.snap('paste-wordpress-post');
  expect(blocks).toContain('Good tea needs <strong>fresh</strong> water and <em>patience</em>. The <a href="https://example.org/tea">tea guide</a> has more.');
  expect(blocks).toContain('<h2 class="wp-block-heading">What you need</h2>');
  expect(blocks).toContain('<h3 class="wp-block-heading">Steps</h3>');
  expect(blocks).toContain('<li>Loose <strong>leaves</strong></li>');
  expect(blocks).toContain('<!-- wp:list {"ordered":true} -->');
  // The figure caption is the image's caption, its words and marks kept; the image is the address it had.
  expect(blocks).toMatch(new RegExp(`<!-- wp:image[^>]*-->\\n<figure class="wp-block-image[^"]*"><img src="${imageSrc.replace(/[.?]/g, '\\$&')}" alt="A pot of tea"[^>]*/><figcaption class="wp-element-caption">Steep for <em>three</em> minutes</figcaption></figure>`));
  expect(blocks).toMatch(/<table[^>]*><thead><tr><th>Tea<\/th><th>Minutes<\/th><\/tr><\/thead><tbody><tr><td>Green<\/td><td>2<\/td><\/tr>/);
  expect(blocks).toContain('<figcaption class="wp-element-caption">Steeping times</figcaption>');
  expect(blocks).toMatch(/<blockquote class="wp-block-quote">.*Tea is liquid wisdom\..*<cite>A proverb<\/cite><\/blockquote>/s);
  // No inline styles of the page come along.
  expect(blocks).not.toContain('style=');
});
