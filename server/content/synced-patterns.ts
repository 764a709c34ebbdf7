// A synced pattern (`wp_block`) drawn where a post refers to it (`<!-- wp:block {"ref":N} /-->`),
// as WordPress's core/block render callback draws it: the pattern's current content, when it
// is published without a password; nothing for any other reference, or one that refers to itself.
import type { SiteContext } from '../site-context.ts';
import { getPost } from '../store/posts.ts';
import { renderContent } from './render.ts';

const PATTERN_REFERENCE = /<!-- wp:block \{/;

/** Whether the content refers to a synced pattern, so its reading form depends on the pattern's. */
export function refersToPatterns(content: string): boolean {
  return PATTERN_REFERENCE.test(content);
}

/** The content as a reader gets it, each synced pattern it refers to drawn in place (found through a copy's mapping on a copy). */
export function renderWithPatterns(site: SiteContext, content: string): string {
  const ids = site.patternIds?.();
  return drawPatterns(site, content, ids ? (ref) => ids[ref] : (ref) => ref, new Set());
}

function drawPatterns(site: SiteContext, content: string, patternOf: (ref: number) => number | undefined, drawing: ReadonlySet<number>): string {
  return renderContent(content, (block) => {
    if (block.blockName !== 'core/block') return '';
    const ref = Number(block.attrs?.ref);
    const id = Number.isInteger(ref) && ref > 0 ? patternOf(ref) : undefined;
    if (id === undefined || drawing.has(id)) return '';
    const pattern = getPost(site.store, id);
    if (!pattern || pattern.type !== 'wp_block' || pattern.status !== 'publish' || pattern.password !== '') return '';
    return drawPatterns(site, pattern.content, patternOf, new Set([...drawing, id]));
  });
}
