// Find and replace in the post: matches in each paragraph's text (across bold, links and the
// like), the current one highlighted while typing goes on in the find field, and replacing
// one or all as ordinary edits (so they are saved, and undone with Ctrl+Z, like typing).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import type { Node as DocNode } from '@tiptap/pm/model';
import { useEscape } from '../components/useEscape.ts';

interface Match {
  from: number;
  to: number;
}

const HIGHLIGHT = 'find-match';

/** Every place the text occurs, ignoring case, in document order. */
export function findMatches(doc: DocNode, query: string): Match[] {
  const matches: Match[] = [];
  if (query === '') return matches;
  const needle = query.toLocaleLowerCase();
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    // The block's text with the document position of each character; other inline nodes are one stop.
    let text = '';
    const positions: number[] = [];
    node.forEach((child, offset) => {
      const piece = child.isText ? child.text ?? '' : '\uFFFC';
      for (let index = 0; index < piece.length; index += 1) positions.push(pos + 1 + offset + index);
      text += piece;
    });
    const haystack = text.toLocaleLowerCase();
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
      matches.push({ from: positions[at], to: positions[at + needle.length - 1] + 1 });
    }
    return false;
  });
  return matches;
}

/** Shows where the current match is without taking the focus from the find field. */
function highlight(editor: Editor, match: Match | undefined): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  CSS.highlights.delete(HIGHLIGHT);
  if (!match) return;
  const start = editor.view.domAtPos(match.from);
  const end = editor.view.domAtPos(match.to);
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  CSS.highlights.set(HIGHLIGHT, new Highlight(range));
  (start.node instanceof Element ? start.node : start.node.parentElement)?.scrollIntoView({ block: 'nearest' });
}

export function FindReplace({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [current, setCurrent] = useState(0);
  const [version, setVersion] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  useEscape(onClose);
  useEffect(() => field.current?.focus(), []);
  // The matches follow the text as it changes, by typing or by a replacement.
  useEffect(() => {
    const update = () => setVersion((value) => value + 1);
    editor.on('update', update);
    return () => { editor.off('update', update); };
  }, [editor]);
  const matches = useMemo(() => findMatches(editor.state.doc, query), [editor, query, version]);
  const index = matches.length === 0 ? -1 : Math.min(current, matches.length - 1);
  useEffect(() => highlight(editor, matches[index]), [editor, matches, index]);
  useEffect(() => () => highlight(editor, undefined), [editor]);

  const step = (by: number) => setCurrent((index + by + matches.length) % Math.max(1, matches.length));
  const replaceOne = () => {
    const match = matches[index];
    if (!match) return;
    editor.view.dispatch(editor.state.tr.insertText(replacement, match.from, match.to));
  };
  const replaceAll = () => {
    if (matches.length === 0) return;
    // From the end backwards, so earlier positions stay true; one step for Undo.
    const tr = editor.state.tr;
    for (const match of [...matches].reverse()) tr.insertText(replacement, match.from, match.to);
    editor.view.dispatch(tr);
  };

  return (
    <div className="find-bar" role="search" aria-label="Find and replace">
      <label className="inline-field">
        Find
        <input
          ref={field}
          type="search"
          value={query}
          onChange={(event) => { setQuery(event.target.value); setCurrent(0); }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              step(event.shiftKey ? -1 : 1);
            }
          }}
        />
      </label>
      <span className="muted" role="status">{query === '' ? '' : matches.length === 0 ? 'Not found' : `${index + 1} of ${matches.length}`}</span>
      <button type="button" disabled={matches.length === 0} onClick={() => step(-1)} aria-label="Previous match">↑</button>
      <button type="button" disabled={matches.length === 0} onClick={() => step(1)} aria-label="Next match">↓</button>
      <label className="inline-field">
        Replace with
        <input value={replacement} onChange={(event) => setReplacement(event.target.value)} />
      </label>
      <button type="button" disabled={matches.length === 0} onClick={replaceOne}>Replace</button>
      <button type="button" disabled={matches.length === 0} onClick={replaceAll}>Replace all</button>
      <button type="button" className="link" onClick={onClose}>Close</button>
    </div>
  );
}
