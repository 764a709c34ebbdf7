// An image standing alone in its line of classic content, held for attributes the image block has
// no control for (held-image.ts), as Convert to blocks makes it: the block editor's raw handler makes
// an image block of it (its image transform keeps the address, the text alternative and the title,
// and reads the alignment and the media library's id from its classes). One holding anything more
// (a size, another class) stays in its line, as read; so does one in a list item (item-image.ts).
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { HELD_IMAGE_NODE } from './held-image.ts';
import { heldAttributes } from './held-inline.ts';
import { IMAGE_NODE } from './image-block.ts';
import { escapeAttribute } from './inline-html.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';

/** The attributes the raw handler's image block takes whole. */
const TAKEN: ReadonlySet<string> = new Set(['src', 'alt', 'title', 'class']);

/** A class the raw handler reads: an alignment or the media library's id. */
const READ_CLASS = /^(?:align(left|center|right)|wp-image-(\d+))$/;

/** The image block the raw handler makes of a line holding one such image alone, or null. */
export function imageBlockOfLine(line: ProseMirrorNode, schema: Schema): ProseMirrorNode | null {
  const image = line.type.name === PARAGRAPH_NODE && line.attrs.openingTag == null && line.childCount === 1 ? line.firstChild : null;
  if (image?.type.name !== HELD_IMAGE_NODE || image.marks.length > 0) return null;
  const held = new Map(heldAttributes({ attrs: image.attrs }));
  const classes = (held.get('class') ?? '').split(/\s+/).filter(Boolean).map((name) => READ_CLASS.exec(name));
  if (![...held.keys()].every((name) => TAKEN.has(name)) || classes.some((read) => read === null)) return null;
  const id = classes.find((read) => read?.[2])?.[2];
  const title = held.get('title');
  return schema.nodes[IMAGE_NODE].create({
    src: held.get('src') ?? '',
    alt: held.get('alt') ?? '',
    id: id === undefined ? null : Number(id),
    align: classes.find((read) => read?.[1])?.[1] ?? '',
    // (The title stands after the address and text alternative, as the block's save writes it.)
    ...(title === undefined ? {} : { heldHtml: `<figure class="wp-block-image"><img src="" alt="" title="${escapeAttribute(title)}"/></figure>` }),
  });
}
