// The table's controls while the caret is in a table: rows and columns added and removed
// where the caret is, and the whole table deleted on purpose. They are buttons in a toolbar of
// their own, reached with Tab like the formatting toolbar; Tab and Shift+Tab move between cells.
import { useEditorState, type Editor } from '@tiptap/react';
import type { ChainedCommands } from '@tiptap/core';
import { TABLE_NODE, newTable } from '../blocks/table-block.ts';
import { chainInText } from './focus-text.ts';

interface Props {
  editor: Editor;
}

/** The table block the caret stands in, removed whole. */
function deleteTableBlock(editor: Editor): void {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    if ($from.node(depth).type.name === TABLE_NODE) {
      chainInText(editor).deleteRange({ from: $from.before(depth), to: $from.after(depth) }).run();
      return;
    }
  }
}

/** Inserts a new table where the caret is, with the caret in its first cell. */
export function insertTable(editor: Editor): void {
  const from = Math.max(0, editor.state.selection.from - 2);
  chainInText(editor).insertContent(newTable(2, 2)).run();
  let cell: number | null = null;
  editor.state.doc.nodesBetween(from, editor.state.doc.content.size, (node, position) => {
    if (cell === null && node.type.name === 'tableCell') cell = position + 1;
    return cell === null;
  });
  if (cell !== null) editor.commands.setTextSelection(cell);
}

export function TableControls({ editor }: Props) {
  const inTable = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('table') });
  if (!inTable) return null;
  const button = (label: string, run: (chain: ChainedCommands) => ChainedCommands) => (
    // Keeping the mouse from taking focus keeps the caret in its cell.
    <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run(chainInText(editor)).run()}>{label}</button>
  );
  return (
    <div className="toolbar table-toolbar" role="toolbar" aria-label="Table">
      <span className="muted">Table:</span>
      {button('Row above', (chain) => chain.addRowBefore())}
      {button('Row below', (chain) => chain.addRowAfter())}
      {button('Delete row', (chain) => chain.deleteRow())}
      {button('Column before', (chain) => chain.addColumnBefore())}
      {button('Column after', (chain) => chain.addColumnAfter())}
      {button('Delete column', (chain) => chain.deleteColumn())}
      <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => deleteTableBlock(editor)}>Delete table</button>
    </div>
  );
}
