// The Sites screen's words: progress says its step once (with its counts, and why it waits),
// and two connected sites of the same name are told apart by their address.
import { describe, expect, it } from 'vitest';
import { describeProgress, siteLabel } from '../../renderer/sites/describe-site.ts';

describe('the Sites screen in words', () => {
  it('progress shows the step once, counts included', () => {
    expect(describeProgress({ phase: 'push', done: 0, total: 30, step: 'Sending changes (0 of 30) — the site is not answering; trying again in 2 s (1 retry so far)' }))
      .toBe('Sending changes (0 of 30) — the site is not answering; trying again in 2 s (1 retry so far)…');
    expect(describeProgress({ phase: 'done', done: 1, total: 1, step: 'Done' })).toBe('Done');
  });

  it('two sites with one name are shown with their addresses; a name of its own is shown alone', () => {
    const sites = [
      { name: 'My blog', address: 'https://blog.example/' },
      { name: 'My blog', address: 'https://example.org/blog/' },
      { name: 'Shop', address: 'https://shop.example/' },
    ];
    expect(sites.map((site) => siteLabel(site, sites))).toEqual(['My blog (blog.example)', 'My blog (example.org/blog/)', 'Shop']);
  });
});
