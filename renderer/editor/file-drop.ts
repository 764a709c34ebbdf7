// Files dropped on the writing area from the desktop, or pasted there (a screenshot): the
// editor's own handling (which would read them as text, or drop them) is refused, and the files
// are handed, with the place they land, to the part of the screen that uploads them
// (DroppedFiles.tsx), as an event on the editor's element.
import { Extension } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { Plugin } from '@tiptap/pm/state';
import { MEDIA_PLACEHOLDER_NODE } from '../blocks/media-placeholder.ts';
import { awaitingCreation } from './placeholder-fill.ts';

export const FILES_ADDED = 'inkwell:files-added';

export interface FilesAdded {
  files: File[];
  /** The document position the files were dropped or pasted at. */
  position: number;
}

function handOver(view: EditorView, files: File[], position: number): void {
  view.dom.dispatchEvent(new CustomEvent<FilesAdded>(FILES_ADDED, { detail: { files, position }, bubbles: true }));
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
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
            // Dropped on a media block's placeholder (or media & text's awaiting its media): its position, where the files make that block (placeholder-fill.ts).
            const target = at && at.inside >= 0 ? view.state.doc.nodeAt(at.inside) : null;
            const onPlaceholder = at && target && (target.type.name === MEDIA_PLACEHOLDER_NODE || awaitingCreation(target) !== null);
            handOver(view, files, onPlaceholder ? at.inside : (at?.pos ?? view.state.selection.from));
            return true;
          },
          handlePaste(view, event) {
            const files = Array.from(event.clipboardData?.files ?? []);
            // Text copied with a picture of itself (from a word processor) is pasted as text.
            if (files.length === 0 || event.clipboardData?.getData('text/plain')) return false;
            event.preventDefault();
            handOver(view, files, view.state.selection.from);
            return true;
          },
        },
      }),
    ];
  },
});
