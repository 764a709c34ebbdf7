// @vitest-environment jsdom
// The block editor's own copied markup (what `serialize` of @wordpress/blocks writes, which the
// block editor puts on the clipboard when a block is copied) pasted among blocks becomes those
// blocks (issue 29), as the block editor's paste makes them: as plain text and as HTML alike,
// every block the inserter makes, saved strictly valid, the blocks around it byte for byte.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { BLOCK_SEPARATOR } from '../../renderer/blocks/document-layout.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';

const openEditor = editorsForFile();
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const [BEFORE, AFTER] = [paragraph('Before'), paragraph('After')];
const inPage = { inPage: true };

/** A clipboard event (jsdom has none) carrying `data`, which a copy writes into. */
function clipboardEvent(type: 'copy' | 'paste', data: Record<string, string>): ClipboardEvent {
  const event = new Event(type, { bubbles: true, cancelable: true }) as ClipboardEvent;
  const clipboardData = {
    getData: (kind: string) => data[kind] ?? '',
    setData: (kind: string, value: string) => { data[kind] = value; },
    clearData: () => { for (const kind of Object.keys(data)) delete data[kind]; },
    get types() { return Object.keys(data); },
  };
  Object.defineProperty(event, 'clipboardData', { value: clipboardData });
  return event;
}

/** An editor of a paragraph, an empty line with the caret, and a paragraph. */
function onEmptyLine(): Editor {
  const editor = openEditor([BEFORE, paragraph(''), AFTER].join(BLOCK_SEPARATOR), inPage);
  const at = editor.state.doc.firstChild!.nodeSize + 1;
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)));
  return editor;
}

/** Blocks holding blocks, around an empty line, as `[name, before the line, after it]`. */
const CONTAINERS: readonly [string, string, string][] = [
  ['a group', '<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group">', '</div>\n<!-- /wp:group -->'],
  ['a column', '<!-- wp:columns -->\n<div class="wp-block-columns"><!-- wp:column -->\n<div class="wp-block-column">', '</div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->'],
  ['a quote', '<!-- wp:quote -->\n<blockquote class="wp-block-quote">', '</blockquote>\n<!-- /wp:quote -->'],
];

describe.each(INSERTER_BLOCKS)('%s', (_name, markup) => {
  it('selected whole, copied (Ctrl+C) and pasted in another post, is the block byte for byte', () => {
    const source = openEditor(markup, inPage);
    source.view.dispatch(source.state.tr.setSelection(NodeSelection.create(source.state.doc, 0)));
    const copied = clipboardEvent('copy', {});
    source.view.dom.dispatchEvent(copied);
    openEditor.done(source);
    const editor = onEmptyLine();
    const html = copied.clipboardData!.getData('text/html');
    editor.view.pasteHTML(html, clipboardEvent('paste', { 'text/html': html, 'text/plain': copied.clipboardData!.getData('text/plain') }));
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe([BEFORE, markup, AFTER].join(BLOCK_SEPARATOR));
  });

  it.each([
    ['plain text', (editor: Editor) => editor.view.pasteText(markup, clipboardEvent('paste', { 'text/plain': markup }))],
    ['HTML', (editor: Editor) => editor.view.pasteHTML(markup, clipboardEvent('paste', { 'text/html': markup, 'text/plain': markup }))],
  ])('its markup as the block editor copies it, pasted as %s, becomes the block', (_kind, paste) => {
    const editor = onEmptyLine();
    paste(editor);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe([BEFORE, markup, AFTER].join(BLOCK_SEPARATOR));
    expect(strictlyInvalid(saved)).toEqual([]);
  });

  it.each(CONTAINERS)('its markup pasted on an empty line in %s is the block there, strictly valid', (_container, open, close) => {
    const editor = openEditor([BEFORE, `${open}${paragraph('')}${close}`, AFTER].join(BLOCK_SEPARATOR), inPage);
    let line = 0;
    editor.state.doc.descendants((node, position) => {
      if (line === 0 && node.type.name === 'paragraph' && node.content.size === 0) line = position + 1;
    });
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, line)));
    editor.view.pasteText(markup, clipboardEvent('paste', { 'text/plain': markup }));
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe([BEFORE, `${open}${markup}${close}`, AFTER].join(BLOCK_SEPARATOR));
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});
