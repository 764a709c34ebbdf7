// Synced patterns in the editor (issue 29, row 27): the site's `cms/v2/blocks` items a post refers
// to with `<!-- wp:block {"ref":N} /-->`. Read to be shown in place, detached into ordinary blocks,
// made from the selected blocks, listed in the inserter. Plain TypeScript: the views call it.
import type { Editor, JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { closeHistory } from '@tiptap/pm/history';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { everyPage, SiteError, type SiteClient } from '../../shared/site-client.ts';
import { api, REST_BASES } from '../../shared/api-routes.ts';
import { docToMarkup, markupToDoc } from '../blocks/block-markup.ts';
import { blockBeside } from './insert-beside.ts';
import { REMOVED_NAMES } from './safe-blocks.ts';
import type { CatalogueEntry } from './block-catalogue.ts';
import type { PatternEdits } from './pattern-edits.ts';
import { readableText } from './readable-text.ts';
import { ownPatternOf } from '../../shared/copy-pattern-refs.ts';

export const PATTERN_BLOCK = 'core/block';
const PATTERNS = REST_BASES.wp_block;

/** A synced pattern as the editor shows it: its name and its blocks' markup, and the version read (its ETag). */
export interface SyncedPattern {
  id: number;
  title: string;
  content: string;
  etag: string | null;
}

/** The pattern a core/block refers to, or null (none chosen). */
export function patternRef(attributes: Readonly<Record<string, unknown>>): number | null {
  const ref = attributes.ref;
  return typeof ref === 'number' && Number.isInteger(ref) && ref > 0 ? ref : null;
}

/** The markup the block editor saves for a reference to pattern `id`. */
export function patternReference(id: number): string {
  return `<!-- wp:block {"ref":${id}} /-->`;
}

export async function readPattern(client: SiteClient, id: number): Promise<SyncedPattern> {
  const { body, headers } = await client.request('GET', api.post(PATTERNS, id));
  return { id: body.id, title: body.title.raw, content: body.content.raw, etag: headers.get('etag') };
}

/** A reference to a pattern the site here does not hold (in a connected site's copy: not synced yet); this says nothing of what the remote shows. */
export function patternNotHere(ref: number): string {
  // A copy's own pattern is named by a number far above the site's (shared/copy-pattern-refs.ts): the writer knows it by its id here.
  const own = ownPatternOf(ref);
  if (own !== undefined) return `Synced pattern #${own}, made on this computer, is no longer here (it was deleted), so it cannot be shown or edited; the post keeps it as it is.`;
  return `Synced pattern #${ref} is not among the synced patterns here, so it cannot be shown or edited; the post keeps it as it is.`;
}

/**
 * The words of the synced patterns a document shows, once for each place it shows one (as the writer
 * sees them, changes and all), for the word count; `patternOf` finds a reference's pattern here (in a
 * connected site's copy a reference names the site's id: usePatternIds).
 */
export function shownPatternsText(doc: ProseMirrorNode, edits: PatternEdits, patternOf: (ref: number) => number | null | undefined = (ref) => ref): string {
  const texts: string[] = [];
  doc.descendants((node) => {
    const ref = node.attrs.name === PATTERN_BLOCK ? patternRef(node.attrs.blockAttributes ?? {}) : null;
    const id = ref === null ? null : patternOf(ref);
    const content = id === null || id === undefined ? undefined : edits.content(id);
    if (content !== undefined) texts.push(readableText(content));
    return true;
  });
  return texts.join('\n');
}

/** Why a pattern cannot be shown, in a writer's words (the site shows what it holds when the page is seen). */
export function unreadablePattern(id: number, error: unknown): string {
  if (error instanceof SiteError && error.status === 404) return patternNotHere(id);
  if (error instanceof SiteError && (error.status === 401 || error.status === 403)) return `Synced pattern #${id}: your account may not read the site's synced patterns; the site shows it when the page is seen.`;
  return `Synced pattern #${id} could not be read from the site just now; the site shows it when the page is seen.`;
}

/** Replaces the core/block at `position` with the pattern's blocks, ordinary blocks of this post from then on. */
export function detachPattern(editor: Editor, position: number, content: string): void {
  const node = editor.state.doc.nodeAt(position);
  if (!node) return;
  editor.view.dispatch(replacedByMarkup(editor.state, position, position + node.nodeSize, content).scrollIntoView());
}

/** `from`–`to` replaced by the blocks of `markup`, one step of Undo, nothing counted as removed by the writer. */
function replacedByMarkup(state: EditorState, from: number, to: number, markup: string): Transaction {
  const blocks = (markupToDoc(markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  return closeHistory(state.tr.replaceWith(from, to, blocks)).setMeta(REMOVED_NAMES, []);
}

/** The selected blocks (the writer's block, or every top-level block the selection reaches) and their markup, or null in none. */
export function patternBlocks(state: EditorState): { from: number; to: number; markup: string } | null {
  const { $from, $to } = state.selection;
  const across = $from.depth > 0 && $to.depth > 0 && $from.index(0) !== $to.index(0);
  const edges = across ? { before: $from.before(1), after: $to.after(1) } : blockBeside(state);
  if (!edges) return null;
  const nodes: JSONContent[] = [];
  state.doc.nodesBetween(edges.before, edges.after, (node, position) => {
    if (position >= edges.before && position + node.nodeSize <= edges.after) nodes.push(node.toJSON() as JSONContent);
    return false;
  });
  // The spacing read before the first block is the post's, not the pattern's (document-layout.ts).
  const [first, ...rest] = nodes;
  const content = first?.attrs && 'gap' in first.attrs ? [{ ...first, attrs: { ...first.attrs, gap: null } }, ...rest] : nodes;
  return { from: edges.before, to: edges.after, markup: docToMarkup({ type: 'doc', content }) };
}

/** Makes a published synced pattern of `markup` named `title`, and puts a reference to it (`refOf`: the one a post here holds for it, usePatternRefs) in place of the selected blocks. */
export async function createPattern(client: SiteClient, editor: Editor, title: string, markup: string, range: { from: number; to: number }, refOf: (id: number) => number): Promise<number> {
  const created = await client.request('POST', api.posts(PATTERNS), { body: { title, content: markup, status: 'publish' } });
  const tr = replacedByMarkup(editor.state, range.from, range.to, patternReference(refOf(created.body.id)));
  editor.view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, range.from)).scrollIntoView());
  return created.body.id;
}

/** The site's synced patterns as the inserter lists them: each inserted as a reference (`refOf`: the one a post here holds for it, usePatternRefs). */
export function syncedPatternEntries(patterns: readonly Pick<SyncedPattern, 'id' | 'title'>[], refOf: (id: number) => number = (id) => id): CatalogueEntry[] {
  return patterns.map((pattern) => ({
    title: pattern.title || `Synced pattern #${pattern.id}`,
    keywords: 'pattern synced reusable block',
    category: 'Synced patterns',
    creation: { kind: 'markup', markup: patternReference(refOf(pattern.id)) },
  }));
}

/** Every synced pattern of the site a writer may read, 100 a page (none for one who may not: the list answers empty). */
export async function listPatterns(client: SiteClient): Promise<Pick<SyncedPattern, 'id' | 'title'>[]> {
  const items = await everyPage((page) => client.list(api.posts(PATTERNS), { per_page: 100, page, _fields: 'id,title' }));
  return items.map((item) => ({ id: item.id, title: item.title.raw }));
}
