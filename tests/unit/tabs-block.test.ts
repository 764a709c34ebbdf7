// @vitest-environment jsdom
// Tabs (issue 29): over tabs of two and three tabs, labels plain, marked up and empty, and the held
// attributes of the tabs, the list and a panel: read as blocks at every depth, untouched byte for
// byte; a label typed in the list (and so its panel's label), a tab added, a tab removed, every tab
// moved left and right: saved as the block editor's serialiser saves the same blocks, strictly valid.
import { describe, expect, it } from 'vitest';
import type { Editor, JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { addTab, moveTab, removeTab } from '../../renderer/blocks/tabs-block.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const openEditor = editorsForFile();

interface Tab { label: string; panel?: Record<string, unknown>; words: string[] }
interface Tabs { attributes: Record<string, unknown>; list: Record<string, unknown>; tabs: Tab[] }

function wpBlocks(tabs: Tabs): WpBlock {
  const { createBlock } = blockEditor();
  return createBlock('core/tabs', tabs.attributes, [
    createBlock('core/tab-list', { ...tabs.list, tabs: tabs.tabs.map(({ label }) => ({ label })) }),
    createBlock('core/tab-panels', {}, tabs.tabs.map((tab) => createBlock('core/tab-panel', { label: tab.label, ...tab.panel }, tab.words.map((words) => createBlock('core/paragraph', { content: words }))))),
  ]);
}
const wpTabs = (tabs: Tabs) => quietly(() => blockEditor().serialize(wpBlocks(tabs)));

const TAB_SETS: Tabs[] = [
  { attributes: {}, list: {}, tabs: [{ label: 'Tab 1', words: ['First.'] }, { label: 'Tab 2', words: ['Second.'] }] },
  { attributes: { anchor: 'tabs', className: 'is-style-x' }, list: {}, tabs: [{ label: 'Tom &amp; <em>Jerry</em>', panel: { anchor: 'tom' }, words: ['One.', 'Two.'] }, { label: '', words: ['Unlabelled.'] }, { label: 'Last', words: ['Third.'] }] },
  { attributes: { backgroundColor: 'pale-cyan-blue' }, list: { textColor: 'vivid-red' }, tabs: [{ label: 'A', words: ['a'] }, { label: 'B', words: ['b'] }] },
];
const named = (tabs: Tabs) => `${tabs.tabs.length} tabs, ${JSON.stringify(tabs.attributes)}, list ${JSON.stringify(tabs.list)}`;
const types = (node: JSONContent): string[] => [node.type ?? '', ...(node.content ?? []).flatMap(types)];

/** The writer types `text` at the start of the label of the tab numbered `index`. */
function typeLabel(editor: Editor, index: number, text: string): void {
  let start = -1;
  editor.state.doc.descendants((node, position) => {
    if (node.type.name === 'richBlock' && node.attrs.name === 'core/tab-list') {
      let at = position + 1;
      for (let before = 0; before < index; before++) at += node.child(before).nodeSize;
      start = at + 1;
    }
    return true;
  });
  editor.view.dispatch(editor.state.tr.insertText(text, start));
}

describe('tabs', () => {
  for (const tabs of TAB_SETS) {
    it(`${named(tabs)}: read as blocks at every depth, and written back byte for byte untouched`, () => {
      const markup = wpTabs(tabs);
      expect(types(markupToDoc(markup))).not.toContain('unknownBlock');
      const editor = openEditor(markup, { inPage: true });
      const buttons = [...editor.view.dom.querySelectorAll('.tabs-bar button')].map((button) => button.textContent);
      expect(buttons.filter((label) => label?.startsWith('Remove tab'))).toHaveLength(tabs.tabs.length);
      // Every tab but the first moves left, every tab but the last right.
      expect(buttons.filter((label) => label?.startsWith('Move tab'))).toHaveLength(2 * (tabs.tabs.length - 1));
      expect(docToMarkup(editor.state.doc)).toBe(markup);
    });

    tabs.tabs.forEach((_tab, index) => {
      it(`${named(tabs)}: tab ${index + 1}'s label typed in the list, saved with its panel's label as the block editor saves it, strictly valid`, () => {
        const original = wpTabs(tabs);
        const editor = openEditor(original, { inPage: true });
        typeLabel(editor, index, 'New ');
        const saved = strictlyValid(docToMarkup(editor.state.doc), original);
        expect(saved).toBe(wpTabs({ ...tabs, tabs: tabs.tabs.map((other, at) => (at === index ? { ...other, label: `New ${other.label}` } : other)) }));
      });

      it(`${named(tabs)}: tab ${index + 1} removed, strictly valid`, () => {
        const original = wpTabs(tabs);
        const editor = openEditor(original, { inPage: true });
        const tr = removeTab(editor.state, 0, index);
        expect(tr).not.toBeNull();
        if (tr) editor.view.dispatch(tr);
        const saved = strictlyValid(docToMarkup(editor.state.doc), original);
        expect(saved).toBe(wpTabs({ ...tabs, tabs: tabs.tabs.filter((_, at) => at !== index) }));
      });
    });

    for (const [direction, side] of [[-1, 'left'], [1, 'right']] as const) {
      tabs.tabs.forEach((_tab, index) => {
        const to = index + direction;
        it(`${named(tabs)}: tab ${index + 1} moved ${side}, its label and panel together, saved as the block editor saves the tabs reordered, strictly valid`, () => {
          const original = wpTabs(tabs);
          const editor = openEditor(original, { inPage: true });
          const tr = moveTab(editor.state, 0, index, direction);
          if (to < 0 || to >= tabs.tabs.length) {
            expect(tr).toBeNull();
            return;
          }
          editor.view.dispatch(tr!);
          const reordered = [...tabs.tabs];
          [reordered[index], reordered[to]] = [reordered[to]!, reordered[index]!];
          expect(strictlyValid(docToMarkup(editor.state.doc), original)).toBe(wpTabs({ ...tabs, tabs: reordered }));
        });
      });
    }

    it(`${named(tabs)}: a tab added as the block editor adds one (no label, an empty paragraph), strictly valid`, () => {
      const original = wpTabs(tabs);
      const editor = openEditor(original, { inPage: true });
      const tr = addTab(editor.state, 0);
      expect(tr).not.toBeNull();
      if (tr) editor.view.dispatch(tr);
      const saved = strictlyValid(docToMarkup(editor.state.doc), original);
      expect(saved).toBe(wpTabs({ ...tabs, tabs: [...tabs.tabs, { label: '', words: [''] }] }));
    });
  }

  it('keep one tab at least', () => {
    const one: Tabs = { attributes: {}, list: {}, tabs: [{ label: 'Only', words: ['x'] }] };
    const editor = openEditor(wpTabs(one), { inPage: true });
    expect(removeTab(editor.state, 0, 0)).toBeNull();
  });

  it('are offered by the inserter as the block editor makes new ones (two tabs without labels), and read as blocks', () => {
    const entry = CATALOGUE.find((candidate) => candidate.title === 'Tabs');
    const made = wpTabs({ attributes: {}, list: {}, tabs: [{ label: '', words: [''] }, { label: '', words: [''] }] });
    expect(entry?.creation).toEqual({ kind: 'markup', markup: made });
    expect(types(markupToDoc(made))).not.toContain('unknownBlock');
    const editor = openEditor(made, { inPage: true });
    typeLabel(editor, 1, 'Second');
    expect(strictlyValid(docToMarkup(editor.state.doc))).toBe(wpTabs({ attributes: {}, list: {}, tabs: [{ label: '', words: [''] }, { label: 'Second', words: [''] }] }));
  });
});
