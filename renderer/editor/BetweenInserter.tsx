// The in-between inserter, as in the block editor: the pointer on the boundary between two
// blocks shows a "+" on it; clicking it opens a new empty line exactly there, and the inserter's
// list of blocks beside it (BlockInserter.tsx), so a block can be put between blocks that hold text.
import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { openLineAt } from './insert-beside.ts';

/** How near the boundary (in pixels) the pointer shows the "+". */
const REACH = 10;

interface Boundary { position: number; top: number; left: number; width: number }

/** The top-level blocks' offsets around the one the pointer is over (its neighbours only: a long post is not measured whole at each move). */
function offsetsNear(editor: Editor, x: number, y: number): number[] {
  const { view, state } = editor;
  const area = view.dom.getBoundingClientRect();
  const hit = view.posAtCoords({ left: Math.min(Math.max(x, area.left + 1), area.right - 1), top: y });
  if (!hit) return [];
  const index = state.doc.resolve(Math.min(hit.pos, state.doc.content.size)).index(0);
  const offsets: number[] = [];
  state.doc.forEach((_node, at, childIndex) => {
    if (Math.abs(childIndex - index) <= 1) offsets.push(at);
  });
  return offsets;
}

/** The boundary between two top-level blocks nearest the pointer's height, within reach, measured from `host`. */
function boundaryAt(editor: Editor, host: HTMLElement, x: number, y: number): Boundary | null {
  const hostBox = host.getBoundingClientRect();
  const boxes = offsetsNear(editor, x, y).flatMap((offset) => {
    const dom = editor.view.nodeDOM(offset);
    return dom instanceof HTMLElement ? [{ offset, box: dom.getBoundingClientRect() }] : [];
  });
  for (let index = 1; index < boxes.length; index += 1) {
    const line = (boxes[index - 1].box.bottom + boxes[index].box.top) / 2;
    const { box, offset } = boxes[index];
    if (Math.abs(y - line) <= REACH) return { position: offset, top: line - hostBox.top, left: box.left - hostBox.left, width: box.width };
  }
  return null;
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
      const next = editor.isEditable ? boundaryAt(editor, host, event.clientX, event.clientY) : null;
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
    editor.view.dispatch(openLineAt(editor.state, boundary.position));
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
