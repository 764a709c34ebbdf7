// The block patterns a real WordPress 6.1 lends the inserter (Debian's package, Twenty
// Twenty-Three): to a writer who may edit posts, its core and theme patterns with their
// categories' labels, those the theme keeps out of the inserter ("Inserter: no") left out of the
// list as WordPress's inserter leaves them; to a subscriber, whom WordPress refuses, none and no error.
import { afterEach, describe, expect, it } from 'vitest';
import { readSitePatterns } from '../../shared/site-patterns.ts';
import { NO_PATTERNS } from '../../shared/block-patterns.ts';
import { patternEntries } from '../../renderer/editor/pattern-entries.ts';
import { wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('the patterns of a real WordPress', () => {
  it('lends a contributor its patterns, listed under their categories, the hidden ones left out', async () => {
    f = await wordpressFixture({ as: 'contributor' });
    const lent = await readSitePatterns(f.workspace.remote, 'wp/v2');
    expect(lent.categories).toContainEqual({ name: 'featured', label: 'Featured' });
    expect(lent.patterns.find((pattern) => pattern.name === 'twentytwentythree/cta')).toMatchObject({ title: 'Call to action', categories: ['featured'], content: expect.stringContaining('<!-- wp:buttons') });
    const hidden = lent.patterns.filter((pattern) => pattern.inserter === false).map((pattern) => pattern.name);
    expect(hidden).toContain('twentytwentythree/hidden-404');
    const listed = patternEntries([lent]);
    expect(listed.map((entry) => entry.title)).toEqual(lent.patterns.filter((pattern) => pattern.inserter !== false).map((pattern) => pattern.title));
    expect(listed.find((entry) => entry.title === 'Call to action')?.category).toBe('Featured');
    expect(listed.find((entry) => entry.title === 'Standard')?.category).toBe('Query');
  });

  it('lends a subscriber, whom WordPress refuses its patterns, none, and no error', async () => {
    f = await wordpressFixture({ as: 'subscriber' });
    expect((await f.api('wp/v2/block-patterns/patterns', { as: 'subscriber' })).status).toBe(403);
    expect(await readSitePatterns(f.workspace.remote, 'wp/v2')).toStrictEqual(NO_PATTERNS);
  });
});
