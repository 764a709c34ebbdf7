// Media & text awaiting its media (its figure empty, its text written at once beside it, as in the
// block editor): its placeholder's buttons (renderer/blocks/nodes.ts) upload a file or ask the
// media library, and files dropped on it go into its figure (placeholder-fill.ts), as a media
// block's placeholder does.
import { Extension } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { Plugin } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { AWAITING_MEDIA_ATTRIBUTE } from '../blocks/media-text-awaiting.ts';
import { FILES_ADDED, type FilesAdded } from './file-drop.ts';
import { LIBRARY_ASKED, awaitingCreation, fillPlaceholder, placeholderKinds, type LibraryAsked } from './placeholder-fill.ts';

/** The position of the block awaiting its media whose element holds `target`, or null. */
export function awaitingPosition(view: EditorView, target: EventTarget | null): number | null {
  const element = target instanceof Element ? target.closest('[data-block-container]') : null;
  let found: number | null = null;
  view.state.doc.descendants((node, position) => {
    if (found === null && view.nodeDOM(position) === element && awaitingCreation(node)) found = position;
    return found === null;
  });
  return found;
}

export const AwaitingMedia = Extension.create({
  name: 'awaitingMedia',
  addProseMirrorPlugins() {
    const { editor } = this;
    const send = <T>(view: EditorView, name: string, detail: T) => view.dom.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true }));
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            click(view, event) {
              const button = event.target instanceof Element ? event.target.closest(`[${AWAITING_MEDIA_ATTRIBUTE}]`) : null;
              const position = button ? awaitingPosition(view, button) : null;
              const node = position === null ? null : view.state.doc.nodeAt(position);
              const creation = node ? awaitingCreation(node) : null;
              if (!button || !creation) return false;
              event.preventDefault();
              if (button.getAttribute(AWAITING_MEDIA_ATTRIBUTE) === 'upload') button.parentElement?.querySelector<HTMLInputElement>('input[type="file"]')?.click();
              else {
                // Found again when the item is picked: the text may have been written on meanwhile.
                const done = (item: MediaItem) => {
                  const at = awaitingPosition(view, button);
                  if (at !== null) fillPlaceholder(editor, at, [item]);
                };
                send<LibraryAsked>(view, LIBRARY_ASKED, { kind: placeholderKinds(creation), several: false, done });
              }
              return true;
            },
            change(view, event) {
              const input = event.target instanceof HTMLInputElement && event.target.hasAttribute(AWAITING_MEDIA_ATTRIBUTE) ? event.target : null;
              const position = input && awaitingPosition(view, input);
              if (!input || position === null) return false;
              const files = Array.from(input.files ?? []);
              input.value = '';
              if (files.length > 0) send<FilesAdded>(view, FILES_ADDED, { files, position });
              return true;
            },
          },
        },
      }),
    ];
  },
});
