// An image of classic content held as read (blocks/held-image.ts), among the words around it, with
// the image controls in place when it is selected: its text alternative, alignment, size (the
// site's sizes of the media item its `wp-image-N` class names) and link. Each choice changes only
// its own attributes where they stand (blocks/held-image-edits.ts), so the image is written back
// as read but for the choice; a size, an alignment or a link is one undo step of its own.
import { useQuery } from '@tanstack/react-query';
import { closeHistory } from '@tiptap/pm/history';
import type { Transaction } from '@tiptap/pm/state';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { api } from '../../shared/api-routes.ts';
import { useClient } from '../api/client-context.tsx';
import type { Held } from '../blocks/held-inline.ts';
import { heldAlignment, heldMediaId, heldSize, heldValue, withAlignment, withHeld, withSize } from '../blocks/held-image-edits.ts';
import { mediaItemProblem } from './media-item-problem.ts';
import { AltTextField, CustomLink, SizeField, linkFor } from './ImageControls.tsx';
import { shownAddress } from '../blocks/inert-html.ts';
import { BLOCK_CONTROL } from '../blocks/block-controls.ts';

/** The alignments WordPress's editor gives an image of classic content (its classes). */
const ALIGNMENTS: readonly [string, string][] = [['', 'None'], ['left', 'Left'], ['center', 'Centre'], ['right', 'Right']];
const LINKS: readonly [string, string][] = [['none', 'None'], ['media', 'Media file'], ['attachment', 'Attachment page'], ['custom', 'Custom address']];

export function HeldImageControls({ editor, getPos, node, selected }: ReactNodeViewProps) {
  const client = useClient();
  const held = (Array.isArray(node.attrs.held) ? node.attrs.held : []) as Held;
  const id = heldMediaId(held);
  const media = useQuery({
    queryKey: ['media', 'item', id],
    enabled: id !== null && selected,
    retry: false,
    queryFn: () => client.get(api.media(id ?? 0), { context: 'edit' }),
  });
  const item = media.data;
  const size = heldSize(held);
  const link = node.marks.find((mark) => mark.type.name === 'link');
  const href = String(link?.attrs.href ?? '');
  const destination = !link ? 'none' : href === item?.source_url ? 'media' : href === item?.link ? 'attachment' : 'custom';

  // A choice is one undo step of its own, however soon it follows typing.
  const dispatch = (change: (tr: Transaction, position: number) => Transaction) => {
    const position = getPos();
    if (position !== undefined) editor.view.dispatch(closeHistory(change(editor.state.tr, position)));
  };
  // An attribute step, not the node's markup set anew: the image, a leaf, would be replaced and no longer selected.
  const choose = (next: Held) => dispatch((tr, position) => tr.setNodeAttribute(position, 'held', next));
  // Typing the text alternative is undone with the typing around it.
  const typeAlt = (alt: string) => {
    const position = getPos();
    if (position !== undefined) editor.view.dispatch(editor.state.tr.setNodeAttribute(position, 'held', withHeld(held, 'alt', alt)));
  };
  const chooseSize = (slug: string) => {
    const chosen = item?.media_details.sizes[slug];
    if (chosen) choose(withSize(held, slug, chosen));
  };
  // The link is the image's link mark: changed, added or taken off the image alone.
  const chooseLink = (address: string) =>
    dispatch((tr, position) => (address === '' ? tr.removeMark(position, position + 1, editor.schema.marks.link) : tr.addMark(position, position + 1, editor.schema.marks.link.create({ ...link?.attrs, href: address }))));

  return (
    <NodeViewWrapper as="span" className={selected ? 'held-image selected' : 'held-image'} data-drag-handle="">
      <img src={shownAddress(heldValue(held, 'src') ?? '')} alt={heldValue(held, 'alt') ?? ''} title={heldValue(held, 'title') ?? undefined} className={heldValue(held, 'class') ?? undefined} width={heldValue(held, 'width') ?? undefined} height={heldValue(held, 'height') ?? undefined} draggable={false} />
      {selected && (
        <span className={`post-image-controls ${BLOCK_CONTROL}`} contentEditable={false} role="group" aria-label="Image settings">
          <AltTextField value={heldValue(held, 'alt') ?? ''} onChange={typeAlt} />
          <SizeField item={item} value={size} onChoose={chooseSize} />
          <label>
            Alignment
            <select value={heldAlignment(held)} onChange={(event) => choose(withAlignment(held, event.target.value))}>
              {ALIGNMENTS.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
            </select>
          </label>
          <label>
            Link to
            <select value={destination} onChange={(event) => chooseLink(linkFor(event.target.value, item, event.target.value === 'custom' ? href || (heldValue(held, 'src') ?? '') : ''))}>
              {LINKS.map(([value, name]) => <option key={value} value={value} disabled={!item && (value === 'media' || value === 'attachment')}>{name}</option>)}
            </select>
          </label>
          {destination === 'custom' && <CustomLink href={href} onApply={chooseLink} />}
          {id === null && <span className="muted">This image names no item of the site's media library: its sizes and media links need one that does.</span>}
          {media.error && <span className="muted" role="status">{mediaItemProblem(media.error)}</span>}
        </span>
      )}
    </NodeViewWrapper>
  );
}
