// Browser mode re-entered from the same tab, in Chromium: after the app restarts (a new
// one-time start address, the old credential no longer opens the site), opening the new
// address in the tab already open signs that tab in again, instead of leaving it on a
// credential that fails until the site says "Too many sign-in attempts".
import { expect, it } from 'vitest';
import type { Post } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile();

it('signs the open tab in again when the new start address is opened in it', async () => {
  const { page } = app;
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  const tabAddress = page.url();
  await app.restartSite();
  await app.api.post<Post>('cms/v2/posts', { title: 'Written after the restart', status: 'draft' });
  // The tab still holds the last run's credential: the site refuses it.
  const refused = await page.evaluate(async () => {
    const stored = JSON.parse(sessionStorage.getItem('inkwell.credentials') ?? '{}') as { login: string; password: string };
    const answer = await fetch('/cms-json/cms/v2/users/me', { headers: { authorization: `Basic ${btoa(`${stored.login}:${stored.password}`)}` } });
    return answer.status;
  });
  expect(refused).toBe(401);
  // Pasting the new address changes only the fragment of the page open: no load of its own.
  expect(new URL(app.host.appUrl).origin).toBe(new URL(tabAddress).origin);
  await page.goto(app.host.appUrl);
  // The tab starts again with it, and the token leaves the address once traded.
  await page.waitForURL((url) => !url.hash.includes('bootstrap='));
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // Signed in again: the site's posts show.
  await app.open('/posts');
  await page.getByText('Written after the restart').waitFor();
  const accepted = await page.evaluate(async () => {
    const stored = JSON.parse(sessionStorage.getItem('inkwell.credentials') ?? '{}') as { login: string; password: string };
    return (await fetch('/cms-json/cms/v2/users/me', { headers: { authorization: `Basic ${btoa(`${stored.login}:${stored.password}`)}` } })).status;
  });
  expect(accepted).toBe(200);
});
