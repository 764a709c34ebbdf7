// An image in the post, with its controls in place when it is selected: alt text, caption,
// size (the site's sizes of the media item), alignment, link, replace (from the library, which
// can upload) and edit (crop, rotate, flip: the site saves an edited copy, which takes the
// image's place); an image from elsewhere can be copied into the library, and one whose address
// does not answer says so instead of showing a broken image. Each change is one step of the editor's undo. The caption is rich text
// typed under the image (RichCaption.tsx), held as HTML and left as written until the writer changes it.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { closeHistory } from '@tiptap/pm/history';
import { NodeSelection } from '@tiptap/pm/state';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import type { MediaItem } from '../../shared/site-types.ts';
import { api } from '../../shared/api-routes.ts';
import { useClient } from '../api/client-context.tsx';
import { describeError } from '../components/ErrorNotice.tsx';
import { mediaItemProblem } from './media-item-problem.ts';
import { useAction } from '../components/useAction.ts';
import { ImageEditor } from '../media/image-editor-on-demand.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { pickedImage } from '../media/media-item.ts';
import { replacedImage } from './image-replace.ts';
import { linkAddress } from './link-address.ts';
import { lineBeside } from './insert-beside.ts';
import { focusText } from './focus-text.ts';
import { RichCaption } from './RichCaption.tsx';
import { isEditableImage } from '../../shared/media-edit-policy.ts';
import { shownAddress } from '../blocks/inert-html.ts';
import { BLOCK_CONTROL } from '../blocks/block-controls.ts';

const ALIGNMENTS: readonly [string, string][] = [['', 'None'], ['left', 'Left'], ['center', 'Centre'], ['right', 'Right'], ['wide', 'Wide'], ['full', 'Full width']];
const LINKS: readonly [string, string][] = [['none', 'None'], ['media', 'Media file'], ['attachment', 'Attachment page'], ['custom', 'Custom address']];

/** Where a link of this kind points for this media item ('' for none; a custom one stays as typed). */
export function linkFor(destination: string, item: MediaItem | undefined, custom: string): string {
  if (destination === 'media') return item?.source_url ?? custom;
  if (destination === 'attachment') return item?.link ?? custom;
  return destination === 'custom' ? custom : '';
}

/** Sizes the site makes for its own use (responsive images) that the block editor does not offer writers. */
const UNOFFERED_SIZES = new Set(['medium_large', '1536x1536', '2048x2048']);

/** A size's name as a writer reads it: "Medium (300×200)". */
const sizeName = (slug: string, width: number, height: number) => `${slug === 'full' ? 'Full size' : slug.replace(/[-_]/g, ' ').replace(/^./, (letter) => letter.toUpperCase())} (${width}×${height})`;

export function ImageControls({ editor, getPos, node, selected, updateAttributes }: ReactNodeViewProps) {
  const client = useClient();
  const [dialog, setDialog] = useState<'replace' | 'edit' | null>(null);
  const alt = String(node.attrs.alt ?? '');
  const caption = String(node.attrs.caption ?? '');
  const id = typeof node.attrs.id === 'number' ? node.attrs.id : null;
  const sizeSlug = String(node.attrs.sizeSlug ?? '');
  const destination = String(node.attrs.linkDestination ?? '') || (node.attrs.href ? 'custom' : 'none');
  const href = String(node.attrs.href ?? '');
  // The media item behind the image: its sizes, its file and its page (for links), and what an edit starts from.
  const media = useQuery({
    queryKey: ['media', 'item', id],
    enabled: id !== null && (selected || dialog !== null),
    retry: false,
    queryFn: () => client.get(api.media(id ?? 0), { context: 'edit' }),
  });
  const item = media.data;
  const src = String(node.attrs.src ?? '');
  // The address that failed to load, so a new address is tried afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const copying = useAction();

  // A choice (a size, a link, a new image) is one undo step of its own, however soon it follows typing.
  const choose = (changes: Record<string, unknown>) => {
    const position = getPos();
    if (position === undefined) return;
    const current = editor.state.doc.nodeAt(position);
    if (current) editor.view.dispatch(closeHistory(editor.state.tr.setNodeMarkup(position, undefined, { ...current.attrs, ...changes })));
  };
  const chooseSize = (slug: string) => {
    const size = item?.media_details.sizes[slug];
    if (size) choose({ sizeSlug: slug, src: size.source_url });
  };
  const chooseLink = (next: string) => choose({ linkDestination: next, href: linkFor(next, item, next === 'custom' ? href : '') });
  // A new image (image-replace.ts); the writer's other choices stay.
  const replace = (picked: MediaItem) => {
    setDialog(null);
    choose(replacedImage(picked, sizeSlug, linkFor(destination, picked, href)));
  };
  // The edited copy takes the image's place at the same size, as far as the copy has it.
  const edited = (copy: MediaItem) => {
    setDialog(null);
    const { id: copyId, src, sizeSlug: copySize } = pickedImage(copy, sizeSlug || 'large');
    choose({ id: copyId, src, sizeSlug: copySize, href: linkFor(destination, copy, href) });
  };

  // The image is the writer's block while its caption has the keyboard (its controls and toolbar show).
  const selectImage = () => {
    const position = getPos();
    if (position !== undefined && !selected) editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, position)));
  };
  // Enter at the caption's end opens a line after the image, as in the block editor.
  const goOnAfter = () => {
    const position = getPos();
    if (position === undefined) return;
    const tr = lineBeside(editor.state.apply(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, position))), 'after');
    if (tr) editor.view.dispatch(tr);
    focusText(editor);
  };

  // As the block editor's "upload to the media library": the site fetches the file, and the copy takes the image's place.
  const copyIntoLibrary = () => copying.run(async () => {
    const copy = await client.post(api.mediaList(), { url: src, alt_text: alt });
    edited(copy);
  });

  return (
    <NodeViewWrapper className={selected ? 'post-image selected' : 'post-image'} data-align={String(node.attrs.align ?? '')} data-drag-handle="">
      {failedSrc === src || (src !== '' && shownAddress(src) === '') ? (
        <p className="post-image-missing" role="img" aria-label={alt || 'Image that cannot be shown'}>
          This image cannot be shown: {src ? <>its address <span className="link-bar-address">{src}</span> {shownAddress(src) ? 'does not answer' : 'is not a web address'}</> : 'it has no address'}. Replace it, or remove it.
        </p>
      ) : (
        <img src={src} alt={alt} draggable={false} onError={() => setFailedSrc(src)} />
      )}
      <RichCaption html={caption} offered={selected} onChange={(html) => updateAttributes({ caption: html })} onEnterAtEnd={goOnAfter} onFocus={selectImage} />
      {selected && (
        // The editor leaves events inside a node view's fields to them (its stopEvent), so keys typed here are the form's.
        <div className={`post-image-controls ${BLOCK_CONTROL}`} contentEditable={false} role="group" aria-label="Image settings">
          <AltTextField value={alt} onChange={(value) => updateAttributes({ alt: value })} />
          <SizeField item={item} value={sizeSlug} onChoose={chooseSize} />
          <label>
            Alignment
            <select value={String(node.attrs.align ?? '')} onChange={(event) => choose({ align: event.target.value })}>
              {ALIGNMENTS.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
            </select>
          </label>
          <label>
            Link to
            <select value={destination} onChange={(event) => chooseLink(event.target.value)}>
              {LINKS.map(([value, name]) => <option key={value} value={value} disabled={!item && (value === 'media' || value === 'attachment')}>{name}</option>)}
            </select>
          </label>
          {destination === 'custom' && <CustomLink href={href} onApply={(address) => choose({ href: address })} />}
          <span className="toolbar">
            <button type="button" onClick={() => setDialog('replace')}>Replace…</button>
            <button type="button" disabled={!item || !isEditableImage(item.mime_type)} onClick={() => setDialog('edit')}>Crop, rotate or flip…</button>
          </span>
          {id === null && (
            <span className="muted">
              This image is not in the site's media library: sizes, media links and editing need one that is.{' '}
              {/^https?:/i.test(src) && failedSrc !== src ? (
                <button type="button" disabled={copying.busy} onClick={() => void copyIntoLibrary()}>{copying.busy ? 'Copying…' : 'Copy into the library'}</button>
              ) : 'Replace it with one from the library.'}
            </span>
          )}
          {copying.error !== null && <span className="muted">{describeError(copying.error)}</span>}
          {media.error && <span className="muted" role="status">{mediaItemProblem(media.error)}</span>}
        </div>
      )}
      {/* Outside the writing area, so its keys and clicks are the dialog's, and open while the image is not selected (the dialog has the focus). */}
      {dialog === 'replace' && createPortal(<MediaPicker onPick={replace} onClose={() => setDialog(null)} />, document.body)}
      {dialog === 'edit' && item && createPortal(<ImageEditor item={item} onSaved={edited} onCancel={() => setDialog(null)} />, document.body)}
    </NodeViewWrapper>
  );
}

/** A custom link's address, applied when the writer leaves the field or presses Enter ("example.org" gets https://). */
export function CustomLink({ href, onApply }: { href: string; onApply(address: string): void }) {
  const [typed, setTyped] = useState(href);
  const apply = () => {
    if (linkAddress(typed) !== href) onApply(linkAddress(typed));
  };
  return (
    <label>
      Link address
      <input
        type="url"
        value={typed}
        placeholder="https://"
        onChange={(event) => setTyped(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </label>
  );
}

/** An image's text alternative, typed in (an image block's, or a held image's in classic content). */
export function AltTextField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label>
      Alt text
      <input type="text" value={value} placeholder="Describe the image for people who cannot see it" onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The site's sizes of an image's media item (the ones WordPress offers, smallest first), and the one written where the item has no such size. */
export function SizeField({ item, value, onChoose }: { item: MediaItem | undefined; value: string; onChoose(slug: string): void }) {
  const sizes = Object.entries(item?.media_details.sizes ?? {}).filter(([slug]) => !UNOFFERED_SIZES.has(slug)).sort(([, a], [, b]) => a.width - b.width);
  return (
    <label>
      Size
      <select value={value} disabled={sizes.length === 0} onChange={(event) => onChoose(event.target.value)}>
        {!item?.media_details.sizes[value] && <option value={value}>{value ? `${value} (as written)` : 'As written'}</option>}
        {sizes.map(([slug, size]) => <option key={slug} value={slug}>{sizeName(slug, size.width, size.height)}</option>)}
      </select>
    </label>
  );
}
