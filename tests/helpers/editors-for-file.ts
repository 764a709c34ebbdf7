// The tiptap editors a unit test file opens over block markup: the block library (the judge)
// loaded once before its tests, slowly on a busy machine, and each editor destroyed after the
// test that opened it.
import { afterEach, beforeAll, expect } from 'vitest';
import { Editor } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { blockEditor } from './block-editor.ts';

/** Call at the top of a test file; returns the opener of an editor holding `markup` (`inPage`: attached to the document, for node views with fields). */
export function editorsForFile(): (markup: string, options?: { inPage?: boolean }) => Editor {
  beforeAll(() => {
    blockEditor();
  }, 300_000);
  const editors: Editor[] = [];
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });
  return (markup, { inPage = false } = {}) => {
    const element = document.createElement('div');
    if (inPage) document.body.append(element);
    const editor = new Editor({ element, extensions: editorExtensions, content: markupToDoc(markup) });
    editors.push(editor);
    return editor;
  };
}

/** The markup saved after a toolbar's change, which must be one. */
export function savedAfter(current: Editor, change: (state: EditorState) => Transaction | null): string {
  const tr = change(current.state);
  expect(tr).not.toBeNull();
  if (tr) current.view.dispatch(tr);
  return docToMarkup(current.state.doc);
}
