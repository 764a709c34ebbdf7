// The list view (document overview), as the block editor's (Shift+Alt+O): a panel beside the
// text listing the document's blocks as a tree, each named with its first words; a click, or
// Enter on one reached with the arrow keys, selects that block in the text and scrolls to it.
// The writer's block is marked. A block is moved in the list by dragging it (before, after or
// inside another block, out of its parent: list-view-places.ts) or with Alt+Shift+Up / Down on it,
// as in the block editor, and Alt+Shift+Right / Left into the block above or out of its parent
// (past the parents it may not stand in);
// only where the block editor lets it stand (block-nesting.ts): elsewhere the row shows the drop
// refused and the panel says why. The list keeps the keyboard on the block, and one undo puts it
// back. The panel stands beside the writing area, which makes room for it (styles.css), so the
// app's navigation stays in view; on a narrow window it takes turns with the Settings panel.
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent } from 'react';
import { closeHistory } from '@tiptap/pm/history';
import type { Transaction } from '@tiptap/pm/state';
import { createPortal } from 'react-dom';
import { documentOutline, type OutlineEntry } from './document-outline.ts';
import { afterAt, hasListedBlocks, hiddenEntries, isOpen, neighbourAbove, placeInto, placesOut, zoneAt, type Zone } from './list-view-places.ts';
import { selectBlock } from './block-options.ts';
import { besideNeighbour, moveRefusal } from '../blocks/move-block.ts';
import { dropMove, moveTo, nesting, type Move } from './list-view-move.ts';
import { focusText } from './focus-text.ts';
import { blockAfter } from './block-follower.ts';
import { dragExpander, expandsWhenHeld } from './drag-expander.ts';
import { Icon } from './toolbar-icons.tsx';
import { ariaKeys, keys } from './shortcut-keys.ts';

const SHORTCUT = 'Shift+Alt+O';
/** The block editor's keys to move a block in its list view. */
const MOVE_UP = 'Alt+Shift+ArrowUp';
const MOVE_DOWN = 'Alt+Shift+ArrowDown';

/** The keys (the page tree's) to move a block into the block above it, or out of the block holding it. */
const MOVE_IN = 'Alt+Shift+ArrowRight';
const MOVE_OUT = 'Alt+Shift+ArrowLeft';

/** A drop under the pointer: the row, its zone, the depth the block would stand at, and why it cannot go there (null when it can). */
interface DropTarget { index: number; zone: Zone; depth: number; refused: string | null }

/** The row's zone under the pointer (`open`: the row's blocks show below it, or it has none), and the depth the pointer stands at (one step of indent a level). */
function pointerOn(event: DragEvent<HTMLElement>, entry: OutlineEntry, open: boolean): { zone: Zone; depth: number } {
  const box = event.currentTarget.getBoundingClientRect();
  const step = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const depth = Math.floor((event.clientX - box.left) / step) + 1;
  return { zone: zoneAt(entry, event.clientY - box.top, box.height, open, depth), depth };
}

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
  const [dropAt, setDropAt] = useState<DropTarget | null>(null);
  const [moved, setMoved] = useState<number | null>(null);
  // Why the last move asked for could not be done (a column only goes in columns …).
  const [refused, setRefused] = useState('');
  // The blocks collapsed in the tree (their positions, which follow the blocks through the document's changes and moves): their blocks are not listed.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const follow = ({ transaction }: { transaction: Transaction }) => {
      if (transaction.docChanged) setCollapsed((was) => new Set([...was].flatMap((position) => blockAfter(transaction, position) ?? [])));
    };
    editor.on('transaction', follow);
    return () => { editor.off('transaction', follow); };
  }, [editor]);
  const hidden = hiddenEntries(outline.entries, collapsed);
  const expandable = (index: number) => hasListedBlocks(outline.entries, index);
  const isCollapsed = (index: number) => !isOpen(outline.entries, index, collapsed);
  /** Shows or hides the blocks of the row at `index`. */
  const setExpanded = (index: number, expanded: boolean) => {
    const { position } = outline.entries[index];
    setCollapsed((was) => new Set(expanded ? [...was].filter((at) => at !== position) : [...was, position]));
  };
  // A drag held inside a collapsed row shows its blocks after a moment (drag-expander.ts).
  const [expander] = useState(() => dragExpander((position) => setCollapsed((was) => new Set([...was].filter((at) => at !== position)))));
  useEffect(() => () => expander.stop(), [expander]);
  /** The drag ended or left the tree: nothing waits to expand, no drop is shown. */
  const forgetDrop = () => {
    expander.stop();
    setDropAt(null);
  };
  const pointerAt = (event: DragEvent<HTMLElement>, index: number) => pointerOn(event, outline.entries[index], !isCollapsed(index));
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
  /** Does the move (one undo step), the block selected in the text; says why when it cannot be done. */
  const move = ({ why, run }: Move) => {
    const done = why === '' ? run() : null;
    setRefused(why ?? '');
    if (!done) return;
    editor.view.dispatch(selectBlock(closeHistory(done.tr), done.start));
    setMoved(done.start);
  };
  /** Where the block at `from` goes out of its parent: after the nearest block holding it that it may stand beside. */
  const outward = (from: number): number | null => {
    const places = placesOut(outline.entries, focused);
    return places.find((at) => moveRefusal(editor.state, from, at) === '') ?? places[0] ?? null;
  };
  /** Into the block above: a list item nested under the item above, any other block after that block's last block. */
  const inward = (from: number): Move => {
    const above = outline.entries[neighbourAbove(outline.entries, focused)];
    return (above && nesting(editor.state, from, above.position, false)) ?? moveTo(editor.state, from, placeInto(outline.entries, focused));
  };
  const dropOn = (from: number, index: number, zone: Zone, depth: number): Move => dropMove(editor.state, outline.entries, from, index, zone, depth, isCollapsed(index));
  // Told on dragenter as on dragover: on the move that enters a row, Chromium fires only dragenter
  // there, and takes its answer (drop or not) from it; dragover follows from the next move on.
  const dropHere = (event: DragEvent<HTMLElement>, index: number) => {
    const entry = outline.entries[index];
    if (dragged === null || !entry) return;
    const { zone, depth } = pointerAt(event, index);
    const { why } = dropOn(dragged, index, zone, depth);
    const shownDepth = zone === 'after' ? outline.entries[afterAt(outline.entries, index, depth)].depth : entry.depth;
    const target = why === null ? null : { index, zone, depth: shownDepth, refused: why || null };
    expander.hold(expandsWhenHeld(zone, !isCollapsed(index), why) ? entry.position : null);
    // A refused place takes no drop: the pointer says so, and the panel says why.
    if (why === '') {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    }
    if (JSON.stringify(target) !== JSON.stringify(dropAt)) setDropAt(target);
    setRefused(why ?? '');
  };
  const drop = (event: DragEvent<HTMLElement>, index: number) => {
    event.preventDefault();
    const entry = outline.entries[index];
    if (dragged !== null && entry) {
      const { zone, depth } = pointerAt(event, index);
      move(dropOn(dragged, index, zone, depth));
    }
    setDragged(null);
    forgetDrop();
  };
  const choose = (position: number) => {
    editor.view.dispatch(selectBlock(editor.state.tr, position));
    // The block scrolled to the middle of the window, below the toolbars.
    (editor.view.nodeDOM(position) as HTMLElement | null)?.scrollIntoView?.({ block: 'center' });
    focusText(editor);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const shown = outline.entries.flatMap((_, index) => (hidden[index] ? [] : [index]));
    const at = shown.indexOf(focused);
    const next = { ArrowDown: shown[Math.min(shown.length - 1, at + 1)], ArrowUp: shown[Math.max(0, at - 1)], Home: shown[0], End: shown[shown.length - 1] }[event.key];
    const entry = outline.entries[focused];
    const plain = !event.altKey && !event.shiftKey && !event.ctrlKey && !event.metaKey;
    if (event.altKey && event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      if (entry) move(moveTo(editor.state, entry.position, besideNeighbour(editor.state, entry.position, event.key === 'ArrowUp' ? -1 : 1)));
    } else if (event.altKey && event.shiftKey && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      if (entry) move(event.key === 'ArrowRight' ? inward(entry.position) : moveTo(editor.state, entry.position, outward(entry.position)));
    } else if (plain && (event.key === 'ArrowRight' || event.key === 'ArrowLeft') && expandable(focused)) {
      // As in a tree (and the block editor's list view): Right shows a block's blocks, Left hides them.
      event.preventDefault();
      setExpanded(focused, event.key === 'ArrowRight');
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
        // The drop shown goes when the pointer leaves the tree (from row to row, the next row's drop replaces it).
        <ul role="tree" aria-label="Blocks" ref={tree} onKeyDown={onKeyDown} onDragLeave={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) forgetDrop(); }}>
          {outline.entries.map((entry, index) => (
            <li key={`${entry.position}`} role="treeitem" aria-level={entry.depth} aria-selected={index === outline.at} tabIndex={index === focused ? 0 : -1}
              hidden={hidden[index]} aria-expanded={expandable(index) ? !isCollapsed(index) : undefined}
              aria-keyshortcuts={[MOVE_UP, MOVE_DOWN, MOVE_IN, MOVE_OUT].map(ariaKeys).join(' ')}
              data-drop={dropAt?.index === index ? (dropAt.refused ? 'refused' : dropAt.zone) : undefined}
              draggable onDragStart={(event) => { event.dataTransfer.effectAllowed = 'move'; setRefused(''); event.dataTransfer.setData('text/plain', entry.title); setDragged(entry.position); }}
              onDragEnter={(event) => dropHere(event, index)} onDragOver={(event) => dropHere(event, index)} onDrop={(event) => drop(event, index)} onDragEnd={() => { setDragged(null); forgetDrop(); }}
              style={{ '--depth': entry.depth - 1, '--drop-depth': (dropAt?.index === index ? dropAt.depth : entry.depth) - 1 } as CSSProperties} onFocus={() => setFocused(index)} onClick={() => choose(entry.position)}>
              {expandable(index) && (
                // The pointer's way to show or hide the blocks (the keys: Right and Left); the row keeps the keyboard.
                <span className="list-view-expander" aria-hidden="true" data-expanded={!isCollapsed(index)} onClick={(event) => { event.stopPropagation(); setExpanded(index, isCollapsed(index)); }} />
              )}
              <span className="list-view-title">{entry.title}</span> <span className="list-view-words">{entry.words}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="list-view-refused" role="status">{refused}</p>
    </aside>
  );
}

/** The Settings panel beside the text: whether it is shown, and its toggle. */
export interface SettingsPanel { open: boolean; toggle(): void }

/**
 * Below this width the text keeps a comfortable column with one side panel only: the overview
 * and the Settings panel take turns, the one opened last closing the other, as the block
 * editor's list view and its settings sidebar do on narrow windows.
 */
const ROOM_FOR_BOTH_PX = 1280;
const roomForBoth = () => window.innerWidth >= ROOM_FOR_BOTH_PX;

/** The formatting toolbar's button for the list view, and the panel while it is open. */
export function ListView({ editor, settings }: { editor: Editor; settings: SettingsPanel }) {
  const [open, setOpen] = useState(false);
  const { open: settingsOpen, toggle: toggleSettings } = settings;
  const settingsWereOpen = useRef(settingsOpen);
  // Settings opened on a narrow window closes the overview.
  useEffect(() => {
    if (settingsOpen && !settingsWereOpen.current && !roomForBoth()) setOpen(false);
    settingsWereOpen.current = settingsOpen;
  }, [settingsOpen]);
  // The overview opened on a narrow window closes Settings.
  useEffect(() => {
    if (open && settingsWereOpen.current && !roomForBoth()) toggleSettings();
  }, [open, toggleSettings]);
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
