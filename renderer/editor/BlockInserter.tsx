// The block inserter, as in the block editor: a "+" beside an empty line, and "/" typed in an
// empty paragraph, open a list of every block the writer can create, then the patterns (the app's
// and the connected site's, each with its category), narrowed by typing,
// chosen with the arrows and Enter (Escape closes it). From the keyboard the "+" is the tab stop
// before its line (Shift+Tab, as the block editor's inserter beside an empty block: BlockToolbar.tsx
// sends it there), and Tab from the line reaches it too (BetweenInserter.tsx: the empty line's one
// inserter, where a line with words shows a "+" after it). A table asks its size and header row and
// an embed its address before the block is made; a media block is put in empty, showing its
// placeholder, where its file is chosen (MediaPlaceholderView.tsx). Between two blocks,
// the in-between "+" (BetweenInserter.tsx) opens a line there and this list beside it.
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { searchInserter, type CatalogueEntry, type Creation } from './block-catalogue.ts';
import { useInserterPatterns } from './useInserterPatterns.ts';
import { insertBlocks, insertMarkup, madeByCommand } from './create-block.ts';
import { linkAddress } from './link-address.ts';
import { BetweenInserter } from './BetweenInserter.tsx';
import { focusBlockToolbar, focusText, type PlusReachedBy } from './focus-text.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';

interface Props {
  editor: Editor;
}

/** Where the inserter can open: the caret in an empty paragraph, or in one holding only "/" and a search. */
interface Spot { position: number; slash: string | null }

function spotOf(editor: Editor): Spot | null {
  const { selection } = editor.state;
  const { $from } = selection;
  if (!selection.empty || $from.parent.type.name !== PARAGRAPH_NODE) return null;
  const text = $from.parent.textContent;
  if ($from.parent.content.size === 0) return { position: $from.before(), slash: null };
  const slash = /^\/([^/\n]{0,30})$/.exec(text);
  return slash && $from.parentOffset === $from.parent.content.size && $from.parent.childCount === 1 ? { position: $from.before(), slash: slash[1] } : null;
}

type Step = { ask: 'list' } | { ask: 'table'; markup: Extract<Creation, { kind: 'sized' }>['markup'] } | { ask: 'address'; node: Extract<Creation, { kind: 'address' }>['node'] };

export function BlockInserter({ editor }: Props) {
  const spot = useEditorState({ editor, selector: ({ editor: current }) => spotOf(current), equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b) });
  const [plusOpen, setPlusOpen] = useState<Step | null>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // The paragraph whose "/" menu the writer closed with Escape: it stays closed while they type on.
  const [dismissed, setDismissed] = useState<number | null>(null);
  // The list was opened by the in-between "+", on the empty line it made.
  const [madeLine, setMadeLine] = useState(false);
  const listId = useId();
  const slashOpen = spot !== null && spot.slash !== null && dismissed !== spot.position && plusOpen === null;
  const open = plusOpen !== null || slashOpen;
  const shownQuery = slashOpen ? (spot?.slash ?? '') : query;
  const patterns = useInserterPatterns();
  const entries = searchInserter(shownQuery, patterns);
  const current = Math.min(active, Math.max(0, entries.length - 1));

  useEffect(() => setActive(0), [shownQuery]);
  useEffect(() => {
    if (spot?.slash === null || spot === null) setDismissed(null);
  }, [spot]);
  // The empty line the "+" stood by is gone (the caret moved): its list closes.
  useEffect(() => {
    if (spot === null || spot.slash !== null) {
      setPlusOpen(null);
      setMadeLine(false);
    }
  }, [spot]);

  const close = () => {
    setPlusOpen(null);
    setQuery('');
    setMadeLine(false);
    focusText(editor);
  };

  /** Closed without a block chosen: the empty line the in-between "+" made goes again. */
  const dismiss = () => {
    const line = madeLine && spot ? editor.state.doc.nodeAt(spot.position) : null;
    if (spot && line?.type.name === PARAGRAPH_NODE && line.content.size === 0) editor.view.dispatch(editor.state.tr.delete(spot.position, spot.position + line.nodeSize));
    close();
  };

  /** The "/search" typed is not content: it goes before the block is made. */
  const clearSlash = () => {
    const { $from } = editor.state.selection;
    if ($from.parent.content.size > 0) editor.view.dispatch(editor.state.tr.delete($from.start(), $from.end()));
  };

  const choose = (entry: CatalogueEntry | undefined) => {
    if (!entry) return;
    clearSlash();
    const { creation } = entry;
    switch (creation.kind) {
      case 'command': close(); madeByCommand(editor, creation); return;
      case 'markup': close(); insertMarkup(editor, creation.markup); return;
      // Put in empty, its placeholder offering the ways to choose its media (MediaPlaceholderView.tsx).
      case 'media': close(); insertMarkup(editor, creation.empty); return;
      case 'sized': setPlusOpen({ ask: 'table', markup: creation.markup }); return;
      case 'address': setPlusOpen({ ask: 'address', node: creation.node }); return;
    }
  };

  const onListKey = (event: KeyboardEvent | ReactKeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    // Nothing matches what follows the "/": Enter and the arrows are the text's again.
    if (slashOpen && entries.length === 0 && event.key !== 'Escape') return false;
    if (event.key in moves) setActive((current + moves[event.key] + entries.length) % Math.max(1, entries.length));
    else if (event.key === 'Enter') choose(entries[current]);
    else if (event.key === 'Escape') {
      if (slashOpen && spot) setDismissed(spot.position);
      else dismiss();
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  // While the "/" list is open, the caret stays in the text: its keys are read before the editor's.
  const keyRef = useRef(onListKey);
  keyRef.current = onListKey;
  useEffect(() => {
    if (!slashOpen) return;
    const dom = editor.view.dom;
    const onKey = (event: KeyboardEvent) => keyRef.current(event);
    dom.addEventListener('keydown', onKey, true);
    dom.setAttribute('aria-controls', listId);
    return () => {
      dom.removeEventListener('keydown', onKey, true);
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    };
  }, [slashOpen, editor, listId]);
  useEffect(() => {
    if (slashOpen) editor.view.dom.setAttribute('aria-activedescendant', `${listId}-${current}`);
  }, [slashOpen, current, editor, listId]);
  // The option the arrows reach stays in view in the list, down to the last pattern.
  useEffect(() => {
    if (open) document.getElementById(`${listId}-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, current, listId]);

  /** On the "+" (reached from its empty line by Shift+Tab, or Tab): the same key goes on to the block toolbar, the other and Escape back to the line. */
  const onPlusKey = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' && event.key !== 'Escape') return;
    event.preventDefault();
    const onward: PlusReachedBy = event.currentTarget.dataset.reachedBy === 'Tab' ? 'Tab' : 'Shift+Tab';
    if (event.key === 'Tab' && event.shiftKey === (onward === 'Shift+Tab') && focusBlockToolbar()) return;
    close();
  };

  const between = <BetweenInserter editor={editor} onLineOpened={() => { setMadeLine(true); setPlusOpen({ ask: 'list' }); }} />;
  if (spot === null && !open) return between;
  // Beside the line, measured from the writing area the inserter stands in.
  const place = (() => {
    if (!spot) return null;
    const host = editor.view.dom.parentElement?.parentElement;
    const line = editor.view.nodeDOM(spot.position);
    if (!host || !(line instanceof HTMLElement)) return null;
    const box = line.getBoundingClientRect();
    const hostBox = host.getBoundingClientRect();
    return { top: box.top - hostBox.top, left: box.left - hostBox.left, height: box.height };
  })();
  if (!place) return between;

  const list = (
    <ul className="inserter-list" role="listbox" id={listId} aria-label="Blocks">
      {entries.length === 0 && <li className="muted" role="presentation">No block matches “{shownQuery}”.</li>}
      {entries.flatMap((entry, index) => [
        // The patterns under a heading of their own, after the blocks.
        ...(entry.category !== undefined && entries[index - 1]?.category === undefined ? [<li key="patterns" className="inserter-heading" role="presentation">Patterns</li>] : []),
        <li key={index} id={`${listId}-${index}`} role="option" aria-selected={index === current} className="inserter-option"
          aria-label={entry.category === undefined ? undefined : `${entry.title}, pattern: ${entry.category}`}
          onMouseDown={(event) => event.preventDefault()} onMouseEnter={() => setActive(index)} onClick={() => choose(entry)}>
          {entry.title}
          {entry.category !== undefined && <span className="inserter-category">{entry.category}</span>}
        </li>,
      ])}
    </ul>
  );

  return (
    <>
    {between}
    <div className="block-inserter" style={{ top: place.top, left: place.left }}>
      {spot?.slash === null && (
        <button type="button" className="inserter-plus" aria-label="Add block" aria-haspopup="listbox" aria-expanded={plusOpen !== null}
          style={{ height: Math.max(24, place.height) }}
          onMouseDown={(event) => event.preventDefault()} onClick={() => (plusOpen ? dismiss() : setPlusOpen({ ask: 'list' }))} onKeyDown={onPlusKey}>+</button>
      )}
      {open && (
        <div className="inserter-popover" role="dialog" aria-label="Add a block" style={{ top: place.height + 4 }}>
          {plusOpen?.ask === 'table' ? (
            <TableForm onInsert={(rows, columns, header) => { close(); insertMarkup(editor, plusOpen.markup(rows, columns, header)); }} onCancel={dismiss} />
          ) : plusOpen?.ask === 'address' ? (
            <EmbedForm onInsert={(url) => { close(); if (url) insertBlocks(editor, [editor.schema.nodeFromJSON(plusOpen.node(url))]); }} onCancel={dismiss} />
          ) : (
            <>
              {plusOpen && (
                <input className="inserter-search" type="search" role="combobox" aria-label="Search blocks" aria-expanded="true" aria-controls={listId}
                  aria-activedescendant={entries.length > 0 ? `${listId}-${current}` : undefined} placeholder="Search blocks" autoFocus value={query}
                  onChange={(event) => setQuery(event.target.value)} onKeyDown={onListKey} />
              )}
              {list}
            </>
          )}
        </div>
      )}
    </div>
    </>
  );
}

function TableForm({ onInsert, onCancel }: { onInsert(rows: number, columns: number, header: boolean): void; onCancel(): void }) {
  const [rows, setRows] = useState(2);
  const [columns, setColumns] = useState(2);
  const [header, setHeader] = useState(true);
  const whole = (value: string) => Math.min(50, Math.max(1, Math.round(Number(value)) || 1));
  return (
    <form className="inserter-form" aria-label="New table" onSubmit={(event) => { event.preventDefault(); onInsert(rows, columns, header); }}
      onKeyDown={(event) => { if (event.key === 'Escape') { event.preventDefault(); onCancel(); } }}>
      <label>Columns <input type="number" min={1} max={50} value={columns} autoFocus onChange={(event) => setColumns(whole(event.target.value))} /></label>
      <label>Rows <input type="number" min={1} max={50} value={rows} onChange={(event) => setRows(whole(event.target.value))} /></label>
      <label><input type="checkbox" checked={header} onChange={(event) => setHeader(event.target.checked)} /> Header row</label>
      <button type="submit">Create table</button>
    </form>
  );
}

function EmbedForm({ onInsert, onCancel }: { onInsert(url: string): void; onCancel(): void }) {
  const [address, setAddress] = useState('');
  return (
    <form className="inserter-form" aria-label="New embed" onSubmit={(event) => { event.preventDefault(); onInsert(linkAddress(address)); }}
      onKeyDown={(event) => { if (event.key === 'Escape') { event.preventDefault(); onCancel(); } }}>
      <label>Address of the video, audio or post to embed <input type="url" value={address} autoFocus onChange={(event) => setAddress(event.target.value)} /></label>
      <button type="submit">Embed</button>
    </form>
  );
}
