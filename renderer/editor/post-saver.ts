// Saving one post or page from its edit record: only the fields the writer changed travel,
// nothing is sent when nothing changed, one request at a time, a new item created exactly once however
// fast Save is pressed, every write of an existing item carrying the version it was based
// on (If-Match), and a 412 turned into a conflict the writer settles. Plain TypeScript: the
// editor drives it and shows what it reports.
import { SiteError, type SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';
import { api } from '../../shared/api-routes.ts';
import { autosavedAside, autosavedInPlace, currentOf, edit, hasEdits, keepMine, redo, saved, takeTheirs, undo, unsentOf, TEXT_FIELDS, type EditRecord, type Edits, type FieldName, type ItemFields } from './edit-record.ts';
import { itemFieldsOf, requestBody } from './post-fields.ts';

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

/** The site's version differs from the one the writer's change was based on. */
export interface SaveConflict {
  kind: SaveKind;
  theirs: Post;
  etag: string | null;
}

/** What the editor shows of its saving: the saver's part of the editor's one store (editor-store.ts). */
export interface SaverView {
  record: EditRecord;
  state: SaveState;
  /** A change made elsewhere, waiting for the writer's choice. */
  conflict: SaveConflict | null;
  /** Why the last request failed (null: it did not). */
  error: unknown;
}

/** What the editor does besides showing the view: follow a new item's id, open the conflict dialog. */
export interface SaverEvents {
  /** The site answered a save (or the create of a new item) with the item. */
  saved(post: Post, kind: SaveKind): void;
  conflict(conflict: SaveConflict): void;
}

/** The document as it stands, serialised (once per save or journal write, never per keystroke). */
export type ReadDocument = (record: EditRecord) => Pick<ItemFields, 'content' | 'meta'> | null;

interface Job {
  kind: SaveKind;
  /** The writer's change count when the job took its snapshot; -1 until it starts. */
  edits: number;
  promise: Promise<void>;
}

/** Fields an autosave never sends: a status is a save's (or Publish's) business. */
const NOT_AUTOSAVED = new Set<FieldName>(['status']);

export class PostSaver {
  private edits = 0;
  /** The document changed since it was last read into the record. */
  private documentChanged = false;
  private tail: Promise<void> = Promise.resolve();
  private queued: Partial<Record<SaveKind, Job>> = {};
  private running: Job | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private view: SaverView;
  private readonly listeners = new Set<() => void>();
  /** The site keeps this item's autosaves beside it (it is live, or another's): they hold its text alone. */
  private autosavesAside = false;

  constructor(
    private readonly client: SiteClient,
    private readonly kind: PostKind,
    private id: number | null,
    record: EditRecord,
    private readonly readDocument: ReadDocument,
    private readonly events: SaverEvents,
    private readonly autosaveDelay = AUTOSAVE_DELAY_MS,
  ) {
    this.view = { record, state: 'saved', conflict: null, error: null };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getView = (): SaverView => this.view;

  private publish(changes: Partial<SaverView>): void {
    this.view = { ...this.view, ...changes };
    for (const listener of this.listeners) listener();
  }

  private get current(): EditRecord {
    return this.view.record;
  }

  private get pendingConflict(): SaveConflict | null {
    return this.view.conflict;
  }

  /** The writer read the error. */
  dismissError(): void {
    this.publish({ error: null });
  }

  get itemId(): number | null {
    return this.id;
  }

  get record(): EditRecord {
    return this.current;
  }

  /** Changes the site does not hold yet (neither saved nor autosaved). */
  get hasUnsentChanges(): boolean {
    this.readIn();
    return Object.keys(unsentOf(this.current)).length > 0;
  }

  get conflict(): SaveConflict | null {
    return this.pendingConflict;
  }

  /** The writer changed fields (the side panel, the title): autosave once typing pauses. */
  edit(changes: Edits): void {
    this.update(edit(this.current, changes));
    this.changed();
  }

  /** The document changed (typing): read into the record when it is next needed. */
  documentEdited(): void {
    this.documentChanged = true;
    this.changed();
  }

  /** Undo and Redo of the record's fields; the document keeps its own history. */
  undo(): void {
    this.readIn();
    this.update(undo(this.current, ['content']));
    this.changed();
  }

  redo(): void {
    this.readIn();
    this.update(redo(this.current, ['content']));
    this.changed();
  }

  /** The record with the document as it stands now. */
  readIn(): EditRecord {
    if (!this.documentChanged) return this.current;
    this.documentChanged = false;
    const document = this.readDocument(this.current);
    if (document) this.update(edit(this.current, document, { history: false }));
    return this.current;
  }

  private update(record: EditRecord): void {
    if (record !== this.current) this.publish({ record });
  }

  private changed(): void {
    this.edits += 1;
    if (!this.pendingConflict) this.setState(hasEdits(this.current) || this.documentChanged ? 'unsaved' : 'saved');
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
    if (!this.hasUnsentChanges) {
      // Typing said "unsaved" without reading the document; read now, it may be as the site holds it (every change undone).
      if (this.view.state === 'unsaved' && !this.running && !this.queued.save && !this.queued.autosave) this.setState(this.settledState());
      return this.tail;
    }
    const waiting = this.queued.save ?? this.queued.autosave;
    if (waiting) return waiting.promise;
    if (this.running && this.running.edits === this.edits) return this.running.promise;
    return this.enqueue('autosave');
  }

  /** Stops the autosave timer; requests already sent or queued still finish. */
  dispose(): void {
    clearTimeout(this.timer);
  }

  /** The writer keeps their version: it goes over the site's, which they have seen and which becomes the base. */
  keepMine(): Promise<void> {
    const conflict = this.takeConflict();
    this.update(keepMine(this.readIn(), itemFieldsOf(conflict.theirs), conflict.etag));
    return conflict.kind === 'save' ? this.save() : this.flush();
  }

  /** The writer takes the site's version: it becomes the base, with nothing to undo before it. */
  takeTheirs(): void {
    const conflict = this.takeConflict();
    this.documentChanged = false;
    this.update(takeTheirs(itemFieldsOf(conflict.theirs), conflict.etag));
    this.setState('saved');
  }

  private takeConflict(): SaveConflict {
    const conflict = this.pendingConflict;
    if (!conflict) throw new Error('There is no conflict to settle.');
    this.publish({ conflict: null });
    return conflict;
  }

  /** What an autosave sends of the changes: never a status, and the text alone where autosaves are kept aside. */
  private autosaved(changes: Edits): Edits {
    return pick(withoutStatus(changes), (field) => !this.autosavesAside || (TEXT_FIELDS as readonly FieldName[]).includes(field));
  }

  private setState(state: SaveState): void {
    if (state !== this.view.state) this.publish({ state });
  }

  private enqueue(kind: SaveKind): Promise<void> {
    const job: Job = { kind, edits: -1, promise: Promise.resolve() };
    job.promise = this.tail.then(() => this.run(job));
    this.queued[kind] = job;
    this.tail = job.promise;
    return job.promise;
  }

  /** Where the record stands once the site answered: saved, autosaved, or changed since. */
  private settledState(): SaveState {
    const record = this.readIn();
    if (Object.keys(unsentOf(record)).length > 0) return 'unsaved';
    return hasEdits(record) ? 'autosaved' : 'saved';
  }

  private async run(job: Job): Promise<void> {
    delete this.queued[job.kind];
    // A conflict is settled by the writer before anything else is written.
    if (this.pendingConflict) return;
    // A full save waiting behind it sends the same words and more.
    if (job.kind === 'autosave' && (!this.hasUnsentChanges || this.queued.save)) return;
    job.edits = this.edits;
    const record = this.readIn();
    // A save sends every change; an autosave what the site holds nowhere yet. Nothing changed: no request.
    const changes = job.kind === 'save' ? record.edits : this.autosaved(unsentOf(record));
    if (Object.keys(changes).length === 0) {
      this.setState(this.settledState());
      return;
    }
    this.running = job;
    this.setState(job.kind === 'save' ? 'saving' : 'autosaving');
    try {
      await this.send(job.kind, changes);
      this.setState(this.settledState());
    } catch (error) {
      if (error instanceof SiteError && error.status === 412 && this.id !== null) await this.reportConflict(job.kind, error, this.id);
      else {
        this.publish({ state: 'failed', error });
      }
    } finally {
      this.running = null;
    }
  }

  private async send(kind: SaveKind, changes: Edits): Promise<void> {
    const current = currentOf(this.current);
    if (this.id === null) {
      // A new item is created once, as a draft when autosaved; every later request updates it.
      const body = requestBody(this.kind, changes, current);
      if (kind === 'autosave') body.status = 'draft';
      const created = await this.client.request('POST', api.posts(this.kind), { body });
      this.id = created.body.id;
      this.update(saved(this.current, changes, itemFieldsOf(created.body), created.headers.get('etag')));
      this.publish({ error: null });
      this.events.saved(created.body, kind);
      return;
    }
    const headers = this.current.version ? { 'if-match': this.current.version } : undefined;
    if (kind === 'save') {
      const answer = await this.client.request('POST', api.post(this.kind, this.id), { body: requestBody(this.kind, changes, current), headers });
      this.update(saved(this.current, changes, itemFieldsOf(answer.body), answer.headers.get('etag') ?? this.current.version));
      this.publish({ error: null });
      this.events.saved(answer.body, kind);
      return;
    }
    const sent = changes;
    const answer = await this.client.request('POST', api.autosaves(this.kind, this.id), { body: requestBody(this.kind, sent, current), headers });
    // An author's own draft is autosaved in place: the item itself changed, and so its version.
    if (answer.body.id === this.id) this.update(autosavedInPlace(this.current, sent, answer.headers.get('etag')));
    else {
      this.autosavesAside = true;
      this.update(autosavedAside(this.current, sent));
    }
  }

  private async reportConflict(kind: SaveKind, refusal: SiteError, id: number): Promise<void> {
    try {
      // The site's 412 shows the stored version; a site that does not is asked for it.
      const shown = refusal.data as { current?: Post; etag?: string };
      const theirs = shown.current && shown.etag
        ? { body: shown.current, etag: shown.etag }
        : await this.client.request('GET', api.post(this.kind, id), { query: { context: 'edit' } }).then((read) => ({ body: read.body, etag: read.headers.get('etag') }));
      const conflict = { kind, theirs: theirs.body, etag: theirs.etag };
      this.publish({ conflict, state: 'conflict' });
      this.events.conflict(conflict);
    } catch (error) {
      this.publish({ state: 'failed', error });
    }
  }
}

function withoutStatus(changes: Edits): Edits {
  return pick(changes, (field) => !NOT_AUTOSAVED.has(field));
}

function pick(changes: Edits, wanted: (field: FieldName) => boolean): Edits {
  const picked: Edits = {};
  for (const [field, value] of Object.entries(changes)) if (wanted(field as FieldName)) Object.assign(picked, { [field]: value });
  return picked;
}
