// @vitest-environment jsdom
// Undo and Redo keys are the editor's alone (issue 29): pressed with nothing left to undo or redo,
// the browser is not let run its own history of typing, which in Chromium undid the last change
// on a Redo pressed once too often (e2e/undo-to-saved.e2e.test.ts).
import { expect, it } from 'vitest';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const openEditor = editorsForFile();
const PARAGRAPH = '<!-- wp:paragraph -->\n<p>Words.</p>\n<!-- /wp:paragraph -->';

it.each([
  ['Ctrl+Z', { key: 'z', keyCode: 90 }],
  ['Ctrl+Shift+Z', { key: 'Z', keyCode: 90, shiftKey: true }],
  ['Ctrl+Y', { key: 'y', keyCode: 89 }],
])('%s with nothing to undo or redo is the editor\u2019s: the browser does nothing either', (_keys, init) => {
  const editor = openEditor(PARAGRAPH, { inPage: true });
  const event = new KeyboardEvent('keydown', { ...init, ctrlKey: true, bubbles: true, cancelable: true });
  editor.view.dom.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(docToMarkup(editor.state.doc)).toBe(PARAGRAPH);
});
