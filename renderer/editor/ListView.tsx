// The list view (document overview), as the block editor's (Shift+Alt+O): a panel beside the
// text listing the document's blocks as a tree, each named with its first words; a click, or
// Enter on one reached with the arrow keys, selects that block in the text and scrolls to it.
// The writer's block is marked. A block is moved among its neighbours in the list by dragging it
// (dropped before or after another block of the same parent) or with Alt+Shift+Up / Down on it, as
// in the block editor; the list keeps the keyboard on it, and one undo puts it back. The panel stands
// beside the writing area, which makes room for it (styles.css), so the app's navigation stays in view.
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { closeHistory } from '@tiptap/pm/history';
import { createPortal } from 'react-dom';
import { documentOutline } from './document-outline.ts';
import { selectBlock } from './block-options.ts';
import { besideNeighbour, blockMovedTo } from '../blocks/move-block.ts';
import { focusText } from './focus-text.ts';
import { Icon } from './toolbar-icons.tsx';
import { ariaKeys, keys } from './shortcut-keys.ts';

const SHORTCUT = 'Shift+Alt+O';
/** The block editor's keys to move a block in its list view. */
const MOVE_UP = 'Alt+Shift+ArrowUp';
const MOVE_DOWN = 'Alt+Shift+ArrowDown';

type Side = 'before' | 'after';

/** Where a block dropped on the half `side` of the block at `target` goes. */
function dropPlace(editor: Editor, target: number, side: Side): number {
  return side === 'before' ? target : target + (editor.state.doc.nodeAt(target)?.nodeSize ?? 0);
}

/** The half of the item under the pointer. */
const sideOf = (event: DragEvent<HTMLElement>): Side => {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
};

function Outline({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const outline = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const entries = documentOutline(current.state.doc);
      const { from } = current.state.selection;
      // The writer's block: the innermost entry the selection starts in.
      const at = entries.reduce((found, entry, index) => {
        const node = current.state.doc.nodeAt(entry.position);
        return node && entry.position <= from && from <= entry.position + node.nodeSize ? index : found;
      }, -1);
      return { entries, at };
    },
    equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
  const tree = useRef<HTMLUListElement>(null);
  const [focused, setFocused] = useState(Math.max(0, outline.at));
  // The block being dragged (its position), where it would drop, and the block just moved (the keyboard follows it).
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<{ index: number; side: Side } | null>(null);
  const [moved, setMoved] = useState<number | null>(null);
  useEffect(() => {
    tree.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
    // Only when the panel opens: the keyboard then moves along the tree.
  }, []);
  useEffect(() => {
    const index = outline.entries.findIndex((entry) => entry.position === moved);
    if (moved === null || index < 0) return;
    setMoved(null);
    setFocused(index);
    tree.current?.querySelectorAll<HTMLElement>('[role="treeitem"]')[index]?.focus();
  }, [outline.entries, moved]);
  /** Moves the block at `from` to `at` (one undo step), selected in the text; false when it cannot go there. */
  const move = (from: number, at: number | null): boolean => {
    const done = at === null ? null : blockMovedTo(editor.state, from, at);
    if (!done) return false;
    editor.view.dispatch(selectBlock(closeHistory(done.tr), done.start));
    setMoved(done.start);
    return true;
  };
  const dropHere = (event: DragEvent<HTMLElement>, index: number) => {
    const target = outline.entries[index];
    const side = sideOf(event);
    if (dragged === null || !target || blockMovedTo(editor.state, dragged, dropPlace(editor, target.position, side)) === null) {
      if (dropAt !== null) setDropAt(null);
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropAt?.index !== index || dropAt.side !== side) setDropAt({ index, side });
  };
  const drop = (event: DragEvent<HTMLElement>, index: number) => {
    event.preventDefault();
    const target = outline.entries[index];
    if (dragged !== null && target) move(dragged, dropPlace(editor, target.position, sideOf(event)));
    setDragged(null);
    setDropAt(null);
  };
  const choose = (position: number) => {
    editor.view.dispatch(selectBlock(editor.state.tr, position));
    // The block scrolled to the middle of the window, below the toolbars.
    (editor.view.nodeDOM(position) as HTMLElement | null)?.scrollIntoView?.({ block: 'center' });
    focusText(editor);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = outline.entries.length - 1;
    const next = { ArrowDown: Math.min(last, focused + 1), ArrowUp: Math.max(0, focused - 1), Home: 0, End: last }[event.key];
    const entry = outline.entries[focused];
    if (event.altKey && event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      if (entry) move(entry.position, besideNeighbour(editor.state, entry.position, event.key === 'ArrowUp' ? -1 : 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      focusText(editor);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (entry) choose(entry.position);
    } else if (next !== undefined) {
      event.preventDefault();
      setFocused(next);
      tree.current?.querySelectorAll<HTMLElement>('[role="treeitem"]')[next]?.focus();
    }
  };
  return (
    <aside className="list-view" aria-label="Document overview">
      <div className="list-view-head">
        <h2>Document overview</h2>
        <button type="button" className="link" onClick={() => { onClose(); focusText(editor); }}>Close</button>
      </div>
      {outline.entries.length === 0 ? <p className="muted">No blocks yet.</p> : (
        <ul role="tree" aria-label="Blocks" ref={tree} onKeyDown={onKeyDown}>
          {outline.entries.map((entry, index) => (
            <li key={`${entry.position}`} role="treeitem" aria-level={entry.depth} aria-selected={index === outline.at} tabIndex={index === focused ? 0 : -1}
              aria-keyshortcuts={`${ariaKeys(MOVE_UP)} ${ariaKeys(MOVE_DOWN)}`} data-drop={dropAt?.index === index ? dropAt.side : undefined}
              draggable onDragStart={(event) => { event.dataTransfer.effectAllowed = 'move'; event.dataTransfer.setData('text/plain', entry.title); setDragged(entry.position); }}
              onDragOver={(event) => dropHere(event, index)} onDrop={(event) => drop(event, index)} onDragEnd={() => { setDragged(null); setDropAt(null); }}
              style={{ paddingInlineStart: `${(entry.depth - 1) * 1}rem` }} onFocus={() => setFocused(index)} onClick={() => choose(entry.position)}>
              <span className="list-view-title">{entry.title}</span> <span className="list-view-words">{entry.words}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

/** The formatting toolbar's button for the list view, and the panel while it is open. */
export function ListView({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // By the key's place: with Alt held, a Mac's keyboard gives another character.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.shiftKey && event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyO') {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" className="icon-button" aria-label="Document overview" aria-pressed={open} aria-keyshortcuts={ariaKeys(SHORTCUT)} data-tooltip={`Document overview (${keys(SHORTCUT)})`}
        onMouseDown={(event) => event.preventDefault()} onClick={() => setOpen(!open)}><Icon name="listView" /></button>
      {/* Beside the text, outside the toolbar. */}
      {open && createPortal(<Outline editor={editor} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}
