// Two instances on one database saving different fields of one stored record at once (the
// site's settings, who the site represents, a task list): each save is read-then-write under
// the write lock, so neither field is lost, whichever instance writes last, even where the
// instance had kept the record in memory. Tests line two saves up behind a write lock
// they hold until both wait, the case a lost update needs, made certain rather than likely
// (Linux: they watch the SQLite instances in /proc): two fields of the settings, two
// updates of one post with the same If-Match (exactly one wins), and two categories or
// contact forms of one name (each gets a slug of its own, where the unique slug was a 500).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { itemVersionTag } from '../helpers/expect-api.ts';
import { LOCK_POLL_MS } from '../../server/store/lock-poll.ts';

let instances: InstanceSet;
let a: SiteInstance;
let b: SiteInstance;
let headers: Record<string, string>;

beforeAll(async () => {
  instances = prepareInstances();
  instances.cli('user', 'create', '--login', 'owner', '--role', 'administrator', '--password', 'owner-account-password');
  const password = /\n([A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5})\n/.exec(instances.cli('app-password', 'create', '--user', 'owner', '--name', 'tests'))![1];
  headers = { authorization: `Basic ${Buffer.from(`owner:${password}`).toString('base64')}` };
  [a, b] = await Promise.all([instances.start('--deployment', 'b'), instances.start('--deployment', 'b')]);
}, 60_000);
afterAll(() => instances?.close());

const post = (instance: SiteInstance, route: string, body: unknown) => request(`${instance.api}${route}`, { method: 'POST', headers, body });
const get = (instance: SiteInstance, route: string) => request(`${instance.api}${route}`, { headers });

/** The Organization node of the site's JSON-LD graph: the site representation's fields. */
async function organization(instance: SiteInstance): Promise<{ name: string; description?: string }> {
  const home = `${new URL(instance.api).origin}/`;
  const head = await get(instance, `seo/v1/get_head?url=${encodeURIComponent(home)}`);
  return head.body.json.schema['@graph'].find((node: { '@type': unknown }) => node['@type'] === 'Organization');
}

describe('two instances saving one record at once', () => {
  it('keep both fields of the site settings and of the site representation, round after round', async () => {
    for (let round = 1; round <= 15; round++) {
      const saved = await Promise.all([
        post(a, 'cms/v2/settings', { title: `Title ${round}` }),
        post(b, 'cms/v2/settings', { description: `Tagline ${round}` }),
        post(b, 'seo/v1/configuration/site_representation', { company_or_person: 'company', company_name: `Company ${round}` }),
        post(a, 'seo/v1/configuration/site_representation', { company_or_person: 'company', description: `About ${round}` }),
      ]);
      expect(saved.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const settings = (await get(a, 'cms/v2/settings')).body;
      expect([settings.title, settings.description]).toEqual([`Title ${round}`, `Tagline ${round}`]);
      expect(await organization(b)).toMatchObject({ name: `Company ${round}`, description: `About ${round}` });
    }
  });

  it('keep every task marked done, however the marks are spread over the instances', async () => {
    const tasks = (await get(a, 'seo/v1/get_tasks')).body.tasks as { id: string }[];
    expect(tasks.length).toBeGreaterThan(3);
    const marked = await Promise.all(tasks.map((task, n) => post(n % 2 ? a : b, 'seo/v1/complete_task', { options: { task: task.id } })));
    expect(marked.every((answer) => answer.status === 200)).toBe(true);
    const after = (await get(b, 'seo/v1/get_tasks')).body.tasks as { id: string; completed_at: string | null }[];
    expect(after.filter((task) => task.completed_at === null).map((task) => task.id)).toEqual([]);
  });

  it('keep both fields when the two saves meet: both asked before either could write', async () => {
    await credentialUsed();
    const held = holdWrites('options');
    try {
      const saves = Promise.all([
        post(a, 'cms/v2/settings', { title: 'Held title' }),
        post(b, 'cms/v2/settings', { description: 'Held tagline' }),
      ]);
      await held.bothWaiting(saves);
      await held.release();
      expect((await saves).map((answer) => answer.status)).toEqual([200, 200]);
    } finally {
      await held.close();
    }
    const settings = (await get(b, 'cms/v2/settings')).body;
    expect([settings.title, settings.description]).toEqual(['Held title', 'Held tagline']);
  });
});

describe('two instances updating one post with the same If-Match at once', () => {
  it('let exactly one win, though each had the post read and kept before', async () => {
    const created = await post(a, 'cms/v2/posts', { title: 'First words', status: 'publish' });
    expect(created.status).toBe(201);
    const item = `cms/v2/posts/${created.body.id}`;
    // Both instances have read the post (and may keep it) at the same version (their answers differ in their addresses).
    const [readA, readB] = await Promise.all([get(a, `${item}?context=edit`), get(b, `${item}?context=edit`)]);
    expect(itemVersionTag(readB.headers.get('etag'))).toBe(itemVersionTag(readA.headers.get('etag')));
    const ifMatch = { ...headers, 'if-match': readA.headers.get('etag')! };
    await credentialUsed();
    // Another post written on a just before the lock is taken: a's search index takes it in
    // (100 ms later) under the held lock, so a's timer waits for the lock beside
    // its update, as it did in the clean clone ci55 (where the create above fell so close).
    expect((await post(a, 'cms/v2/posts', { title: 'Indexed while held', status: 'publish' })).status).toBe(201);
    const held = holdWrites('posts');
    let answers;
    try {
      const saves = Promise.all([
        request(`${a.api}${item}`, { method: 'POST', headers: ifMatch, body: { title: 'Words of a' } }),
        request(`${b.api}${item}`, { method: 'POST', headers: ifMatch, body: { title: 'Words of b' } }),
      ]);
      await held.bothWaiting(saves);
      await held.release();
      answers = await saves;
    } finally {
      await held.close();
    }
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.status === 200)!.body.title.raw;
    expect((await get(b, `${item}?context=edit`)).body.title.raw).toBe(winner);
    expect((await get(a, `${item}?context=edit`)).body.title.raw).toBe(winner);
  });
});

describe('two instances making a category of one name at once', () => {
  it('make two, each with a slug of its own, rather than refusing one with a 500', async () => {
    await credentialUsed();
    const held = holdWrites('terms');
    let answers;
    try {
      const made = Promise.all([a, b].map((instance) => post(instance, 'cms/v2/categories', { name: 'Field notes' })));
      await held.bothWaiting(made);
      await held.release();
      answers = await made;
    } finally {
      await held.close();
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.body.slug).sort()).toEqual(['field-notes', 'field-notes-2']);
  });
});

describe('two instances of deployment A making a contact form of one title at once', () => {
  it('make two, each with a slug of its own, rather than refusing one with a 500', async () => {
    const [c, d] = await Promise.all([instances.start(), instances.start()]);
    for (const instance of [c, d]) expect((await get(instance, 'contact-form/v1/contact-forms')).status).toBe(200);
    const held = holdWrites('contact_forms');
    let answers;
    try {
      const made = Promise.all([c, d].map((instance) => post(instance, 'contact-form/v1/contact-forms', { title: 'Booking' })));
      await held.bothWaiting(made, c, d);
      await held.release();
      answers = await made;
    } finally {
      await held.close();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.slug).sort()).toEqual(['booking', 'booking-2']);
  }, 60_000);
});

/** Each instance records its credential's use (a write) now: the writes held are then the requests' own. */
async function credentialUsed(): Promise<void> {
  for (const instance of [a, b]) expect((await get(instance, 'cms/v2/settings')).status).toBe(200);
}

/**
 * Polls until `done`: a state of other processes the test watches, not a guess at a delay. It
 * fails once `answered` settles first: instances that answered are no longer waiting.
 */
async function until(done: () => boolean | Promise<boolean>, answered: Promise<unknown>): Promise<void> {
  let settled = false;
  answered.then(() => (settled = true), () => (settled = true));
  while (!(await done())) {
    if (settled) throw new Error('The writes were answered before the test saw both instances wait for the lock');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface HeldWrites {
  /**
   * Resolves once both instances (a and b unless named) wait for the lock the test holds (or for
   * each other's, behind it) to serve the writes `answered` waits for.
   */
  bothWaiting(answered: Promise<unknown>, first?: SiteInstance, second?: SiteInstance): Promise<void>;
  release(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Takes the database's write lock (on PostgreSQL, `table`'s), as another process would: reads go on, writes wait. On
 * SQLite a write first polls for the lock on the event loop (SqliteStore.writeLockFree: timers up to
 * 50 ms apart, the whole lock wait long; one poll for all the instance's waits, a timer's too:
 * lock-poll.ts), and only when that has run out waits in SQLite's busy handler. The test releases the lock while both poll: each then has what is left of its
 * lock wait to take it after the other's write. (Released in the busy handler's 100 ms, the second
 * one's wait ran out while the first wrote on a loaded machine: a 503.) Both are seen in /proc
 * (Linux x86-64): polling is epoll_pwait with the poll's 50 ms at every look over more than 50 ms
 * (an idle site blocked on another timer wakes in that time); the busy handler's sleep (clock_nanosleep) is
 * waiting too. On PostgreSQL its session waits on a lock (pg_stat_activity).
 */
function holdWrites(table: string): HeldWrites {
  if (!ON_POSTGRES) {
    const holder = new Database(path.join(instances.dataDir, 'site.db'));
    holder.exec('BEGIN IMMEDIATE');
    const waiting = (instance: SiteInstance) => waitsForLock(instance.child.pid!);
    return {
      bothWaiting: (answered, first = a, second = b) => until(async () => (await waiting(first)) && (await waiting(second)), answered),
      release: async () => void holder.exec('COMMIT'),
      close: async () => void holder.close(),
    };
  }
  const Client = createRequire(import.meta.url)('pg-native') as new () => PgClient;
  const connect = () => {
    const client = new Client();
    client.connectSync(instances.database!);
    return client;
  };
  const holder = connect();
  const watcher = connect();
  holder.querySync('BEGIN');
  holder.querySync(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
  return {
    bothWaiting: (answered) => until(() => {
      const [row] = watcher.querySync("SELECT COUNT(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
      return row.waiting === 2;
    }, answered),
    release: async () => void holder.querySync('COMMIT'),
    close: async () => {
      for (const client of [holder, watcher]) client.pq.finish();
      // libpq's binding closes its socket watcher after finish() returns: the objects must outlive that.
      setTimeout(() => [holder, watcher], 1000).unref();
    },
  };
}

/** epoll_pwait and its timeout argument, clock_nanosleep and nanosleep: x86-64's numbers. */
const EPOLL_PWAIT = '281';
const SLEEPS = ['230', '35'];
/** Looks 20 ms apart over more than one poll's pause: an idle site blocked once on a timer 50 ms away has woken by the last. */
const LOOKS = 4;
const LOOK_APART_MS = 20;

/** Whether the process waits for the write lock: in SQLite's busy handler, or polling on its loop at every look. */
async function waitsForLock(pid: number): Promise<boolean> {
  for (let look = 0; look < LOOKS; look++) {
    if (look > 0) await new Promise((resolve) => setTimeout(resolve, LOOK_APART_MS));
    const [call, , , , timeout] = fs.readFileSync(`/proc/${pid}/syscall`, 'utf8').split(' ');
    if (SLEEPS.includes(call)) return true;
    if (call !== EPOLL_PWAIT || Number(timeout) !== LOCK_POLL_MS) return false;
  }
  return true;
}

/** pg-native's synchronous client, as far as used here. */
interface PgClient {
  connectSync(url: string): void;
  querySync(sql: string): Record<string, unknown>[];
  pq: { finish(): void };
}
