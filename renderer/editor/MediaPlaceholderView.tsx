// A media block's placeholder as the block editor shows it (its MediaPlaceholder): the block's
// name and what goes in it, with Upload (files from this computer, uploaded with their progress
// and failures shown as dropped files are: DroppedFiles.tsx), Media Library (the site's items, in
// the screen's picker), Insert from URL where the block takes an address (an image, audio or video:
// where the block editor's offers it), files dropped on it, and for a cover the site palette's
// colours as swatches (its "Overlay color" palette), each making a cover of that colour, and its
// "Use featured image", making a cover that shows the post's featured image.
// Whichever way, the block is made around the file where the placeholder stands (placeholder-fill.ts).
import { useRef, useState } from 'react';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { KIND_NAME } from '../media/MediaPicker.tsx';
import { FILES_ADDED, type FilesAdded } from './file-drop.ts';
import { LIBRARY_ASKED, embedInstead, fillPlaceholder, fillPlaceholderFromColour, fillPlaceholderFromFeaturedImage, fillPlaceholderFromUrl, placeholderCreation, placeholderKinds, type LibraryAsked } from './placeholder-fill.ts';
import { BLOCK_CONTROL } from '../blocks/block-controls.ts';
import { useSitePalette } from './useSitePalette.ts';
import { paletteColours, paletteGroups } from './ColourChoices.tsx';
import type { PaletteColour } from '../../shared/site-types.ts';

/** Whether `url` loads as an image (the block editor's image block becomes an embed when its image fails: onImageError). */
const loadsAsImage = (url: string) => new Promise<boolean>((resolve) => {
  const probe = new Image();
  probe.onload = () => resolve(true);
  probe.onerror = () => resolve(false);
  probe.src = url;
});

/** The palette's colours as the block editor's cover placeholder shows them: a swatch each, named, reached by Tab, the theme's and the default ones apart (paletteGroups). */
function ColourSwatches({ onPick }: { onPick(colour: PaletteColour): void }) {
  const groups = paletteGroups(useSitePalette());
  return (
    <div className="placeholder-swatches" role="group" aria-label="Overlay colour" contentEditable={false}>
      {groups.map(({ name, colours }) => (
        <div key={name ?? ''} className="placeholder-swatch-group" role={name ? 'group' : undefined} aria-label={name ?? undefined}>
          {name && <span className="muted">{name}</span>}
          {colours.map((colour) => (
            <button key={colour.slug} type="button" className="placeholder-swatch" style={{ background: colour.colour }} aria-label={`Colour: ${colour.name}`} data-tooltip={colour.name} onClick={() => onPick(colour)} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function MediaPlaceholderView({ node, editor, getPos, selected }: ReactNodeViewProps) {
  const title = String(node.attrs.title);
  const creation = placeholderCreation(title);
  const [addressing, setAddressing] = useState(false);
  const [address, setAddress] = useState('');
  const upload = useRef<HTMLInputElement>(null);
  const palette = paletteColours(useSitePalette());
  if (!creation) return <NodeViewWrapper className={`media-placeholder ${BLOCK_CONTROL}`}>{title}</NodeViewWrapper>;
  const here = () => {
    const position = getPos();
    return typeof position === 'number' ? position : null;
  };
  const several = creation.several !== undefined;
  const kinds = placeholderKinds(creation);
  const named = several ? 'images' : kinds.map((kind) => KIND_NAME[kind]).join(' or ');
  const send = <T,>(name: string, detail: T) => editor.view.dom.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true }));
  const handOver = (files: File[]) => {
    const position = here();
    if (position !== null && files.length > 0) send<FilesAdded>(FILES_ADDED, { files, position });
  };
  const fromLibrary = () => send<LibraryAsked>(LIBRARY_ASKED, {
    kind: kinds,
    several,
    done: (item) => {
      const position = here();
      if (position !== null) fillPlaceholder(editor, position, [item]);
    },
  });
  const withAddress = async () => {
    // An image's address a provider knows is tried as an image first; other blocks decide at once.
    const probed = creation.embeds?.when === 'unless an image' && embedInstead(creation, address) !== null;
    const image = probed && (await loadsAsImage(creation.embeds?.address(address.trim()) ?? address));
    const position = here();
    if (position !== null) fillPlaceholderFromUrl(editor, position, address, image);
  };
  const words = several
    ? 'Drop images here, upload them, or pick them from your media library.'
    : `Drop ${named} here, upload one, pick one from your media library${creation.fromUrl ? ', or add one by its address' : ''}${creation.fromColour ? ', or pick a colour' : ''}.`;
  return (
    <NodeViewWrapper className={`media-placeholder ${BLOCK_CONTROL}${selected ? ' selected' : ''}`} role="group" aria-label={title} data-drag-handle="">
      <strong>{title}</strong>
      <p className="muted">{words}</p>
      <div className="toolbar" contentEditable={false}>
        <button type="button" onClick={() => upload.current?.click()}>Upload</button>
        <input
          ref={upload}
          type="file"
          hidden
          multiple={several}
          accept={kinds.includes('file') ? undefined : kinds.map((kind) => `${kind}/*`).join(',')}
          aria-label={`Upload ${named}`}
          onChange={(event) => {
            handOver(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <button type="button" onClick={fromLibrary}>Media Library</button>
        {creation.fromUrl && <button type="button" aria-expanded={addressing} onClick={() => setAddressing(!addressing)}>Insert from URL</button>}
        {creation.offersFeaturedImage && <button type="button" onClick={() => { const position = here(); if (position !== null) fillPlaceholderFromFeaturedImage(editor, position, palette); }}>Use featured image</button>}
      </div>
      {creation.fromColour && <ColourSwatches onPick={(colour) => { const position = here(); if (position !== null) fillPlaceholderFromColour(editor, position, colour); }} />}
      {addressing && (
        <form className="toolbar" contentEditable={false} onSubmit={(event) => { event.preventDefault(); void withAddress(); }}>
          <input type="text" aria-label={`Address of ${named}`} placeholder="Paste or type URL" value={address} onChange={(event) => setAddress(event.target.value)} autoFocus />
          <button type="submit" disabled={address.trim() === ''}>Apply</button>
        </form>
      )}
    </NodeViewWrapper>
  );
}
