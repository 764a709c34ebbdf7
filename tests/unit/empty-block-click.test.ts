// @vitest-environment jsdom
// A click on a block left holding no block selects it, as in the block editor (issue 29): over every
// block the block editor keeps when its last block leaves and that has no text of its own (a
// details summary takes the caret), the click on it (with the caret in the paragraph before it)
// selects that block, where its toolbar (a cover's Replace) is; a click on a block holding one
// leaves the selection to the click. A block whose block type has a template (media & text) is given
// it instead, as the block editor fills such a block while it holds none: the caret in its first
// text, and what is saved is the block editor's block holding its template's blocks. A block holding
// media is tried in each form a writer meets it in: a cover over an image or a video, media & text
// with its media on either side. Until then such a block shows its template's placeholder, not in the
// document.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { standsEmpty } from '../../renderer/blocks/block-nesting.ts';
import { EmptyBlockClick } from '../../renderer/editor/empty-block-click.ts';
import { BlockPlaceholders, PLACEHOLDER_ATTRIBUTE, TEMPLATE_PLACEHOLDER_ATTRIBUTE } from '../../renderer/editor/block-placeholders.ts';
import { blockEditor } from '../helpers/block-editor.ts';

/** The attributes of each form a block needing media to be read as one holding blocks is met in (a block without: its defaults). */
const FORMS: Record<string, Record<string, unknown>[]> = {
  'core/cover': [{ url: 'https://example.com/sea.jpg', id: 3, dimRatio: 50 }, { url: 'https://example.com/sea.mp4', id: 4, backgroundType: 'video', dimRatio: 50 }],
  'core/media-text': ['left', 'right'].flatMap((mediaPosition) => [
    { mediaId: 3, mediaUrl: 'https://example.com/sea.jpg', mediaType: 'image', mediaPosition },
    { mediaId: 4, mediaUrl: 'https://example.com/sea.mp4', mediaType: 'video', mediaPosition },
  ]),
};
const formsOf = (name: string) => FORMS[name] ?? [{}];

let element: HTMLElement;
let editor: Editor;
beforeAll(() => {
  blockEditor();
  element = document.body.appendChild(document.createElement('div'));
  editor = new Editor({ element, extensions: [...editorExtensions, EmptyBlockClick, BlockPlaceholders] });
}, 300_000);
afterAll(() => {
  editor.destroy();
  element.remove();
});

/** The block editor's blocks kept when their last block leaves. */
const keptEmpty = () => blockEditor().getBlockTypes().map((type) => type.name).filter(standsEmpty);

/** The blocks the block editor fills an empty block of this name with (its block type's template), or none. */
const templateOf = (name: string) => (blockEditor().getBlockType(name) as { template?: [string, Record<string, unknown>][] } | undefined)?.template;

/** `name` holding `inner` after a paragraph, opened with the caret in that paragraph, then clicked; the selection after and the block's position. */
function clicked(name: string, attributes: Record<string, unknown>, inner: ReturnType<ReturnType<typeof blockEditor>['createBlock']>[]) {
  const wp = blockEditor();
  editor.commands.setContent(markupToDoc(wp.serialize([wp.createBlock('core/paragraph', { content: 'Before' }), wp.createBlock(name, attributes, inner)])));
  editor.commands.setTextSelection(2);
  const position = editor.state.doc.firstChild!.nodeSize;
  const own = editor.state.doc.nodeAt(position)!.childCount;
  const block = editor.view.nodeDOM(position);
  expect(block, `${name} ${JSON.stringify(attributes)}`).toBeInstanceOf(HTMLElement);
  (block as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return { selection: editor.state.selection, position, parts: editor.state.doc.nodeAt(position)!.childCount, own };
}

it('selects each block kept empty when it is clicked, unless text of its own takes the caret (a details summary)', () => {
  const selected = keptEmpty().filter((name) => !templateOf(name)).flatMap((name) => formsOf(name).flatMap((attributes) => {
    const { selection, position, parts } = clicked(name, attributes, []);
    if (parts > 0) return [];
    expect(selection instanceof NodeSelection && selection.from === position, `${name} ${JSON.stringify(attributes)}`).toBe(true);
    return [name];
  }));
  expect(selected).toEqual(expect.arrayContaining(['core/group', 'core/column', 'core/cover']));
});

it('gives each block kept empty with a template its template when it is clicked, after its text of its own (a details summary), the caret in its first text, saved as the block editor saves it', () => {
  const filled = keptEmpty().flatMap((name) => {
    const template = templateOf(name);
    if (!template) return [];
    return formsOf(name).flatMap((attributes) => {
      const form = `${name} ${JSON.stringify(attributes)}`;
      const { selection, position } = clicked(name, attributes, []);
      const wp = blockEditor();
      const expected = wp.serialize([wp.createBlock('core/paragraph', { content: 'Before' }), wp.createBlock(name, attributes, template.map(([inner, held]) => wp.createBlock(inner, held)))]);
      expect(docToMarkup(editor.getJSON()), form).toBe(expected);
      expect(selection instanceof TextSelection && selection.$from.parent.isTextblock && selection.from > position + 1, form).toBe(true);
      expect(editor.state.doc.resolve(selection.from).node(1), form).toBe(editor.state.doc.nodeAt(position));
      return [name];
    });
  });
  expect(filled).toEqual(expect.arrayContaining(['core/media-text', 'core/details']));
});

it('shows the placeholder of its template in each block kept empty with one, as the block editor shows the template it fills it with, the document unchanged until the writer goes there', () => {
  const shownIn = keptEmpty().flatMap((name) => {
    const [first] = templateOf(name) ?? [];
    const placeholder = first?.[1]?.placeholder;
    if (typeof placeholder !== 'string') return [];
    return formsOf(name).map((attributes) => {
      const form = `${name} ${JSON.stringify(attributes)}`;
      const wp = blockEditor();
      const markup = wp.serialize([wp.createBlock('core/paragraph', { content: 'Before' }), wp.createBlock(name, attributes, [])]);
      editor.commands.setContent(markupToDoc(markup));
      const position = editor.state.doc.firstChild!.nodeSize;
      const block = editor.view.nodeDOM(position) as HTMLElement;
      expect(block.getAttribute(TEMPLATE_PLACEHOLDER_ATTRIBUTE), form).toBe(placeholder);
      expect(editor.state.doc.textContent, form).toBe('Before');
      expect(docToMarkup(editor.getJSON()), form).toBe(markup);
      // Its text of its own (a details summary) takes a click as the caret's, the document unchanged.
      const own = block.querySelector('.rich-part');
      if (own) {
        own.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        expect(docToMarkup(editor.getJSON()), form).toBe(markup);
      }
      block.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      // Given the template, the block shows it no more: its paragraph shows its own placeholder, until a letter is typed.
      expect((editor.view.nodeDOM(position) as HTMLElement).getAttribute(TEMPLATE_PLACEHOLDER_ATTRIBUTE), form).toBeNull();
      // (Its text of its own shows its own: a details summary's "Write summary…", block-placeholders.test.ts.)
      const inTemplate = () => [...element.querySelectorAll(`[${PLACEHOLDER_ATTRIBUTE}]:not(.rich-part)`)].map((found) => found.getAttribute(PLACEHOLDER_ATTRIBUTE));
      expect(inTemplate(), form).toEqual([placeholder]);
      editor.view.dispatch(editor.state.tr.insertText('W'));
      expect(inTemplate(), form).toEqual([]);
      return name;
    });
  });
  expect(shownIn).toEqual(expect.arrayContaining(['core/media-text', 'core/details']));
});

it('leaves the selection to the click on a block holding one', () => {
  for (const name of keptEmpty().filter((kept) => kept !== 'core/column')) {
    for (const attributes of formsOf(name)) {
      const { selection } = clicked(name, attributes, [blockEditor().createBlock('core/paragraph', { content: 'Inside' })]);
      expect(selection instanceof NodeSelection, `${name} ${JSON.stringify(attributes)}`).toBe(false);
    }
  }
});
