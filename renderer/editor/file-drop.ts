// Files dropped on the writing area from the desktop: the editor's own drop (which would try to
// read them as text) is refused, and the files are handed, with the place they were dropped, to
// the part of the screen that uploads them (DroppedImages.tsx), as an event on the editor's element.
import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

export const FILES_DROPPED = 'inkwell:files-dropped';

export interface FilesDropped {
  files: File[];
  /** The document position the files were dropped at. */
  position: number;
}

export const FileDrop = Extension.create({
  name: 'fileDrop',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleDrop(view, event, _slice, moved) {
            const files = Array.from(event.dataTransfer?.files ?? []);
            if (moved || files.length === 0) return false;
            event.preventDefault();
            const position = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from;
            view.dom.dispatchEvent(new CustomEvent<FilesDropped>(FILES_DROPPED, { detail: { files, position }, bubbles: true }));
            return true;
          },
        },
      }),
    ];
  },
});
