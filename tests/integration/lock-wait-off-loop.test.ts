// A SQLite site whose write lock another process holds (a second instance on the same --data
// folder, a CLI command): a request that needs it waits off the event loop, so the instance
// answers everything else meanwhile (the API index and a cached read, before the write); the write
// lands once as soon as the lock is free, or is answered 503 with Retry-After once the lock wait
// has passed, having written nothing (read back). Over each kind of write a request reaches: the
// API's writes (a create, an update, a delete, a batch, an upload, an autosave, a setting, a
// category, a contact form), a wrong password's sign-in count (a read that writes), a page's
// form (a sign-in) and a search (which indexes saved rows first). The API's writes are also met
// by the lock taken just after the site's own wait before serving them (Store.writeLockFree):
// their statements then meet it themselves, as when a request awaited something first.
// The lock is held by another process (tests/helpers/lock-holder.ts).
// What shows a read is not held by the wait is counted, not timed (issue 30: on a loaded machine
// a read's wall time is the machine's): the loop is never seen asleep in SQLite's lock wait, and
// while the lock is held until the test lets it go, every read is answered before the write is.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import type { ApiResult } from '../helpers/http-request.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import { startLockHolder, type LockHolder } from '../helpers/lock-holder.ts';
import { LOCK_SLEEP_MS, watchLoopLockSleeps, type LoopLockSleeps } from '../helpers/loop-lock-sleeps.ts';
import { cookieSet, formToken, postForm } from '../helpers/grant-page.ts';

/** The lock wait while a write is to be refused: the site's 5 s says the same, slower. */
const REFUSED_AFTER_MS = 300;
/**
 * The lock wait while a write is to land: longer than the reads made meanwhile take on any
 * machine, so that the lock is let go by the test, after them, and not given up by the site's
 * clock first (the site's 5 s is a time the reads pass beside busy loops).
 */
const LANDS_WITHIN_MS = 20_000;
/** Rounds of reads made while a write waits, before the lock is let go. */
const ROUNDS_WHILE_WAITING = 10;

/** Status and Retry-After of each answer a write gave (a batch: its items'). */
interface Outcome {
  status: number;
  retryAfter: string | null | undefined;
}

interface PreparedWrite {
  send(): Promise<ApiResult>;
  /** How many times what it writes is there, read back: 0, or 1 once it landed. */
  written(): Promise<number>;
  /** Each answer it gave. */
  outcomes(answer: ApiResult): Outcome[];
}

interface WriteCase {
  name: string;
  /** An API write, which the site waits for the lock before serving (so the lock can be taken just after that wait). */
  apiWrite: boolean;
  /** The status of each answer once it landed (a wrong password's is 401); any below 400 when not said. */
  landedStatus?: number;
  /** Makes what the write needs (before the lock is taken); `tag` names what it writes, once per test. */
  prepare(site: TestSite, tag: string): Promise<PreparedWrite>;
}

const single = (answer: ApiResult): Outcome[] => [{ status: answer.status, retryAfter: answer.headers.get('retry-after') }];

async function newPost(site: TestSite, title: string): Promise<number> {
  const created = await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title, status: 'publish' } });
  expect(created.status).toBe(201);
  return created.body.id;
}

const postTitle = async (site: TestSite, id: number) => (await site.api(`cms/v2/posts/${id}`, { as: 'editor', query: { context: 'edit' } })).body.title?.raw;
const bySlug = async (site: TestSite, route: string, slug: string) => (await site.api(route, { as: 'editor', query: { slug, status: route.endsWith('media') ? 'inherit' : 'any' } })).body.length;
const once = (landed: boolean) => (landed ? 1 : 0);
const storeOf = (site: TestSite) => site.running.site.context.store;
const count = (site: TestSite, sql: string) => storeOf(site).get<{ count: number }>(sql)!.count;

const WRITES: WriteCase[] = [
  {
    name: 'a post created',
    apiWrite: true,
    prepare: async (site, tag) => ({
      send: () => site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: tag, status: 'publish' } }),
      written: () => bySlug(site, 'cms/v2/posts', tag),
      outcomes: single,
    }),
  },
  {
    name: 'a post updated',
    apiWrite: true,
    prepare: async (site, tag) => {
      const id = await newPost(site, `Before ${tag}`);
      return {
        send: () => site.api(`cms/v2/posts/${id}`, { method: 'POST', as: 'editor', body: { title: tag } }),
        written: async () => once((await postTitle(site, id)) === tag),
        outcomes: single,
      };
    },
  },
  {
    name: 'a post deleted',
    apiWrite: true,
    prepare: async (site, tag) => {
      const id = await newPost(site, tag);
      return {
        send: () => site.api(`cms/v2/posts/${id}`, { method: 'DELETE', as: 'editor', query: { force: true } }),
        written: async () => once((await site.api(`cms/v2/posts/${id}`, { as: 'editor' })).status === 404),
        outcomes: single,
      };
    },
  },
  {
    name: 'a batch (a create and an update)',
    apiWrite: true,
    prepare: async (site, tag) => {
      const id = await newPost(site, `Before ${tag}`);
      return {
        send: () => site.api('/batch/v1', {
          method: 'POST',
          as: 'editor',
          body: { requests: [{ method: 'POST', path: '/cms/v2/posts', body: { title: tag, status: 'publish' } }, { method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: tag } }] },
        }),
        written: async () => {
          const [created, updated] = [await bySlug(site, 'cms/v2/posts', tag), once((await postTitle(site, id)) === tag)];
          // All of it or none of it: a half-written batch is neither.
          expect(created).toBe(updated);
          return created;
        },
        outcomes: (answer) => (answer.status === 207
          ? answer.body.responses.map((item: { status: number; headers: Record<string, string> }) => ({ status: item.status, retryAfter: item.headers['Retry-After'] ?? item.headers['retry-after'] }))
          : single(answer)),
      };
    },
  },
  {
    name: 'an image uploaded',
    apiWrite: true,
    prepare: async (site, tag) => {
      const photo = await solidImage(600, 400, 'jpeg');
      return { send: () => uploadRaw(site, photo, `${tag}.jpg`, { as: 'editor' }), written: () => bySlug(site, 'cms/v2/media', tag), outcomes: single };
    },
  },
  {
    name: 'an autosave',
    apiWrite: true,
    prepare: async (site, tag) => {
      const id = await newPost(site, `Saved ${tag}`);
      return {
        send: () => site.api(`cms/v2/posts/${id}/autosaves`, { method: 'POST', as: 'editor', body: { title: tag } }),
        written: async () => (await site.api(`cms/v2/posts/${id}/autosaves`, { as: 'editor', query: { context: 'edit' } })).body
          .filter((autosave: { title: { raw: string } }) => autosave.title.raw === tag).length,
        outcomes: single,
      };
    },
  },
  {
    name: 'a setting',
    apiWrite: true,
    prepare: async (site, tag) => ({
      send: () => site.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { description: tag } }),
      written: async () => once((await site.api('cms/v2/settings', { as: 'administrator' })).body.description === tag),
      outcomes: single,
    }),
  },
  {
    name: 'a category',
    apiWrite: true,
    prepare: async (site, tag) => ({
      send: () => site.api('cms/v2/categories', { method: 'POST', as: 'editor', body: { name: tag } }),
      written: async () => (await site.api('cms/v2/categories', { query: { search: tag } })).body.length,
      outcomes: single,
    }),
  },
  {
    name: 'a contact form',
    apiWrite: true,
    prepare: async (site, tag) => ({
      send: () => site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: tag } }),
      written: async () => (await site.api('contact-form/v1/contact-forms', { as: 'editor' })).body.filter((form: { title: string }) => form.title === tag).length,
      outcomes: single,
    }),
  },
  {
    name: 'a wrong password, counted against its client',
    apiWrite: false,
    landedStatus: 401,
    prepare: async (site) => {
      // Each client's count in its window: a window that closed meanwhile (the tests' sign-in
      // window is short) starts again at the count this request made.
      type Window = { client: string; count: number; window_ends: number };
      const windows = () => new Map(storeOf(site).all<Window>("SELECT client, count, window_ends FROM rate_limits WHERE client LIKE 'sign-in %'").map((row) => [row.client, row]));
      const before = windows();
      const counted = () => [...windows().values()].reduce((sum, row) => {
        const was = before.get(row.client);
        return sum + (was && Number(was.window_ends) === Number(row.window_ends) ? row.count - was.count : row.count);
      }, 0);
      const wrong = `Basic ${Buffer.from(`${site.users.editor.login}:aaaa bbbb cccc dddd eeee ffff`).toString('base64')}`;
      return {
        send: () => site.api('cms/v2/posts', { headers: { authorization: wrong } }),
        written: async () => counted(),
        outcomes: single,
      };
    },
  },
  {
    name: 'a sign-in on the credential-grant page',
    apiWrite: false,
    prepare: async (site) => {
      const page = new URL('/authorize-application?app_name=Locked', site.url).toString();
      const form = await fetch(page);
      const [token, cookie] = [formToken(await form.text()), cookieSet(form, 'cms_sign_in')!];
      const sessions = () => count(site, 'SELECT COUNT(*) AS count FROM sessions');
      const before = sessions();
      return {
        send: async () => {
          const answer = await postForm(page, { action: 'login', log: site.users.editor.login, pwd: site.users.editor.password, token }, cookie);
          return { status: answer.status, headers: answer.headers, body: await answer.text() };
        },
        written: async () => sessions() - before,
        outcomes: single,
      };
    },
  },
];

describe('a request waiting for a SQLite lock another process holds', () => {
  let site: TestSite;
  let holder: LockHolder;
  let sleeps: LoopLockSleeps;
  let tags = 0;
  const tag = (name: string) => `lock${name.split(' ').at(-1)!.replace(/\W/g, '')}${++tags}`;

  beforeAll(async () => {
    site = await startTestSite();
    storeOf(site).setLockWait(LANDS_WITHIN_MS);
    holder = await startLockHolder(path.join(site.dataDir, 'site.db'));
    sleeps = await watchLoopLockSleeps();
    // Each read once (and each role's credential used, a write of its own): what is timed is then the wait, not a first request's work.
    await site.api('', {});
    await site.api('cms/v2/posts', {});
    for (const as of ['editor', 'administrator'] as const) await site.api('cms/v2/settings', { as });
  });
  afterAll(async () => {
    await sleeps?.stop();
    await holder?.close();
    await site?.close();
  });

  const store = () => storeOf(site);

  /**
   * The index and a cached read, again and again while `write` is not answered, each answered
   * 200, and the loop never asleep in a lock wait (SQLite's busy handler) for LOCK_SLEEP_MS at a
   * stretch meanwhile. With `rounds`, the lock is held until the test lets it go after them: each
   * read is then answered while the write still waits (a read held by the wait, queued behind the
   * write or waiting for the lock itself, is answered only once the write is, whatever the
   * machine's speed). Without, the write is refused at the site's deadline, which a read on a
   * loaded machine may outlast: the reads go on until it is answered.
   */
  async function readWhileWaiting(write: Promise<unknown>, rounds?: number): Promise<void> {
    let answered = false;
    void write.then(() => (answered = true), () => (answered = true));
    sleeps.takeLongest();
    for (let round = 0; rounds === undefined ? !answered : round < rounds; round++) {
      for (const route of ['', 'cms/v2/posts']) {
        const read = await site.api(route, {});
        expect(read.status).toBe(200);
        if (rounds !== undefined) expect(answered, `the write still waits when read ${round * 2 + (route ? 2 : 1)} is answered`).toBe(false);
      }
    }
    expect(sleeps.takeLongest(), 'the longest wait for the lock on the event loop').toBeLessThan(LOCK_SLEEP_MS);
  }

  /** Sends `write` with the lock held (taken by `lockTaken`), reading meanwhile, lets the lock go and expects it landed once. */
  async function landsOnceFree(writeCase: WriteCase, write: PreparedWrite, lockTaken: Promise<void>): Promise<void> {
    let sent: Promise<ApiResult>;
    try {
      sent = write.send();
      await lockTaken;
      await readWhileWaiting(sent, ROUNDS_WHILE_WAITING);
    } finally {
      await lockTaken.catch(() => {});
      await holder.release();
    }
    const answer = await sent;
    for (const outcome of write.outcomes(answer)) {
      if (writeCase.landedStatus) expect(outcome.status, JSON.stringify(answer.body)).toBe(writeCase.landedStatus);
      else expect(outcome.status, JSON.stringify(answer.body)).toBeLessThan(400); // a page's redirect (a sign-in's 303) too
    }
    expect(await write.written(), 'landed once').toBe(1);
  }

  it.each(WRITES)('$name: refused 503 with Retry-After and nothing written past the lock wait, landed once when the lock is let go, the instance answering meanwhile', async (writeCase) => {
    store().setLockWait(REFUSED_AFTER_MS);
    try {
      const refused = await writeCase.prepare(site, tag(writeCase.name));
      await holder.lock();
      let answer: ApiResult;
      try {
        const sent = refused.send();
        await readWhileWaiting(sent);
        answer = await sent;
      } finally {
        await holder.release();
      }
      for (const outcome of refused.outcomes(answer)) {
        expect(outcome.status, JSON.stringify(answer.body)).toBe(503);
        expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
      }
      expect(await refused.written(), 'nothing written').toBe(0);
    } finally {
      store().setLockWait(LANDS_WITHIN_MS);
    }

    const landed = await writeCase.prepare(site, tag(writeCase.name));
    await holder.lock();
    await landsOnceFree(writeCase, landed, Promise.resolve());
  });

  it.each(WRITES.filter((writeCase) => writeCase.apiWrite))('$name, the lock taken just after the site waited for it before serving: landed once when the lock is let go, the instance answering meanwhile', async (writeCase) => {
    const write = await writeCase.prepare(site, tag(writeCase.name));
    let tookLock!: (locked: Promise<void>) => void;
    const taken = new Promise<void>((resolve, reject) => (tookLock = (locked) => void locked.then(resolve, reject)));
    // The site's wait before serving the write finds the lock free, and the other process takes it then.
    const spy = vi.spyOn(store(), 'writeLockFree').mockImplementationOnce(() => {
      const locked = holder.lock();
      tookLock(locked);
      return locked;
    });
    try {
      await landsOnceFree(writeCase, write, taken);
    } finally {
      spy.mockRestore();
    }
  });

  /** A post saved, then the lock taken before its words are indexed (a timer does it 100 ms after the save): saved again until that order held. Its word. */
  async function savedUnindexedUnderLock(): Promise<string> {
    for (;;) {
      const word = `unindexed${++tags}`;
      await newPost(site, word);
      await holder.lock();
      if (store().get('SELECT 1 FROM posts_search_pending LIMIT 1') !== undefined) return word;
      await holder.release();
    }
  }

  it('a search, which first indexes the rows saved, waits for the lock off the loop: refused 503 past the lock wait, and finds them once the lock is let go', async () => {
    const search = (word: string) => site.api('cms/v2/posts', { query: { search: word } });
    store().setLockWait(REFUSED_AFTER_MS);
    try {
      const word = await savedUnindexedUnderLock();
      let answer: ApiResult;
      try {
        const sent = search(word);
        await readWhileWaiting(sent);
        answer = await sent;
      } finally {
        await holder.release();
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      store().setLockWait(LANDS_WITHIN_MS);
    }

    const word = await savedUnindexedUnderLock();
    let sent: Promise<ApiResult>;
    try {
      sent = search(word);
      await readWhileWaiting(sent, ROUNDS_WHILE_WAITING);
    } finally {
      await holder.release();
    }
    const answer = await sent;
    expect(answer.status).toBe(200);
    expect(answer.body.map((post: { title: { rendered: string } }) => post.title.rendered)).toEqual([word]);
  });

  it('an upload whose lock is taken while its image files are made waits for it off the loop, and lands once when it is free', async () => {
    const media = site.running.site.context.media;
    const writeFile = media.write.bind(media);
    let reached!: () => void;
    let goOn!: () => void;
    const writing = new Promise<void>((resolve) => (reached = resolve));
    const mayGoOn = new Promise<void>((resolve) => (goOn = resolve));
    // The original's file is written while its sizes are made: held there until the other process holds the lock.
    const spy = vi.spyOn(media, 'write').mockImplementationOnce(async (...args) => {
      reached();
      await mayGoOn;
      return writeFile(...args);
    });
    const upload = await WRITES.find((writeCase) => writeCase.name === 'an image uploaded')!.prepare(site, tag('midway upload'));
    let sent: Promise<ApiResult>;
    try {
      sent = upload.send();
      await writing;
      await holder.lock();
      goOn();
      await readWhileWaiting(sent, ROUNDS_WHILE_WAITING);
    } finally {
      goOn();
      spy.mockRestore();
      await holder.release();
    }
    const answer = await sent;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await upload.written()).toBe(1);
  });
});
