// The editor the writer is in: the post's own, or that of a synced pattern shown in it
// (SyncedPatternView), so the toolbars and the inserter act where the keyboard is. Followed by
// focus within the writing area; back to the post's once the pattern's editor is gone.
import { useEffect, useState, type RefObject } from 'react';
import type { Editor } from '@tiptap/react';

/** tiptap marks each editor's element with its editor. */
type EditorElement = HTMLElement & { editor?: Editor };

export function useWritingEditor(post: Editor | null, area: RefObject<HTMLElement | null>): Editor | null {
  const [focused, setFocused] = useState<Editor | null>(null);
  useEffect(() => {
    const element = area.current;
    // Only a synced pattern's editor is another place of writing: an editor inside a block (an
    // image's caption) belongs to the block, whose toolbar is that of the editor holding it.
    const follow = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement) || !event.target.closest('.ProseMirror')) return;
      setFocused(event.target.closest<EditorElement>('.synced-pattern-blocks')?.editor ?? null);
    };
    element?.addEventListener('focusin', follow);
    return () => element?.removeEventListener('focusin', follow);
  }, [area]);
  return focused && !focused.isDestroyed ? focused : post;
}
