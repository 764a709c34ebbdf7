// A block holding blocks that holds none (a group, a column, a cover, media & text, where the block
// editor keeps one empty): its one piece of HTML cut where its blocks would stand, for the reader
// (block-to-node.ts) and for an older form's migration (older-form-parts.ts).

/**
 * Whether a start tag is the block's own element or one of its parts by their class
 * (`wp-block-<name>`, `wp-block-<name>__…`): where its save puts its blocks, not an older form's
 * title or a wrapper of its first name (a first cover's `<h2>`, its `wp-block-cover-image` div).
 */
function ownElement(tag: string, name: string): boolean {
  const own = `wp-block-${name.replace(/^core\//, '')}`;
  return (/\sclass="([^"]*)"/.exec(tag)?.[1] ?? '').split(/\s+/).some((item) => item === own || item.startsWith(`${own}__`));
}

/**
 * An empty container's HTML as its opening and its closing: the end tags after its last start tag,
 * when that is its own element or the part of it holding its blocks (a cover's inner container,
 * media & text's content); else null.
 */
export function emptyContainerCut(html: string, name: string): [opening: string, closing: string] | null {
  const split = /^([\s\S]*(<[a-z][^>]*>))((?:<\/[a-z][\w-]*>)+\s*)$/i.exec(html);
  return split && ownElement(split[2], name) ? [split[1], split[3]] : null;
}
