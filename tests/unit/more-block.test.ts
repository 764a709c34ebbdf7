// @vitest-environment jsdom
// The More block (issue 29): read as a block of its own, its "Read more" text typed in its field
// and "Hide the excerpt on the full content page" set from its toolbar, over every combination
// of its attributes; saved as the block editor's own serialiser saves them, strictly valid
// (validateBlock), and untouched byte for byte. The Page break block beside it: a block of its own too.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { moreTextOf } from '../../renderer/blocks/more-block.ts';
import { moreAt, setNoTeaser } from '../../renderer/editor/block-settings.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

interface Settings { customText: string; noTeaser: boolean }

const openEditor = editorsForFile();

/** The block editor's own markup for a More block with these attributes. */
const wpMore = (settings: Settings & { lock?: object; metadata?: object }) => quietly(() => blockEditor().serialize(blockEditor().createBlock('core/more', { ...settings })));

const TEXTS = ['', 'Keep reading', 'Tom & Jerry’s <em>“quoted”</em> &amp; more'];
const SETTINGS: Settings[] = TEXTS.flatMap((customText) => [false, true].map((noTeaser) => ({ customText, noTeaser })));
const named = ({ customText, noTeaser }: Settings) => `customText ${JSON.stringify(customText)}, noTeaser ${noTeaser}`;

const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;

/** An editor holding `markup`, shown in a page so the More block's field is there to type in. */
function editing(markup: string): Editor {
  return openEditor(markup, { inPage: true });
}

function morePosition(editor: Editor): number {
  let position = -1;
  editor.state.doc.forEach((node, offset) => {
    if (node.type.name === 'moreBlock' && position < 0) position = offset;
  });
  expect(position).toBeGreaterThanOrEqual(0);
  return position;
}

/** The writer types `text` into the More block's field, as the browser reports it. */
function typeInto(editor: Editor, text: string): void {
  const field = editor.view.dom.querySelector<HTMLInputElement>('.more-block input');
  if (!field) throw new Error('The More block shows no field');
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The writer ticks or clears "Hide the excerpt" in the selected More block's toolbar. */
function setHidden(editor: Editor, noTeaser: boolean): void {
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, morePosition(editor))));
  expect(moreAt(editor.state)).not.toBeNull();
  if (moreAt(editor.state)?.noTeaser === noTeaser) return;
  const tr = setNoTeaser(editor.state, noTeaser);
  expect(tr).not.toBeNull();
  if (tr) editor.view.dispatch(tr);
  // The block stays selected, so the toolbar keeps showing its setting.
  expect(moreAt(editor.state)?.noTeaser).toBe(noTeaser);
}

describe('the More block', () => {
  for (const settings of SETTINGS) {
    it(`${named(settings)}: read as a More block with its settings, and written back byte for byte untouched`, () => {
      const markup = [paragraph('Before.'), wpMore(settings), paragraph('After.')].join('\n\n');
      const doc = markupToDoc(markup);
      expect(doc.content?.[1]).toMatchObject({ type: 'moreBlock', attrs: settings });
      const editor = editing(markup);
      expect(editor.view.dom.querySelector<HTMLInputElement>('.more-block input')?.value).toBe(settings.customText);
      expect(docToMarkup(editor.state.doc)).toBe(markup);
    });

    for (const target of SETTINGS.filter((other) => named(other) !== named(settings))) {
      it(`${named(settings)} set to ${named(target)}: saved as the block editor saves it, strictly valid`, () => {
        const original = [paragraph('Before.'), wpMore(settings), paragraph('After.')].join('\n\n');
        const editor = editing(original);
        if (target.customText !== settings.customText) typeInto(editor, target.customText);
        setHidden(editor, target.noTeaser);
        const saved = docToMarkup(editor.state.doc);
        expect(saved).toBe([paragraph('Before.'), wpMore(target), paragraph('After.')].join('\n\n'));
        strictlyValid(saved, original);
      });
    }
  }

  it('made from the inserter, its text typed and the excerpt hidden: saved as the block editor saves it', () => {
    const entry = CATALOGUE.find((candidate) => candidate.title === 'More');
    if (entry?.creation.kind !== 'markup') throw new Error('The inserter offers no More block');
    const editor = editing(entry.creation.markup);
    typeInto(editor, 'Keep reading');
    setHidden(editor, true);
    expect(strictlyValid(docToMarkup(editor.state.doc))).toBe(wpMore({ customText: 'Keep reading', noTeaser: true }));
  });

  it('keeps as written, shown as a marker, a More block whose comment and tag disagree or with attributes it has no control for', () => {
    const disagreeing = '<!-- wp:more {"customText":"One"} -->\n<!--more Two-->\n<!-- /wp:more -->';
    // A lock that is not an object the block editor drops as it reads the block.
    const locked = '<!-- wp:more {"lock":"all"} -->\n<!--more-->\n<!-- /wp:more -->';
    for (const markup of [disagreeing, locked]) {
      expect(markupToDoc(markup).content?.map((node) => node.type)).toEqual(['unknownBlock']);
      expect(docToMarkup(markupToDoc(markup))).toBe(markup);
    }
  });

  it('keeps its lock and its name (which its save writes nothing of) as read, editable: its text typed, they stay', () => {
    for (const held of [{ lock: { move: true, remove: true } }, { metadata: { name: 'Named' } }]) {
      const markup = wpMore({ customText: '', noTeaser: false, ...held });
      const editor = editing(markup);
      expect(editor.state.doc.child(0).type.name).toBe('moreBlock');
      expect(docToMarkup(editor.state.doc)).toBe(markup);
      typeInto(editor, 'On');
      expect(strictlyValid(docToMarkup(editor.state.doc))).toBe(wpMore({ customText: 'On', noTeaser: false, ...held }));
    }
  });

  it('keeps its text from ending the more tag early: no "-->" and no line breaks', () => {
    expect(moreTextOf('Go --> on --!> now\nplease')).toBe('Go  on  now please');
    const editor = editing(wpMore({ customText: '', noTeaser: false }));
    typeInto(editor, 'Read --> on');
    expect(strictlyValid(docToMarkup(editor.state.doc))).toBe(wpMore({ customText: 'Read  on', noTeaser: false }));
  });

  it('goes on in a new paragraph after it when Enter is pressed in its field', () => {
    const editor = editing([paragraph('Before.'), wpMore({ customText: '', noTeaser: false }), paragraph('After.')].join('\n\n'));
    typeInto(editor, 'On');
    editor.view.dom.querySelector('.more-block input')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(editor.state.selection.$from.parent.type.name).toBe('paragraph');
    editor.commands.insertContent('Typed after.');
    expect(strictlyValid(docToMarkup(editor.state.doc))).toBe([paragraph('Before.'), wpMore({ customText: 'On', noTeaser: false }), paragraph('Typed after.'), paragraph('After.')].join('\n\n'));
  });

  it('offers its toolbar setting only with the More block selected', () => {
    const editor = editing([paragraph('Before.'), wpMore({ customText: '', noTeaser: false })].join('\n\n'));
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 2)));
    expect(moreAt(editor.state)).toBeNull();
    expect(setNoTeaser(editor.state, true)).toBeNull();
    // Typing in its field selects the block, so its toolbar shows its setting.
    typeInto(editor, 'On');
    expect(moreAt(editor.state)?.position).toBe(morePosition(editor));
  });
});

describe('the Page break block', () => {
  const pageBreak = () => quietly(() => blockEditor().serialize(blockEditor().createBlock('core/nextpage')));

  it('is read as a Page break, shown as a labelled line, written back byte for byte, and anew as the block editor saves it', () => {
    const markup = [paragraph('Page one.'), pageBreak(), paragraph('Page two.')].join('\n\n');
    const editor = editing(markup);
    expect(editor.state.doc.child(1).type.name).toBe('pageBreak');
    expect(editor.view.dom.querySelector('.page-break-block')?.textContent).toBe('Page break');
    expect(docToMarkup(editor.state.doc)).toBe(markup);
    const made = editing(paragraph('Page one.'));
    made.commands.insertContentAt(made.state.doc.content.size, { type: 'pageBreak' });
    expect(strictlyValid(docToMarkup(made.state.doc))).toBe(`${paragraph('Page one.')}\n\n${pageBreak()}`);
  });

  it('keeps its lock and its name as read, written back byte for byte', () => {
    for (const held of [{ lock: { move: true } }, { metadata: { name: 'Named' } }]) {
      const markup = quietly(() => blockEditor().serialize(blockEditor().createBlock('core/nextpage', held)));
      const editor = editing([markup, paragraph('Page two.')].join('\n\n'));
      expect(editor.state.doc.child(0).type.name).toBe('pageBreak');
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, 'More');
      expect(strictlyValid(docToMarkup(editor.state.doc))).toBe([markup, paragraph('Page two.More')].join('\n\n'));
    }
  });

  it('keeps as written a page break holding anything more', () => {
    const markup = '<!-- wp:nextpage {"lock":"all"} -->\n<!--nextpage-->\n<!-- /wp:nextpage -->';
    expect(markupToDoc(markup).content?.map((node) => node.type)).toEqual(['unknownBlock']);
    expect(docToMarkup(markupToDoc(markup))).toBe(markup);
  });
});
