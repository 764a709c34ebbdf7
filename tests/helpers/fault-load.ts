// The fault harness's clients (issue 31): a few editors writing through one address (nginx in
// front of the instances) while the tests break things underneath: creates, updates with
// If-Match, autosaves, batches and uploads, each write carrying a marker no other write has.
// Every answer is kept with its outcome, and checkWrites() then reads the site back and holds
// it to the rules: an acknowledged write exists exactly once, a write the site refused (its own
// error, any status) wrote nothing, a write whose answer never came from the site (nginx's 502,
// a cut connection) or that the site answered as undetermined (`500 write_outcome_unknown`)
// exists at most once, and no request went unanswered past its timeout.
import { expect } from 'vitest';
import { request } from './http-request.ts';
import { solidImage } from './images.ts';
import { seededRandom } from './seeded-random.ts';
import { staleReads } from './stale-reads.ts';
import { UPSTREAM_HEADER } from './nginx.ts';

export type WriteKind = 'create' | 'update' | 'autosave' | 'batch' | 'upload';
/**
 * acknowledged: a 2xx; refused: the site's own error answer; undetermined: the site's answer that
 * it cannot tell whether the write was made; unknown: no answer from the site (nginx's error page, a cut connection).
 */
export type Outcome = 'acknowledged' | 'refused' | 'undetermined' | 'unknown' | 'hung';

export interface Write {
  kind: WriteKind;
  /** The write's own marker: a created item's excerpt or media title, an update's or autosave's title. */
  marker: string;
  /** The post written to (updates and autosaves). */
  post?: number;
  /** The item made (acknowledged creates and uploads). */
  id?: number;
  status: number | 'network' | 'timeout';
  outcome: Outcome;
  ms: number;
  /** When it was sent and answered, in ms on the harness's clock (performance.now()). */
  sentAt: number;
  answeredAt: number;
  /** The fault under way when the write was answered. */
  phase: string;
  /** An update's read of the post, whose version its If-Match sent. */
  read?: PostSeen & { sentAt: number; answeredAt: number };
  /** The stored version a 412 named (the post it met instead of the one read). */
  met?: PostSeen;
}

/** A version of a post as an answer showed it: its title (each write's marker) and modified time. */
export interface PostSeen {
  title: string;
  modifiedGmt: string;
}

interface Answer {
  status: number | 'network' | 'timeout';
  body: any;
  headers?: Headers;
  ms: number;
  sentAt: number;
}

/** The site's own error answer: the interface's error shape (nginx's pages are HTML). */
function siteError(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' && typeof (body as { data?: { status?: unknown } }).data?.status === 'number';
}

function outcomeOf(answer: Answer): Outcome {
  if (answer.status === 'timeout') return 'hung';
  if (answer.status === 'network') return 'unknown';
  if (answer.status >= 200 && answer.status < 300) return 'acknowledged';
  if (!siteError(answer.body)) return 'unknown';
  return (answer.body as { code: string }).code === 'write_outcome_unknown' ? 'undetermined' : 'refused';
}

export interface LoadOptions {
  /** The address the clients write through (nginx), its API root. */
  api: string;
  headers: Record<string, string>;
  clients: number;
  /** A request unanswered after this long counts as hung. */
  timeoutMs: number;
  seed: number;
}

/** Concurrent editors writing until stop(); each keeps to its own posts, one request at a time. */
export class FaultLoad {
  readonly writes: Write[] = [];
  /** When each fault began, on the wall clock (nginx's and the instances' logs tell time so). */
  readonly phases: { phase: string; at: string }[] = [{ phase: 'before', at: new Date().toISOString() }];
  /** The fault under way, set by the test (kept with each write). */
  get phase(): string {
    return this.phases.at(-1)!.phase;
  }
  set phase(phase: string) {
    this.phases.push({ phase, at: new Date().toISOString() });
  }
  /** When each instance (its address, as nginx names it) last answered a request through nginx, on the harness's clock. */
  private readonly answeredBy = new Map<string, number>();
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private image: Buffer | undefined;

  constructor(private readonly options: LoadOptions) {}

  async start(): Promise<void> {
    // Large enough for a thumbnail (150×150), so an upload writes several files.
    this.image = await solidImage(180, 160, 'png');
    for (let client = 0; client < this.options.clients; client++) this.loops.push(this.client(client));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Writes acknowledged so far. */
  acknowledged(): number {
    return this.writes.filter((write) => write.outcome === 'acknowledged').length;
  }

  /** Resolves once `count` more writes are acknowledged (so that the next fault meets writes in flight). */
  async progress(count: number, withinMs = 30_000): Promise<void> {
    const target = this.acknowledged() + count;
    const deadline = Date.now() + withinMs;
    while (this.acknowledged() < target) {
      if (Date.now() > deadline) throw new Error(`no progress in ${withinMs} ms: ${JSON.stringify(figures(this))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Resolves once nginx has sent a request to the instance on `port` that it answered after `since`
   * (performance.now()): nginx sends to an instance it saw refuse only after its fail_timeout
   * (counted in whole seconds), then one request alone until that one is answered. Stopping the
   * other instance before leaves nginx none for a moment: its own `502 no live upstreams`.
   */
  async servedBy(port: number, since: number, withinMs = 30_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!((this.answeredBy.get(`127.0.0.1:${port}`) ?? -1) > since)) {
      if (Date.now() > deadline) throw new Error(`nginx sent nothing to 127.0.0.1:${port} in ${withinMs} ms: ${JSON.stringify(figures(this))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async send(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }): Promise<Answer> {
    const started = performance.now();
    const headers = { ...this.options.headers, ...init.headers };
    let body: BodyInit | undefined;
    if (Buffer.isBuffer(init.body)) body = new Uint8Array(init.body);
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    try {
      const response = await fetch(new URL(path, this.options.api), { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(this.options.timeoutMs) });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
        // Answered by an instance (nginx's own pages are HTML): the last address nginx tried.
        const answeredBy = response.headers.get(UPSTREAM_HEADER)?.split(/[,:] /).at(-1);
        if (answeredBy) this.answeredBy.set(answeredBy, performance.now());
      } catch {
        // nginx's HTML error page
      }
      return { status: response.status, body: parsed, headers: response.headers, ms: performance.now() - started, sentAt: started };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return { status: timedOut ? 'timeout' : 'network', body: null, ms: performance.now() - started, sentAt: started };
    }
  }

  private record(kind: WriteKind, marker: string, answer: Answer, fields: Pick<Write, 'post' | 'id' | 'read' | 'met'> = {}): Write {
    const write: Write = {
      kind, marker, status: answer.status, outcome: outcomeOf(answer), ms: answer.ms, sentAt: answer.sentAt, answeredAt: answer.sentAt + answer.ms, phase: this.phase, ...fields,
    };
    this.writes.push(write);
    return write;
  }

  private async client(client: number): Promise<void> {
    const random = seededRandom(this.options.seed * 100 + client);
    const own: number[] = [];
    for (let n = 0; this.running; n++) {
      const marker = `fault-c${client}-w${n}`;
      const choice = own.length === 0 ? 0 : Math.floor(random() * 6);
      const post = own[Math.floor(random() * own.length)];
      if (choice <= 1) {
        const answer = await this.send('cms/v2/posts', { method: 'POST', body: { title: marker, excerpt: marker, status: 'publish' } });
        const write = this.record('create', marker, answer, { id: answer.body?.id });
        if (write.outcome === 'acknowledged') own.push(answer.body.id);
      } else if (choice === 2) {
        await this.update(marker, post!);
      } else if (choice === 3) {
        const answer = await this.send(`cms/v2/posts/${post}/autosaves`, { method: 'POST', body: { title: marker, content: `Autosaved ${marker}` } });
        this.record('autosave', marker, answer, { post });
      } else if (choice === 4) {
        const markers = [0, 1, 2].map((item) => `${marker}-b${item}`);
        const answer = await this.send('batch/v1', {
          method: 'POST',
          body: { requests: markers.map((itemMarker) => ({ method: 'POST', path: '/cms/v2/posts', body: { title: itemMarker, excerpt: itemMarker, status: 'publish' } })) },
        });
        const responses: { status: number; body: { id?: number } }[] | undefined = Array.isArray(answer.body?.responses) ? answer.body.responses : undefined;
        markers.forEach((itemMarker, item) => {
          // Each item of a batch is its own write, answered in the batch's answer.
          const itemAnswer = responses ? { ...answer, status: responses[item]!.status, body: responses[item]!.body } : answer;
          const write = this.record('batch', itemMarker, itemAnswer, { id: responses?.[item]?.body?.id });
          if (write.outcome === 'acknowledged') own.push(write.id!);
        });
      } else {
        const answer = await this.send('cms/v2/media', {
          method: 'POST', headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename="${marker}.png"` }, body: this.image,
        });
        this.record('upload', marker, answer, { id: answer.body?.id });
      }
    }
  }

  /** A read of the post for its version, then the update under If-Match on it. */
  private async update(marker: string, post: number): Promise<void> {
    const read = await this.send(`cms/v2/posts/${post}?context=edit`, {});
    const etag = read.headers?.get('etag');
    // No version to send: the update is not tried (the read's failure is the fault's, not a write).
    if (read.status !== 200 || !etag) return;
    const answer = await this.send(`cms/v2/posts/${post}`, { method: 'PUT', headers: { 'if-match': etag }, body: { title: marker } });
    const seen = { ...postSeen(read.body), sentAt: read.sentAt, answeredAt: read.sentAt + read.ms };
    const met = answer.status === 412 && siteError(answer.body) ? postSeen(answer.body.data.current) : undefined;
    this.record('update', marker, answer, { post, read: seen, met });
  }
}

function postSeen(post: { title: { raw: string }; modified_gmt: string }): PostSeen {
  return { title: post.title.raw, modifiedGmt: post.modified_gmt };
}

export interface LoadFigures {
  writes: number;
  acknowledged: number;
  refused: Record<string, number>;
  undetermined: Record<string, number>;
  unknown: Record<string, number>;
  hung: number;
  /** The slowest answer in each phase. */
  maxMs: Record<string, number>;
}

export function figures(load: FaultLoad): LoadFigures {
  const count = (outcome: Outcome) => {
    const counts: Record<string, number> = {};
    for (const write of load.writes.filter((each) => each.outcome === outcome)) {
      const key = `${write.status} ${write.kind} (${write.phase})`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  return {
    writes: load.writes.length,
    acknowledged: load.acknowledged(),
    refused: count('refused'),
    undetermined: count('undetermined'),
    unknown: count('unknown'),
    hung: load.writes.filter((write) => write.outcome === 'hung').length,
    maxMs: Object.fromEntries([...new Set(load.writes.map((write) => write.phase))].map((phase) => [
      phase, Math.round(Math.max(...load.writes.filter((write) => write.phase === phase).map((write) => write.ms))),
    ])),
  };
}

/** Every page of a collection of the API (edit context). */
async function readAll<T>(api: string, headers: Record<string, string>, route: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await request(new URL(`${route}${route.includes('?') ? '&' : '?'}context=edit&per_page=100&page=${page}`, api), { headers });
    expect(answer.status, `${route} page ${page}`).toBe(200);
    items.push(...(answer.body as T[]));
    if (page >= Number(answer.headers.get('x-wp-totalpages') ?? 1)) return items;
  }
}

interface ReadPost { id: number; title: { raw: string }; excerpt: { raw: string } }
interface ReadMedia { id: number; title: { raw: string }; source_url: string; media_details: { sizes?: Record<string, { source_url: string }> } }

/** Holds the site, read back through `api` once the faults are over, to the rules above. */
export async function checkWrites(load: FaultLoad, api: string, headers: Record<string, string>): Promise<void> {
  const writes = load.writes;
  expect(writes.filter((write) => write.outcome === 'hung'), 'requests unanswered past their timeout').toEqual([]);
  expect(staleReads(writes), 'reads that did not show an acknowledged write, or a 412 no write explains').toEqual([]);

  const posts = await readAll<ReadPost>(api, headers, 'cms/v2/posts');
  const byExcerpt = new Map<string, ReadPost[]>();
  for (const post of posts) byExcerpt.set(post.excerpt.raw.trim(), [...(byExcerpt.get(post.excerpt.raw.trim()) ?? []), post]);
  const made = (kinds: WriteKind[]) => writes.filter((write) => kinds.includes(write.kind));
  for (const write of made(['create', 'batch'])) {
    const found = byExcerpt.get(write.marker) ?? [];
    if (write.outcome === 'acknowledged') expect(found.map((post) => post.id), `acknowledged ${write.kind} ${write.marker}`).toEqual([write.id]);
    else if (write.outcome === 'refused') expect(found, `${write.kind} ${write.marker} answered ${write.status} (${write.phase})`).toEqual([]);
    else expect(found.length, `${write.kind} ${write.marker} with no answer from the site, or an undetermined one`).toBeLessThanOrEqual(1);
  }
  const issued = new Set(made(['create', 'batch']).map((write) => write.marker));
  expect(posts.filter((post) => !issued.has(post.excerpt.raw.trim())).map((post) => post.excerpt.raw), 'posts no client made').toEqual([]);

  // Updates: each acknowledged title is in the post's history exactly once, a refused one nowhere.
  const updated = new Set(made(['update', 'autosave']).map((write) => write.post!));
  for (const post of updated) {
    const revisions = await readAll<ReadPost>(api, headers, `cms/v2/posts/${post}/revisions`);
    const autosaves = (await request(new URL(`cms/v2/posts/${post}/autosaves?context=edit`, api), { headers })).body as ReadPost[];
    const current = posts.find((each) => each.id === post)!;
    const titles = [...revisions, ...autosaves].map((revision) => revision.title.raw);
    for (const write of writes.filter((each) => each.post === post)) {
      const times = titles.filter((title) => title === write.marker).length;
      if (write.outcome === 'refused') {
        expect(times, `${write.kind} ${write.marker} answered ${write.status} (${write.phase})`).toBe(0);
        expect(current.title.raw).not.toBe(write.marker);
      } else if (write.kind === 'update' && write.outcome === 'acknowledged') {
        expect(times, `acknowledged update ${write.marker}`).toBe(1);
      }
    }
    // The last write to a post, when acknowledged, is what the post (or its autosave) shows.
    const last = writes.filter((each) => each.post === post).at(-1)!;
    if (last.outcome === 'acknowledged' && last.kind === 'update') expect(current.title.raw).toBe(last.marker);
    if (last.outcome === 'acknowledged' && last.kind === 'autosave') expect(autosaves.map((autosave) => autosave.title.raw)).toContain(last.marker);
  }

  // Uploads: each acknowledged one is one item whose files are all served; a refused one left no item.
  const media = await readAll<ReadMedia>(api, headers, 'cms/v2/media');
  for (const write of made(['upload'])) {
    const found = media.filter((item) => item.title.raw === write.marker);
    if (write.outcome === 'acknowledged') {
      expect(found.map((item) => item.id), `acknowledged upload ${write.marker}`).toEqual([write.id]);
      for (const file of [found[0]!.source_url, ...Object.values(found[0]!.media_details.sizes ?? {}).map((size) => size.source_url)]) {
        expect((await fetch(new URL(new URL(file).pathname, api), { method: 'HEAD' })).status, `${file} of ${write.marker}`).toBe(200);
      }
    } else if (write.outcome === 'refused') expect(found, `upload ${write.marker} answered ${write.status} (${write.phase})`).toEqual([]);
    else expect(found.length, `upload ${write.marker} with no answer from the site, or an undetermined one`).toBeLessThanOrEqual(1);
  }
  const uploaded = new Set(made(['upload']).map((write) => write.marker));
  expect(media.filter((item) => !uploaded.has(item.title.raw)).map((item) => item.title.raw), 'media no client uploaded').toEqual([]);
}
