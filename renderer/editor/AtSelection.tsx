// Holds a field (the link address) next to the words selected, as the block editor's link
// popover stands: just under the selection's last line, from its first word, kept within the
// writing column. Placed when it opens; the writer's text does not move while it is open, and
// the words it is for stay marked while the field has the keyboard.
import type { Editor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** The name styles.css marks the selected words by while the field is open. */
const HELD = 'held-selection';

/** The selected words marked as selected while the text has no focus (where the browser has highlights). */
function useHeldSelection(editor: Editor): void {
  useEffect(() => {
    const { from, to } = editor.state.selection;
    if (from === to || typeof CSS === 'undefined' || !('highlights' in CSS)) return;
    const start = editor.view.domAtPos(from);
    const end = editor.view.domAtPos(to);
    const range = document.createRange();
    range.setStart(start.node, start.offset);
    range.setEnd(end.node, end.offset);
    CSS.highlights.set(HELD, new Highlight(range));
    return () => {
      CSS.highlights.delete(HELD);
    };
  }, [editor]);
}

interface Place { top: number; left: number }

/** Under the selection, measured from `host`, the positioned writing column the field stands in. */
function placeOf(editor: Editor, host: Element | null): Place {
  if (!host) return { top: 0, left: 0 };
  const { from, to } = editor.state.selection;
  const start = editor.view.coordsAtPos(from);
  const end = editor.view.coordsAtPos(to);
  const box = host.getBoundingClientRect();
  return { top: end.bottom - box.top + 6, left: start.left - box.left };
}

export function AtSelection({ editor, children }: { editor: Editor; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useHeldSelection(editor);
  // Placed in the first render already: the field takes the focus as it opens, and the window
  // would scroll to wherever it stood then.
  const [place, setPlace] = useState<Place>(() => placeOf(editor, editor.view.dom.closest('.writing-column')));
  useLayoutEffect(() => {
    const element = ref.current;
    const host = element?.offsetParent;
    if (!element || !(host instanceof HTMLElement)) return;
    const wanted = placeOf(editor, host);
    // Its right edge stays inside the column.
    setPlace({ top: wanted.top, left: Math.max(0, Math.min(wanted.left, host.clientWidth - element.offsetWidth)) });
  }, [editor]);
  return (
    <div ref={ref} className="at-selection" style={{ top: place.top, left: place.left }}>
      {children}
    </div>
  );
}
