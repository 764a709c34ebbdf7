// The media of the block the caret is in (an audio, a video, a file, a cover, media & text):
// replaced from the media library (a cover's or media & text's by an image or a video, as the
// block editor's Replace takes either; "Add media" for a cover of a colour, which shows none yet, as
// the block editor names it there), an image's alt text, and the side media & text shows its
// media on, and a cover's "Use featured image" (on: the post's featured image instead of its own
// media; off: none, as the block editor's media menu toggles it: cover-featured.ts). A bar of its
// own, like the table's and the button's.
import { useEditorState, type Editor } from '@tiptap/react';
import { mediaAlt, mediaBlockAt, mediaKind, mediaKinds, mediaOnRight, showsMedia, toggleMediaSide, withAlt } from '../blocks/media-blocks.ts';
import type { MediaKind } from '../blocks/block-definition.ts';
import { toggleFeaturedImage, usesFeaturedImage } from '../blocks/cover-featured.ts';
import { useSitePalette } from './useSitePalette.ts';
import { paletteColours } from './ColourChoices.tsx';

interface Props {
  editor: Editor;
  onReplace(kinds: readonly MediaKind[]): void;
}

export function MediaControls({ editor, onReplace }: Props) {
  const palette = paletteColours(useSitePalette());
  const media = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const found = mediaBlockAt(current.state);
      return found ? { kind: mediaKind(found.node), kinds: mediaKinds(found.node), shown: showsMedia(found.node), alt: mediaAlt(current.state), right: mediaOnRight(current.state), featured: usesFeaturedImage(current.state) } : null;
    },
  });
  if (!media) return null;
  return (
    <div className="toolbar media-bar" role="group" aria-label={`The block's ${media.kind}`}>
      <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => onReplace(media.kinds)}>{media.shown ? `Replace ${media.kind}…` : 'Add media…'}</button>
      {media.featured !== null && (
        <button type="button" aria-pressed={media.featured} onMouseDown={(event) => event.preventDefault()} onClick={() => {
          const tr = toggleFeaturedImage(editor.state, palette);
          if (tr) editor.view.dispatch(tr);
        }}>Use featured image</button>
      )}
      {media.alt !== null && (
        <label>
          Alt text{' '}
          <input type="text" value={media.alt} placeholder="Describe the image for people who cannot see it" onChange={(event) => editor.view.dispatch(withAlt(editor.state.tr, event.target.value))} />
        </label>
      )}
      {media.right !== null && (
        <label>
          <input type="checkbox" checked={media.right} onChange={() => {
            const tr = toggleMediaSide(editor.state);
            if (tr) editor.view.dispatch(tr);
          }} />{' '}
          Media on the right
        </label>
      )}
    </div>
  );
}
