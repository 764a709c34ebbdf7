// A block holding blocks that holds none (a group, a column, a cover, media & text, where the block
// editor keeps one empty): its one piece of HTML cut where its blocks would stand, for the reader
// (block-to-node.ts) and for an older form's migration (older-form-parts.ts).

/** The block's class and its parts' (`wp-block-<name>`, `wp-block-<name>__…`). */
const ownClass = (name: string) => `wp-block-${name.replace(/^core\//, '')}`;
const classesOf = (tag: string) => (/\sclass="([^"]*)"/.exec(tag)?.[1] ?? '').split(/\s+/);

/**
 * Whether a start tag is the block's own element or one of its parts by their class: where its
 * save puts its blocks, not an older form's title or a wrapper of its first name (a first cover's
 * `<h2>`, its `wp-block-cover-image` div).
 */
function ownElement(tag: string, name: string): boolean {
  const own = ownClass(name);
  return classesOf(tag).some((item) => item === own || item.startsWith(`${own}__`));
}

/** Whether a start tag is the element holding the block's blocks: its own, or its inner container or content (a cover's, media & text's), not its media. */
function holdsItsBlocks(tag: string, name: string): boolean {
  const own = ownClass(name);
  return classesOf(tag).some((item) => item === own || item === `${own}__inner-container` || item === `${own}__content`);
}

/**
 * An empty container's HTML as its opening and its closing: the end tags after its last start tag,
 * when that is its own element or the part of it holding its blocks (a cover's inner container,
 * media & text's content); else, where its media stands after its blocks (media & text's on the
 * right), cut in the last empty element holding its blocks; else null.
 */
export function emptyContainerCut(html: string, name: string): [opening: string, closing: string] | null {
  const split = /^([\s\S]*(<[a-z][^>]*>))((?:<\/[a-z][\w-]*>)+\s*)$/i.exec(html);
  if (split && ownElement(split[2], name)) return [split[1], split[3]];
  const holder = [...html.matchAll(/<([a-z][\w-]*)(?:\s[^>]*)?>(?=<\/\1>)/gi)].filter(([tag]) => holdsItsBlocks(tag, name)).at(-1);
  if (!holder) return null;
  const at = holder.index + holder[0].length;
  return [html.slice(0, at), html.slice(at)];
}
