// The block toolbar's Options menu (⋮), as the block editor's: Move up and Move down (its toolbar's
// arrows, with their keys), Duplicate, Delete and Create synced pattern for the writer's block, whatever it is (block-options.ts, CreatePatternDialog.tsx), the keyboard back in the text after; below
// them, the block's settings the toolbar's line had no room for (toolbar-fit.ts).
import type { Editor } from '@tiptap/react';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { useState, type ReactNode } from 'react';
import { MenuButton } from './MenuButton.tsx';
import { applyChange, deleteBlock, duplicateBlock } from './block-options.ts';
import { focusText } from './focus-text.ts';
import { blockMove } from '../blocks/move-block.ts';
import { CreatePatternDialog } from './CreatePatternDialog.tsx';

interface Props {
  editor: Editor;
  /** Whether the selection is in a block to duplicate or delete. */
  blockActions: boolean;
  /** The settings folded out of the toolbar's line. */
  folded?: ReactNode;
}

export function BlockOptions({ editor, blockActions, folded }: Props) {
  const run = (change: (state: EditorState) => Transaction | null) => () => {
    applyChange(editor.view, change);
    focusText(editor);
  };
  const [naming, setNaming] = useState(false);
  const items = blockActions ? [
    { label: 'Move up', shortcut: 'Ctrl+Alt+Shift+T', run: run(blockMove(-1)) },
    { label: 'Move down', shortcut: 'Ctrl+Alt+Shift+Y', run: run(blockMove(1)) },
    { label: 'Duplicate', shortcut: 'Ctrl+Shift+D', run: run(duplicateBlock) },
    { label: 'Delete', shortcut: 'Shift+Alt+Z', run: run(deleteBlock) },
    { label: 'Create synced pattern', run: () => setNaming(true) },
  ] : [];
  return (
    <>
      <MenuButton label="Options" icon="options" items={items}
        extra={folded && <div className="block-options-settings" role="group" aria-label="More block settings">{folded}</div>} />
      {naming && <CreatePatternDialog editor={editor} onClose={() => setNaming(false)} />}
    </>
  );
}
