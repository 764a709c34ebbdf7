// A new media item (an upload, raw or multipart, or an image edit) is one write to the
// database where the storage's exclusive create keeps other writers off its file name (a
// folder, shared or not): the item's row, its name claimed by the file alone. An S3 server
// may ignore If-None-Match: there the name is claimed in the database first, a second commit.
import { beforeAll, expect, it } from 'vitest';
import { siteOnEachBackend } from '../helpers/site-on-each-backend.ts';
import { markedImage, uploadMultipart, uploadRaw } from '../helpers/images.ts';

const COMMITS_PER_ITEM = { folder: 1, 'shared folder': 1, s3: 2 } as const;

type Answer = { status: number; body: { id: number; source_url: string } };

siteOnEachBackend('commits of a new media item (%s)', (on) => {
  beforeAll(async () => {
    // A shared storage is looked through once the site serves, a write of its own: done before counting.
    await on.site.running.site.filesLeftBehind;
  });

  /** The commits `write` makes for the item, as the store asks its guard before each one. */
  async function counted(write: () => Promise<Answer>): Promise<{ answer: Answer; commits: number }> {
    const store = on.site.running.site.context.store;
    let commits = 0;
    store.commitGuard = () => {
      // Only the route's own (its writer's) and its name's claim (made while the image decodes, outside the route's await chain): signing in
      // records the password's use now and then, and the search index is brought up to date in a later batch.
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = Infinity;
      if (/media-routes\.ts|media-writer\.ts|media-names\.ts/.test(new Error().stack!)) commits++;
      Error.stackTraceLimit = limit;
    };
    try {
      return { answer: await write(), commits };
    } finally {
      store.commitGuard = null;
    }
  }

  /** Each way a new item is made: what it needs first, then the write counted. */
  const makers: [string, () => Promise<() => Promise<Answer>>][] = [
    ['a raw upload', async () => {
      const bytes = await markedImage(64, 48);
      return () => uploadRaw(on.site, bytes, 'raw.png');
    }],
    ['a multipart upload', async () => {
      const bytes = await markedImage(64, 48);
      return () => uploadMultipart(on.site, bytes, 'multipart.png');
    }],
    ['an image edit', async () => {
      const item = (await uploadRaw(on.site, await markedImage(64, 48), 'to-edit.png')).body as Answer['body'];
      return () => on.site.api(`/cms/v2/media/${item.id}/edit`, { as: 'administrator', method: 'POST', body: { src: item.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } });
    }],
  ];

  it.each(makers)('%s', async (_label, prepare) => {
    const { answer, commits } = await counted(await prepare());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(commits).toBe(COMMITS_PER_ITEM[on.name]);
  });
});
