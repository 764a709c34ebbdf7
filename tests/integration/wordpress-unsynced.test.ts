// What is not synced is said: a WordPress that shows custom content types over REST (here
// a "book" type of a must-use plugin, on a WordPress of its own so the shared one stays
// plain) has them named on the run's message, with the reason; WordPress's own types are
// not named.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { startWordPress, type RunningWordPress } from '../helpers/wordpress/wordpress.ts';
import { wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';

describe('custom content types of a WordPress', () => {
  let wp: RunningWordPress;
  let f: WordPressFixture | undefined;
  beforeAll(async () => {
    wp = await startWordPress();
    const plugins = path.join(wp.contentDir, 'mu-plugins');
    fs.mkdirSync(plugins, { recursive: true });
    fs.writeFileSync(path.join(plugins, 'inkwell-books.php'), `<?php
add_action( 'init', function () {
	register_post_type( 'book', array( 'label' => 'Books', 'public' => true, 'show_in_rest' => true ) );
	register_post_type( 'secret_note', array( 'label' => 'Secret notes', 'public' => false, 'show_in_rest' => false ) );
} );
`);
  });
  afterAll(async () => {
    await f?.close();
    await wp?.stop();
  });

  it('are named on every run with the reason, and posts and pages still sync', async () => {
    f = await wordpressFixture({ wp });
    const run = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(run).toMatchObject({ result: 'ok', pulled: 3 });
    expect(run.message).toBe('Not synced: Books (book), the site\'s own content type. Inkwell syncs posts and pages; edit it on the site.');
    expect((await syncSite(f.workspace, { retry: FAST_RETRY })).message).toContain('Books (book)');
  });
});
