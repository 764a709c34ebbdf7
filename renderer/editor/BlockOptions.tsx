// The block toolbar's Options menu (⋮), as the block editor's: Duplicate and Delete for the
// writer's block, whatever it is (block-options.ts), the keyboard back in the text after.
import type { Editor } from '@tiptap/react';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { MenuButton } from './MenuButton.tsx';
import { applyChange, deleteBlock, duplicateBlock } from './block-options.ts';
import { focusText } from './focus-text.ts';

export function BlockOptions({ editor }: { editor: Editor }) {
  const run = (change: (state: EditorState) => Transaction | null) => () => {
    applyChange(editor.view, change);
    focusText(editor);
  };
  return (
    <MenuButton label="Options" icon="options" items={[
      { label: 'Duplicate', shortcut: 'Ctrl+Shift+D', run: run(duplicateBlock) },
      { label: 'Delete', shortcut: 'Shift+Alt+Z', run: run(deleteBlock) },
    ]} />
  );
}
