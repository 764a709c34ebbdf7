// @vitest-environment jsdom
// A click on a block left holding no block selects it, as in the block editor (issue 29): over every
// block the block editor keeps when its last block leaves and that has no text of its own (a
// details summary takes the caret), the click on it (with the caret in the paragraph before it)
// selects that block, where its toolbar (a cover's Replace) is; a click on a block holding one
// leaves the selection to the click.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { standsEmpty } from '../../renderer/blocks/block-nesting.ts';
import { EmptyBlockClick } from '../../renderer/editor/empty-block-click.ts';
import { blockEditor } from '../helpers/block-editor.ts';

/** Attributes a block needs to be read as one holding blocks (its media). */
const NEEDS: Record<string, Record<string, unknown>> = {
  'core/cover': { url: 'https://example.com/sea.jpg', id: 3, dimRatio: 50 },
  'core/media-text': { mediaId: 3, mediaUrl: 'https://example.com/sea.jpg', mediaType: 'image' },
};

let element: HTMLElement;
let editor: Editor;
beforeAll(() => {
  blockEditor();
  element = document.body.appendChild(document.createElement('div'));
  editor = new Editor({ element, extensions: [...editorExtensions, EmptyBlockClick] });
}, 300_000);
afterAll(() => {
  editor.destroy();
  element.remove();
});

/** The block editor's blocks kept when their last block leaves. */
const keptEmpty = () => blockEditor().getBlockTypes().map((type) => type.name).filter(standsEmpty);

/** `name` holding `inner` after a paragraph, opened with the caret in that paragraph, then clicked; the selection after and the block's position. */
function clicked(name: string, inner: ReturnType<ReturnType<typeof blockEditor>['createBlock']>[]) {
  const wp = blockEditor();
  editor.commands.setContent(markupToDoc(wp.serialize([wp.createBlock('core/paragraph', { content: 'Before' }), wp.createBlock(name, NEEDS[name] ?? {}, inner)])));
  editor.commands.setTextSelection(2);
  const position = editor.state.doc.firstChild!.nodeSize;
  const block = editor.view.nodeDOM(position);
  expect(block, name).toBeInstanceOf(HTMLElement);
  (block as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return { selection: editor.state.selection, position, parts: editor.state.doc.nodeAt(position)!.childCount };
}

it('selects each block kept empty when it is clicked, unless text of its own takes the caret (a details summary)', () => {
  const selected = keptEmpty().flatMap((name) => {
    const { selection, position, parts } = clicked(name, []);
    if (parts > 0) return [];
    expect(selection instanceof NodeSelection && selection.from === position, name).toBe(true);
    return [name];
  });
  expect(selected).toEqual(expect.arrayContaining(['core/group', 'core/column', 'core/cover', 'core/media-text']));
});

it('leaves the selection to the click on a block holding one', () => {
  for (const name of keptEmpty().filter((kept) => kept !== 'core/column')) {
    const { selection } = clicked(name, [blockEditor().createBlock('core/paragraph', { content: 'Inside' })]);
    expect(selection instanceof NodeSelection, name).toBe(false);
  }
});
