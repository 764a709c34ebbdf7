// Revisions and autosaves are rows of type `revision` under their parent item.
import type { SiteContext } from '../site-context.ts';
import { findAutosave, insertPost, insertPostLater, keepWrittenRevisionSummary, revisionsOf, REVISED_FIELDS, updatePost, type PostRow } from '../store/posts.ts';
import { getSettings } from './settings.ts';
import { nextModifiedPair, nowPair } from '../../shared/dates.ts';

function copyOf(site: SiteContext, post: PostRow, authorId: number, autosave: boolean): Omit<PostRow, 'id' | 'version'> {
  const zone = getSettings(site.store).timezone_string;
  // An autosave is dated after the version it was written over, although that version's date
  // may run ahead of the clock (nextModifiedPair): an autosave made after a save reads as newer.
  const now = autosave ? nextModifiedPair(post.modified_gmt, zone) : nowPair(zone);
  const { id: _id, version: _version, ...fields } = post;
  // Assigned to the copy, not spread into another: a spread copy added to gets a map of its own (answer-shapes.test.ts).
  return Object.assign(fields, {
    type: 'revision', status: 'inherit', parent: post.id, author: authorId,
    slug: `${post.id}-${autosave ? 'autosave' : 'revision'}-v1`,
    date: now.local, date_gmt: now.gmt, modified: now.local, modified_gmt: now.gmt,
    autosave: autosave ? 1 : 0, status_before_trash: null, sticky: 0,
  });
}

/**
 * Stores a revision when the title, content or excerpt differ from the last one; returns
 * what gives its id (Store.insertLater: the revision goes to the database with the
 * transaction's next statement), or null when none was stored. An item just created has no
 * revision to look up. The item's revision summary is known from what was read and written,
 * and kept for the answer and the next save: either way the newest revision now has the
 * item's text.
 */
export function saveRevisionIfChanged(site: SiteContext, post: PostRow, authorId: number, options: { isNew?: boolean } = {}): (() => number) | null {
  if (post.type !== 'post' && post.type !== 'page' && post.type !== 'wp_block') return null; // media items keep no revisions
  const { count, latest } = options.isNew ? { count: 0, latest: undefined } : revisionsOf(site.store, post.id, post);
  const unchanged = latest ? latest.sameText : REVISED_FIELDS.every((field) => post[field] === '');
  if (unchanged) {
    keepWrittenRevisionSummary(site.store, post, () => ({ count, latest: latest?.id ?? null }));
    return null;
  }
  const revision = insertPostLater(site.store, copyOf(site, post, authorId, false));
  keepWrittenRevisionSummary(site.store, post, () => ({ count: count + 1, latest: revision() }));
  return revision;
}

/** One autosave per user and parent: created, or replaced in place. */
export function saveAutosave(site: SiteContext, post: PostRow, authorId: number, changes: Pick<PostRow, 'title' | 'content' | 'excerpt' | 'title_rendered' | 'content_rendered' | 'excerpt_rendered'>): PostRow {
  return site.store.transaction(() => {
    const existing = findAutosave(site.store, post.id, authorId);
    const row = Object.assign(copyOf(site, post, authorId, true), changes);
    // Every column is written: the stored row is known without reading it back.
    if (!existing) return Object.assign({}, row, { id: insertPost(site.store, row), version: 1 });
    updatePost(site.store, existing.id, row);
    return Object.assign({}, row, { id: existing.id, version: existing.version + 1 });
  });
}
