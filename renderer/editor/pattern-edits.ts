// The writer's changes to the synced patterns a post shows in place (issue 29, row 27), kept apart
// from the post's own edit record: the post saves its `<!-- wp:block {"ref":N} /-->` unchanged, and
// a pattern is written (PUT cms/v2/blocks/N with If-Match) only when the writer changed it, as part
// of the post's save. A pattern the site refuses keeps its changes here for the next save, and the
// refusal is said in plain words. Plain TypeScript: the pattern's view and the editor's store share it.
import type { Editor } from '@tiptap/core';
import { SiteError, type SiteClient } from '../../shared/site-client.ts';
import { api, REST_BASES } from '../../shared/api-routes.ts';
import { describeError } from '../components/error-words.ts';

/** A pattern's changes as the journal keeps them: with the version they are based on. */
export interface Held {
  title: string;
  /** The pattern's content as the site last answered it. */
  saved: string;
  etag: string | null;
  /** The writer's content, when it differs from `saved`. */
  edited: string | null;
}

export class PatternEdits {
  private readonly held = new Map<number, Held>();
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * A pattern read from the site, with the version its changes will be based on. Once the writer
   * has changed it, a later reading changes nothing: their changes stay based on the version they
   * saw, so a change made elsewhere meanwhile is found (412) and said, not overwritten unseen.
   */
  read(id: number, title: string, content: string, etag: string | null): void {
    if (this.held.get(id)?.edited) return;
    this.held.set(id, { title, saved: content, etag, edited: null });
    this.changed();
  }

  /** The content the writer sees: their changes, else the site's. */
  content(id: number): string | undefined {
    const known = this.held.get(id);
    return known ? known.edited ?? known.saved : undefined;
  }

  /** The writer changed the pattern's blocks (the same as the site's again: no change). */
  edit(id: number, content: string): void {
    const known = this.held.get(id);
    if (!known) return;
    const edited = content === known.saved ? null : content;
    if (edited === known.edited) return;
    known.edited = edited;
    this.changed();
  }

  /** The pattern was detached: its blocks, changes and all, are the post's own now, and the pattern stays as the site has it. */
  detached(id: number): void {
    if (!this.held.delete(id)) return;
    this.changed();
  }

  /** The changed patterns, for the journal on this computer (nothing when none is changed). */
  journalled(): Record<number, Held> | undefined {
    const changed = [...this.held].filter(([, known]) => known.edited !== null);
    return changed.length > 0 ? Object.fromEntries(changed.map(([id, known]) => [id, { ...known }])) : undefined;
  }

  /** Changes kept in the journal, put back: still based on the version they were made over, so a change made elsewhere since is found. */
  restore(journalled: Record<number, Held>): void {
    for (const [id, known] of Object.entries(journalled)) this.held.set(Number(id), { ...known });
    this.changed();
  }

  get hasEdits(): boolean {
    return [...this.held.values()].some((known) => known.edited !== null);
  }

  /** Writes each changed pattern; the sentences of those the site refused (their changes kept), or [] when all were written. */
  async save(client: SiteClient): Promise<string[]> {
    const refused: string[] = [];
    for (const [id, known] of this.held) {
      const content = known.edited;
      if (content === null) continue;
      try {
        const answer = await client.request('POST', api.post(REST_BASES.wp_block, id), { body: { content }, headers: known.etag ? { 'if-match': known.etag } : {} });
        known.saved = content;
        known.etag = answer.headers.get('etag');
        // Typing while the request was out keeps its change.
        if (known.edited === content) known.edited = null;
      } catch (error) {
        refused.push(refusal(known, id, error));
      }
    }
    this.changed();
    return refused;
  }
}

/**
 * Why a pattern was not written, in plain words. Changed elsewhere meanwhile (412), the writer is
 * told so and their next Save replaces that version (the refusal's answer names it); any other
 * refusal is the site's own words.
 */
function refusal(known: Held, id: number, error: unknown): string {
  const name = `The synced pattern “${known.title || `#${id}`}” was not saved:`;
  const current = error instanceof SiteError && error.status === 412 ? error.data?.etag : undefined;
  if (typeof current === 'string') {
    known.etag = current;
    return `${name} it was changed elsewhere since this post was opened. Your changes to it are kept here; Save again to replace that version with yours.`;
  }
  return `${name} ${describeError(error)} Your changes to it are kept here; save again to send them.`;
}

const byEditor = new WeakMap<Editor, PatternEdits>();

/** The pattern edits of the post an editor writes (the screen binds its store's; an editor alone gets its own). */
export function patternEditsOf(editor: Editor): PatternEdits {
  let edits = byEditor.get(editor);
  if (!edits) byEditor.set(editor, (edits = new PatternEdits()));
  return edits;
}

export function bindPatternEdits(editor: Editor, edits: PatternEdits): void {
  byEditor.set(editor, edits);
}
