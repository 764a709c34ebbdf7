// The tiptap editors a unit test file opens over block markup: the block library (the judge)
// loaded once before its tests, slowly on a busy machine. Building an editor (its extensions'
// schema, commands, plugins and node views) costs far more than opening a document in one, so
// the editors a test opened are kept for the file's later tests and opened afresh there; they
// are destroyed after the file.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createDocument, Editor, type JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { blockEditor } from './block-editor.ts';

/**
 * `editor` holding `markup` as a new editor would: a new state (each plugin's afresh, the undo
 * history empty, the selection at the start), new plugin views, every node view drawn anew (an
 * empty document in between, so none is kept for an equal node), and the `create` event a new
 * editor's extensions hear once the test's code has run.
 */
function reopen(editor: Editor, markup: string, read: MarkupReader): void {
  const { schema, view, extensionManager } = editor;
  view.updateState(EditorState.create({ schema }));
  view.updateState(EditorState.create({ doc: documentOf(editor, markup, read), plugins: extensionManager.plugins }));
}

/**
 * The documents a kept editor was opened on, by its schema and the markup: a file's tests open the
 * same markup again and again (list-nesting the same list 80 times), and a document, which
 * nothing changes, can be opened any number of times.
 */
const readDocuments = new WeakMap<Schema, Map<string, ProseMirrorNode>>();

function documentOf(editor: Editor, markup: string, read: MarkupReader): ProseMirrorNode {
  const docs = readDocuments.get(editor.schema) ?? new Map<string, ProseMirrorNode>();
  readDocuments.set(editor.schema, docs);
  let doc = docs.get(markup);
  if (!doc) docs.set(markup, (doc = createDocument(read(markup), editor.schema, editor.options.parseOptions, { errorOnInvalidContent: editor.options.enableContentCheck })));
  return doc;
}

/** The editor's reading of markup (`markupToDoc`), frozen: a case that changes it fails instead of changing another's. */
type MarkupReader = (markup: string) => JSONContent;

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFrozen(inner);
  }
  return value;
}

interface Opened {
  editor: Editor;
  element: HTMLElement;
  inPage: boolean;
}

/**
 * The opener of an editor holding `markup` (`inPage`: attached to the document, for node views
 * with fields), and `done`, which hands an editor back before the test ends: a test that opens
 * one editor after another (a conversion per case of a table) then builds one, not one each.
 * `read` is `markupToDoc`, each markup read once for the file (frozen), and the reading its editors
 * then open on that markup: a case that looks at a document's reading and then opens it, or cases
 * that read the same markup, do not read it again (the reading of classic content is the costly part).
 */
export interface EditorOpener {
  (markup: string, options?: { inPage?: boolean }): Editor;
  done(editor: Editor): void;
  read: MarkupReader;
}

/** Call at the top of a test file; returns the opener of the file's editors. */
export function editorsForFile(): EditorOpener {
  beforeAll(() => {
    blockEditor();
  }, 300_000);
  /** The editors of the test running, and those kept for the next tests (by whether they are in the page). */
  const opened: Opened[] = [];
  const idle: Opened[] = [];
  /** How many times each editor was opened: its `create` event is for the opening it followed. */
  const openings = new WeakMap<Editor, number>();
  /** Keeps an editor the test is done with for the next opening. */
  const keep = (kept: Opened) => {
    if (kept.editor.isDestroyed) return;
    kept.element.remove();
    idle.push(kept);
  };
  afterEach(() => {
    opened.splice(0).forEach(keep);
  });
  const readings = new Map<string, JSONContent>();
  afterAll(() => {
    for (const { editor } of idle.splice(0)) editor.destroy();
    readings.clear();
  });
  const read: MarkupReader = (markup) => {
    let doc = readings.get(markup);
    if (!doc) readings.set(markup, (doc = deepFrozen(markupToDoc(markup))));
    return doc;
  };
  /** The reading an opening takes: the test's own if it read the markup, else one kept by no one (a file that opens thousands of posts keeps none of their readings). */
  const readForOpening: MarkupReader = (markup) => readings.get(markup) ?? markupToDoc(markup);
  const open = (markup: string, { inPage = false } = {}): Editor => {
    const at = idle.findIndex((kept) => kept.inPage === inPage);
    const kept = at < 0 ? undefined : idle.splice(at, 1)[0];
    const element = kept?.element ?? document.createElement('div');
    if (inPage) document.body.append(element);
    const editor = kept?.editor ?? new Editor({ element, extensions: editorExtensions, content: readForOpening(markup) });
    if (kept) {
      reopen(editor, markup, readForOpening);
      const opening = (openings.get(editor) ?? 0) + 1;
      openings.set(editor, opening);
      setTimeout(() => {
        if (!editor.isDestroyed && openings.get(editor) === opening) editor.emit('create', { editor });
      }, 0);
    }
    opened.push({ editor, element, inPage });
    return editor;
  };
  const done = (editor: Editor) => {
    const at = opened.findIndex((kept) => kept.editor === editor);
    if (at >= 0) keep(opened.splice(at, 1)[0]);
  };
  return Object.assign(open, { done, read });
}

/** The markup saved after a toolbar's change, which must be one. */
export function savedAfter(current: Editor, change: (state: EditorState) => Transaction | null): string {
  const tr = change(current.state);
  expect(tr).not.toBeNull();
  if (tr) current.view.dispatch(tr);
  return docToMarkup(current.state.doc);
}
