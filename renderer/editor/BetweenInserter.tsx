// The in-between inserter, as in the block editor: the pointer on the boundary between two
// blocks shows a "+" on it; clicking it opens a new empty line exactly there, and the inserter's
// list of blocks beside it (BlockInserter.tsx), so a block can be put between blocks that hold text.
import type { Editor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import { useEffect, useState } from 'react';

/** How near the boundary (in pixels) the pointer shows the "+". */
const REACH = 10;

interface Boundary { position: number; top: number; left: number; width: number }

/** The boundary between two top-level blocks nearest the pointer's height, within reach, measured from `host`. */
function boundaryAt(editor: Editor, host: HTMLElement, y: number): Boundary | null {
  const hostBox = host.getBoundingClientRect();
  let found: Boundary | null = null;
  let previousBottom: number | null = null;
  editor.state.doc.forEach((_node, offset) => {
    const dom = editor.view.nodeDOM(offset);
    if (found || !(dom instanceof HTMLElement)) return;
    const box = dom.getBoundingClientRect();
    if (previousBottom !== null) {
      const line = (previousBottom + box.top) / 2;
      if (Math.abs(y - line) <= REACH) found = { position: offset, top: line - hostBox.top, left: box.left - hostBox.left, width: box.width };
    }
    previousBottom = box.bottom;
  });
  return found;
}

export function BetweenInserter({ editor, onLineOpened }: { editor: Editor; onLineOpened(): void }) {
  const [boundary, setBoundary] = useState<Boundary | null>(null);
  useEffect(() => {
    // The writing area with the inserter standing in it (as BlockInserter measures).
    const host = editor.view.dom.parentElement?.parentElement;
    if (!host) return;
    const onMove = (event: MouseEvent) => {
      // Over the "+" itself it stays.
      if (event.target instanceof Element && event.target.closest('.between-inserter')) return;
      const next = editor.isEditable ? boundaryAt(editor, host, event.clientY) : null;
      setBoundary((current) => (current?.position === next?.position && current?.top === next?.top ? current : next));
    };
    const onLeave = () => setBoundary(null);
    host.addEventListener('mousemove', onMove);
    host.addEventListener('mouseleave', onLeave);
    return () => {
      host.removeEventListener('mousemove', onMove);
      host.removeEventListener('mouseleave', onLeave);
    };
  }, [editor]);
  if (!boundary) return null;
  const open = () => {
    const { state } = editor;
    const tr = state.tr.insert(boundary.position, state.schema.nodes.paragraph.create());
    editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, boundary.position + 1)));
    editor.view.focus();
    setBoundary(null);
    onLineOpened();
  };
  return (
    <div className="between-inserter" style={{ top: boundary.top, left: boundary.left, width: boundary.width }}>
      <button type="button" aria-label="Add block here" data-tooltip="Add block here" onMouseDown={(event) => event.preventDefault()} onClick={open}>+</button>
    </div>
  );
}
