// The in-between inserter, as in the block editor: the pointer on the boundary between two
// blocks shows a "+" on it; clicking it opens a new empty line exactly there, and the inserter's
// list of blocks beside it (BlockInserter.tsx), so a block can be put between blocks that hold text.
// From the keyboard, Tab in the text (where the text has no use for it: a list item's indent, a
// table's next cell come first) shows the "+" after the writer's block and takes the keyboard to
// it; Enter opens the line, Tab goes on to the block toolbar, Shift+Tab or Escape back to the text.
// From an empty line Tab goes to the "+" beside it instead (BlockInserter.tsx), the same way on.
// (The block editor's Tab leaves the text for the controls after it; its in-between inserter
// answers the pointer only, so a writer there reaches "Add block" through the toolbar's menu.)
import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { blockBeside, openLineAt } from './insert-beside.ts';
import { focusBlockToolbar, focusEmptyLinePlus, focusText } from './focus-text.ts';

/** How near the boundary (in pixels) the pointer shows the "+". */
const REACH = 10;

interface Boundary { position: number; top: number; left: number; width: number; byKey?: boolean }

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

/** The boundary after the writer's block (its innermost among blocks a line can open beside), measured from `host`. */
function boundaryAfterSelection(editor: Editor, host: HTMLElement): Boundary | null {
  const edges = blockBeside(editor.state);
  const dom = edges && editor.view.nodeDOM(edges.before);
  if (!edges || !(dom instanceof HTMLElement)) return null;
  const [box, hostBox] = [dom.getBoundingClientRect(), host.getBoundingClientRect()];
  return { position: edges.after, top: box.bottom - hostBox.top + 4, left: box.left - hostBox.left, width: box.width, byKey: true };
}

export function BetweenInserter({ editor, onLineOpened }: { editor: Editor; onLineOpened(): void }) {
  const [boundary, setBoundary] = useState<Boundary | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const host = editor.view.dom.parentElement?.parentElement;
    const onTab = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented || !editor.isEditable || !host) return;
      // From a block's own controls (a placeholder's buttons and colours) Tab goes on among them, as the page orders them.
      if (event.target !== editor.view.dom) return;
      // An empty line has its own "+" beside it (the block editor's only inserter for an empty block): Tab goes there, not to a "+" after it.
      if (focusEmptyLinePlus(editor, 'Tab')) {
        event.preventDefault();
        return;
      }
      const next = boundaryAfterSelection(editor, host);
      if (!next) return;
      event.preventDefault();
      setBoundary(next);
    };
    editor.view.dom.addEventListener('keydown', onTab);
    return () => editor.view.dom.removeEventListener('keydown', onTab);
  }, [editor]);
  // Shown by Tab, the "+" takes the keyboard.
  useEffect(() => {
    if (boundary?.byKey) button.current?.focus({ preventScroll: true });
  }, [boundary]);
  useEffect(() => {
    // The writing area with the inserter standing in it (as BlockInserter measures).
    const host = editor.view.dom.parentElement?.parentElement;
    if (!host) return;
    let pointer = { x: NaN, y: NaN };
    const onMove = (event: MouseEvent) => {
      // Over the "+" itself it stays; and when the pointer has not moved (the browser sends a move when the page under it changes), a "+" shown by Tab stays.
      if (event.target instanceof Element && event.target.closest('.between-inserter')) return;
      if (event.clientX === pointer.x && event.clientY === pointer.y) return;
      pointer = { x: event.clientX, y: event.clientY };
      const next = editor.isEditable ? boundaryAt(editor, host, event.clientX, event.clientY) : null;
      setBoundary((current) => (current?.position === next?.position && current?.top === next?.top ? current : next));
    };
    // A leave where the pointer has not moved is the page changing under it (a screenshot's resize, a theme): a "+" shown by Tab stays.
    const onLeave = (event: MouseEvent) => {
      if (event.clientX !== pointer.x || event.clientY !== pointer.y) setBoundary(null);
    };
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
  const onKey = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Tab' && event.key !== 'Escape') return;
    event.preventDefault();
    setBoundary(null);
    if (event.key === 'Tab' && !event.shiftKey && focusBlockToolbar()) return;
    focusText(editor);
  };
  return (
    <div className="between-inserter" style={{ top: boundary.top, left: boundary.left, width: boundary.width }}>
      <button ref={button} type="button" aria-label={boundary.byKey ? 'Add block after this block' : 'Add block here'} data-tooltip={boundary.byKey ? 'Add block (Enter)' : 'Add block here'}
        onMouseDown={(event) => event.preventDefault()} onClick={open} onKeyDown={onKey}
        // Gone when the keyboard moves elsewhere in the page; the window losing focus keeps it for the writer's return.
        onBlur={(event) => boundary.byKey && event.relatedTarget && setBoundary((current) => (current === boundary ? null : current))}>+</button>
    </div>
  );
}
