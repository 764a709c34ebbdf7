// The list view (document overview), as the block editor's (Shift+Alt+O): a panel beside the
// text listing the document's blocks as a tree, each named with its first words; a click, or
// Enter on one reached with the arrow keys, selects that block in the text and scrolls to it.
// The writer's block is marked. Blocks are not dragged in the list (kept light: they move in the text).
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { documentOutline } from './document-outline.ts';
import { selectBlock } from './block-options.ts';
import { focusText } from './focus-text.ts';
import { Icon } from './toolbar-icons.tsx';
import { ariaKeys, keys } from './shortcut-keys.ts';

const SHORTCUT = 'Shift+Alt+O';

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
  useEffect(() => {
    tree.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
    // Only when the panel opens: the keyboard then moves along the tree.
  }, []);
  const choose = (position: number) => {
    editor.view.dispatch(selectBlock(editor.state.tr, position));
    // The block scrolled to the middle of the window, below the toolbars.
    (editor.view.nodeDOM(position) as HTMLElement | null)?.scrollIntoView?.({ block: 'center' });
    focusText(editor);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = outline.entries.length - 1;
    const next = { ArrowDown: Math.min(last, focused + 1), ArrowUp: Math.max(0, focused - 1), Home: 0, End: last }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      focusText(editor);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const entry = outline.entries[focused];
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
