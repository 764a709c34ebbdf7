// A time-zone change never moves a post, in Chromium with its HTTP cache: the editor read a
// scheduled post before the site's zone changed; read again after it, the post's `date` is
// in the new zone (the site's validators cover the zone, so the browser gets no 304 with the
// old body), and a save keeps the moment it is scheduled for.
import { expect, it } from 'vitest';
import type { Post } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile();

it('keeps a scheduled post’s moment when the site’s zone changes between two openings of it', async () => {
  const { page } = app;
  const scheduledGmt = `${new Date().getUTCFullYear() + 1}-06-01T09:30:00`;
  const post = await app.api.post<Post>('cms/v2/posts', { title: 'Scheduled', content: '<!-- wp:paragraph -->\n<p>Words</p>\n<!-- /wp:paragraph -->', status: 'future', date_gmt: scheduledGmt });
  expect(post.date_gmt).toBe(scheduledGmt);
  const open = async () => {
    await app.open(`/posts/${post.id}`);
    await page.getByRole('textbox', { name: 'Content' }).getByText('Words').waitFor();
  };
  await open();
  await app.open('/posts');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await app.api.post('cms/v2/settings', { timezone: 'America/Chicago' });
  await open();
  await page.getByRole('textbox', { name: 'Content' }).getByText('Words').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' more');
  const saved = await app.savedPost(post.id);
  expect(saved.content.raw).toContain('Words more');
  expect(saved.date_gmt).toBe(scheduledGmt);
  expect(saved.status).toBe('future');
});
