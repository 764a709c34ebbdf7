// Undo and Redo keys are the editor's alone, as in the block editor: with nothing left to undo or
// redo they do nothing. Left to the browser then, Ctrl+Z or Ctrl+Shift+Z ran its own history of
// what was typed, which put back or took away words behind the editor's back: pressing Redo
// once more than there was to redo undid the last change.
import { Extension } from '@tiptap/core';

export const HistoryKeys = Extension.create({
  name: 'historyKeys',
  addKeyboardShortcuts() {
    const undo = () => {
      this.editor.commands.undo();
      return true;
    };
    const redo = () => {
      this.editor.commands.redo();
      return true;
    };
    return { 'Mod-z': undo, 'Shift-Mod-z': redo, 'Mod-y': redo, 'Mod-я': undo, 'Shift-Mod-я': redo };
  },
});
