// The tiptap editor as the editor's store sees its document: read as a save sends it, its text
// for the count, and another version put in without counting as the writer's typing.
import type { Editor } from '@tiptap/react';
import { EditorState } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../blocks/block-markup.ts';
import { withFootnoteNotes } from '../blocks/footnote-notes.ts';
import type { ItemFields } from './post-fields.ts';
import { REPLACES_DOCUMENT } from './safe-blocks.ts';
import { savedDocument } from './saved-document.ts';
import type { WritingDocument } from './editor-store.ts';
import { patternEditsOf } from './pattern-edits.ts';
import { shownPatternsText } from './synced-patterns.ts';
import type { PatternOf } from './usePatternId.ts';

/** A post's content as the editor holds it: its footnotes block holds the notes of its meta. */
export const documentOf = (markup: string, meta: ItemFields['meta'] | undefined) => withFootnoteNotes(markupToDoc(markup), meta?.footnotes);

/** `patternOf`: where a synced pattern's reference finds its pattern here (usePatternIds; the id itself on the app's own site). */
export function writingDocument(editor: Editor, patternOf?: PatternOf): WritingDocument {
  return {
    // From the editor's own document: a block unchanged since the last time is not written again.
    read: (meta) => savedDocument(editor.state.doc, meta),
    markup: () => docToMarkup(editor.state.doc),
    // A synced pattern's words are read on the page where it stands: counted as the post's.
    text: () => [editor.getText(), shownPatternsText(editor.state.doc, patternEditsOf(editor), patternOf)].join('\n'),
    replace: (markup, meta, forget = false) => {
      editor.chain().setMeta(REPLACES_DOCUMENT, true).setContent(documentOf(markup, meta), { emitUpdate: false }).run();
      if (forget) editor.view.updateState(EditorState.create({ doc: editor.state.doc, plugins: editor.state.plugins }));
    },
  };
}
