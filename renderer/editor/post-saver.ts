// Saving one post or page: one request at a time, a new item created exactly once however
// fast Save is pressed, every write of an existing item carrying the version it was based
// on (If-Match), and a 412 turned into a conflict the writer settles. Plain TypeScript: the
// editor drives it and shows what it reports.
import { SiteError, type SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'autosaving' | 'autosaved' | 'failed' | 'conflict';
export type SaveKind = 'save' | 'autosave';

export const AUTOSAVE_DELAY_MS = 3000;

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  autosaving: 'Autosaving…',
  autosaved: 'Autosaved (not yet saved)',
  failed: 'Not saved: see the message above',
  conflict: 'Not saved: changed elsewhere',
};

/** What the editor holds now: the body of a full save, and the text an autosave keeps. */
export interface Draft {
  body: Record<string, unknown>;
  text: { title: string; content: string; excerpt: string };
}

/** The site's version differs from the one the writer's change was based on. */
export interface SaveConflict {
  kind: SaveKind;
  theirs: Post;
  etag: string | null;
}

export interface SaverEvents {
  state(state: SaveState): void;
  /**
   * The site answered a save (or the create of a new item) with the item. `current` is false
   * when the writer changed something while it was on its way: the form keeps their changes.
   */
  saved(post: Post, kind: SaveKind, current: boolean): void;
  conflict(conflict: SaveConflict): void;
  error(error: unknown): void;
}

interface Job {
  kind: SaveKind;
  /** The writer's change count when the job took its snapshot; -1 until it starts. */
  edits: number;
  promise: Promise<void>;
}

export class PostSaver {
  private edits = 0;
  /** The change count the site holds (by a save or an autosave), and by a full save. */
  private acknowledged = 0;
  private saved = 0;
  private tail: Promise<void> = Promise.resolve();
  private queued: Partial<Record<SaveKind, Job>> = {};
  private running: Job | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pendingConflict: SaveConflict | null = null;

  constructor(
    private readonly client: SiteClient,
    private readonly kind: PostKind,
    private id: number | null,
    private etag: string | null,
    private readonly snapshot: () => Draft,
    private readonly events: SaverEvents,
    private readonly autosaveDelay = AUTOSAVE_DELAY_MS,
  ) {}

  get itemId(): number | null {
    return this.id;
  }

  /** Words the site does not hold yet (neither saved nor autosaved). */
  get hasUnsentChanges(): boolean {
    return this.edits > this.acknowledged;
  }

  get conflict(): SaveConflict | null {
    return this.pendingConflict;
  }

  /** The writer changed something: autosave once typing pauses. */
  changed(): void {
    this.edits += 1;
    if (!this.pendingConflict) this.events.state('unsaved');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.autosaveDelay);
  }

  /** A full save. Pressed again while one is waiting or running with nothing new, the same save is reused. */
  save(): Promise<void> {
    clearTimeout(this.timer);
    const waiting = this.queued.save;
    if (waiting) return waiting.promise;
    if (this.running?.kind === 'save' && this.running.edits === this.edits) return this.running.promise;
    return this.enqueue('save');
  }

  /** Sends what the site does not hold yet now, as an autosave (leaving the editor, a timer). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    if (!this.hasUnsentChanges) return this.tail;
    const waiting = this.queued.save ?? this.queued.autosave;
    if (waiting) return waiting.promise;
    if (this.running && this.running.edits === this.edits) return this.running.promise;
    return this.enqueue('autosave');
  }

  /** Stops the autosave timer; requests already sent or queued still finish. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  /** The writer keeps their version: it is written over the site's, which they have seen. */
  keepMine(): Promise<void> {
    const conflict = this.takeConflict();
    return conflict.kind === 'save' ? this.save() : this.flush();
  }

  /** The writer takes the site's version, already put into the editor without counting as a change. */
  takeTheirs(): void {
    this.takeConflict();
    this.acknowledged = this.edits;
    this.saved = this.edits;
    this.events.state('saved');
  }

  private takeConflict(): SaveConflict {
    const conflict = this.pendingConflict;
    if (!conflict) throw new Error('There is no conflict to settle.');
    this.pendingConflict = null;
    this.etag = conflict.etag;
    return conflict;
  }

  private enqueue(kind: SaveKind): Promise<void> {
    const job: Job = { kind, edits: -1, promise: Promise.resolve() };
    job.promise = this.tail.then(() => this.run(job));
    this.queued[kind] = job;
    this.tail = job.promise;
    return job.promise;
  }

  private async run(job: Job): Promise<void> {
    delete this.queued[job.kind];
    // A conflict is settled by the writer before anything else is written.
    if (this.pendingConflict) return;
    // A full save waiting behind it sends the same words and more.
    if (job.kind === 'autosave' && (!this.hasUnsentChanges || this.queued.save)) return;
    job.edits = this.edits;
    this.running = job;
    this.events.state(job.kind === 'save' ? 'saving' : 'autosaving');
    try {
      await this.send(job.kind, this.snapshot(), job.edits);
      this.acknowledged = Math.max(this.acknowledged, job.edits);
      if (job.kind === 'save') this.saved = Math.max(this.saved, job.edits);
      if (this.edits > job.edits) this.events.state('unsaved');
      else this.events.state(this.saved === job.edits ? 'saved' : 'autosaved');
    } catch (error) {
      if (error instanceof SiteError && error.status === 412 && this.id !== null) await this.reportConflict(job.kind, error);
      else {
        this.events.state('failed');
        this.events.error(error);
      }
    } finally {
      this.running = null;
    }
  }

  private async send(kind: SaveKind, draft: Draft, edits: number): Promise<void> {
    const base = `cms/v2/${this.kind}`;
    if (this.id === null) {
      // A new item is created once, as a draft when autosaved; every later request updates it.
      const body = kind === 'autosave' ? { ...draft.body, status: 'draft' } : draft.body;
      const created = await this.client.request<Post>('POST', base, { body });
      this.id = created.body.id;
      this.etag = created.headers.get('etag');
      this.events.saved(created.body, kind, this.edits === edits);
      return;
    }
    const headers = this.etag ? { 'if-match': this.etag } : undefined;
    if (kind === 'save') {
      const answer = await this.client.request<Post>('POST', `${base}/${this.id}`, { body: draft.body, headers });
      this.etag = answer.headers.get('etag') ?? this.etag;
      this.events.saved(answer.body, kind, this.edits === edits);
      return;
    }
    const answer = await this.client.request<{ id: number }>('POST', `${base}/${this.id}/autosaves`, { body: draft.text, headers });
    // An author's own draft is autosaved in place: the item itself changed, and so its version.
    if (answer.body.id === this.id) this.etag = answer.headers.get('etag') ?? this.etag;
  }

  private async reportConflict(kind: SaveKind, refusal: SiteError): Promise<void> {
    try {
      // The site's 412 shows the stored version; a site that does not is asked for it.
      const shown = refusal.data as { current?: Post; etag?: string };
      const theirs = shown.current && shown.etag
        ? { body: shown.current, etag: shown.etag }
        : await this.client.request<Post>('GET', `cms/v2/${this.kind}/${this.id}`, { query: { context: 'edit' } }).then((read) => ({ body: read.body, etag: read.headers.get('etag') }));
      this.pendingConflict = { kind, theirs: theirs.body, etag: theirs.etag };
      this.events.state('conflict');
      this.events.conflict(this.pendingConflict);
    } catch (error) {
      this.events.state('failed');
      this.events.error(error);
    }
  }
}
