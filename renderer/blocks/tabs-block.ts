// Tabs (`core/tabs`): a tab list of labels (rich text, each a button) over the tab panels, each
// panel holding blocks. The tabs, its panels and each panel are block containers (their own HTML
// held around their blocks); the tab list is the labels in its held HTML. A label typed in the
// list is the label of its panel too (its `label` attribute), as the block editor keeps them one.
// Tabs are added, removed and moved left or right with the buttons shown on them (each reached
// with Tab, as any button), a tab's label and its panel moving together.
import { Extension, type JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { BlockDefinition } from './block-definition.ts';
import { htmlBody, richTextContent } from './html-nodes.ts';
import { inlineHtml } from './inline-html.ts';
import { richBlockHtml } from './rich-blocks.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { asBlockControl, controlButton, isContainer, runOnClick } from './block-controls.ts';

const TABS = 'core/tabs';
const TAB_LIST = 'core/tab-list';
const TAB_PANELS = 'core/tab-panels';
const TAB_PANEL = 'core/tab-panel';
const NEW_BUTTON = '<button type="button" role="tab">';
const NEW_PANEL_OPENING = '<section role="tabpanel" tabindex="0" class="wp-block-tab-panel">';

/** The tab list's HTML: its element around one button per tab, each holding its label. */
const TAB_LIST_HTML = /^(<div [^>]*\bclass="(?:[^"]* )?wp-block-tab-list[ "][^>]*>)((?:<button [^>]*>[\s\S]*?<\/button>)+)(<\/div>)$/;

function readTabList(block: ParsedBlock): JSONContent | null {
  const match = block.innerBlocks.length === 0 ? TAB_LIST_HTML.exec(block.innerHTML.trim()) : null;
  if (!match) return null;
  const buttons = [...match[2].matchAll(/(<button [^>]*>)([\s\S]*?)(<\/button>)/g)];
  const labels = buttons.map(([, , label]) => richTextContent(label));
  if (labels.some((label) => label === null)) return null;
  const node: JSONContent = {
    type: 'richBlock',
    attrs: { name: TAB_LIST, blockAttributes: block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null, before: match[1], after: match[3] },
    content: buttons.map(([, open, , close], index) => ({ type: 'richPart', attrs: { open, close, optional: false }, ...(labels[index]?.length ? { content: labels[index] } : {}) })),
  };
  // What the editor would write must be the same HTML (entities aside).
  return htmlBody(richBlockHtml(node)).isEqualNode(htmlBody(block.innerHTML.trim())) ? node : null;
}

/** The markup the block editor saves for new tabs: two tabs without labels, each panel holding an empty paragraph. */
const NEW_PANEL = `<!-- wp:tab-panel -->\n${NEW_PANEL_OPENING}<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph --></section>\n<!-- /wp:tab-panel -->`;
const NEW_TABS = [
  '<!-- wp:tabs -->',
  `<div class="wp-block-tabs"><!-- wp:tab-list -->\n<div role="tablist" class="wp-block-tab-list">${NEW_BUTTON}</button>${NEW_BUTTON}</button></div>\n<!-- /wp:tab-list -->`,
  '',
  `<!-- wp:tab-panels -->\n<div class="wp-block-tab-panels">${NEW_PANEL}\n\n${NEW_PANEL}</div>\n<!-- /wp:tab-panels --></div>`,
  '<!-- /wp:tabs -->',
].join('\n');


interface TabsParts { list: PmNode; listAt: number; panels: PmNode; panelsAt: number }

/** The tab list and the panels of the tabs at `position`, where each starts. */
function partsOf(doc: PmNode, position: number): TabsParts | null {
  const tabs = doc.nodeAt(position);
  if (!isContainer(tabs, TABS)) return null;
  let found: Partial<TabsParts> = {};
  tabs.forEach((child, offset) => {
    if (child.type.name === 'richBlock' && child.attrs.name === TAB_LIST) found = { ...found, list: child, listAt: position + 1 + offset };
    if (isContainer(child, TAB_PANELS)) found = { ...found, panels: child, panelsAt: position + 1 + offset };
  });
  return found.list && found.panels ? (found as TabsParts) : null;
}

/** A panel's attributes with its label as the block type lists it: first, left out when empty (its default). */
function withLabel(attributes: Record<string, unknown>, label: string): Record<string, unknown> | null {
  const { label: _was, ...rest } = attributes;
  const labelled = label ? { label, ...rest } : rest;
  return Object.keys(labelled).length > 0 ? labelled : null;
}

/** The panels' labels set to the list's, in a transaction (or it as it was, when they are). */
function labelsFollowingList(doc: PmNode, tr: Transaction, position: number): void {
  const parts = partsOf(doc, position);
  if (!parts || parts.list.childCount !== parts.panels.childCount) return;
  parts.panels.forEach((panel, offset, index) => {
    const label = inlineHtml(parts.list.child(index).toJSON().content as JSONContent[] | undefined);
    const attributes = (panel.attrs.blockAttributes ?? {}) as Record<string, unknown>;
    if ((attributes.label ?? '') !== label) tr.setNodeAttribute(parts.panelsAt + 1 + offset, 'blockAttributes', withLabel(attributes, label));
  });
}

/** Where each tabs block starts (only blocks holding blocks can hold one). */
function tabsPositions(doc: PmNode): number[] {
  const positions: number[] = [];
  doc.descendants((node, position) => {
    if (isContainer(node, TABS)) positions.push(position);
    return node.type.name === 'blockContainer';
  });
  return positions;
}

/** A tab added at the end: an empty label (as the list's other buttons are written) and a panel holding an empty paragraph. */
export function addTab(state: EditorState, position: number): Transaction | null {
  const parts = partsOf(state.doc, position);
  if (!parts) return null;
  const last = parts.list.lastChild;
  const { richPart, blockContainer, paragraph } = state.schema.nodes;
  const tr = state.tr.insert(parts.panelsAt + parts.panels.nodeSize - 1, blockContainer.create({ name: TAB_PANEL, opening: NEW_PANEL_OPENING, closing: '</section>' }, paragraph.create()));
  return tr.insert(parts.listAt + parts.list.nodeSize - 1, richPart.create({ open: last?.attrs.open ?? NEW_BUTTON, close: '</button>', optional: false }));
}

/** The tab numbered `index` removed, its label and its panel (tabs keep one tab at least). */
export function removeTab(state: EditorState, position: number, index: number): Transaction | null {
  const parts = partsOf(state.doc, position);
  if (!parts || parts.panels.childCount < 2 || index >= parts.panels.childCount || parts.list.childCount !== parts.panels.childCount) return null;
  let panelAt = parts.panelsAt + 1;
  let labelAt = parts.listAt + 1;
  for (let before = 0; before < index; before++) {
    panelAt += parts.panels.child(before).nodeSize;
    labelAt += parts.list.child(before).nodeSize;
  }
  // The panel after the list: removed first, so the label's place stands.
  const tr = state.tr.delete(panelAt, panelAt + parts.panels.child(index).nodeSize);
  return tr.delete(labelAt, labelAt + parts.list.child(index).nodeSize);
}

/** Where the child numbered `index` of `parent` (starting at `start`) starts. */
function childAt(parent: PmNode, start: number, index: number): number {
  let at = start + 1;
  for (let before = 0; before < index; before++) at += parent.child(before).nodeSize;
  return at;
}

/** The tab numbered `index` moved one place left (-1) or right (1), its label and its panel together. */
export function moveTab(state: EditorState, position: number, index: number, direction: -1 | 1): Transaction | null {
  const parts = partsOf(state.doc, position);
  const other = index + direction;
  if (!parts || parts.list.childCount !== parts.panels.childCount || index < 0 || other < 0 || other >= parts.panels.childCount) return null;
  const [first, second] = direction < 0 ? [other, index] : [index, other];
  /** The pair's two children of `parent` swapped: the second put before the first. */
  const swap = (tr: Transaction, parent: PmNode, start: number) => {
    const from = childAt(parent, start, second);
    tr.delete(from, from + parent.child(second).nodeSize);
    tr.insert(childAt(parent, start, first), parent.child(second));
  };
  // The panels after the list: swapped first, so the list's places stand.
  const tr = state.tr;
  swap(tr, parts.panels, parts.panelsAt);
  swap(tr, parts.list, parts.listAt);
  return tr;
}

function tabsBar(view: EditorView, tabsAt: () => number, count: number): HTMLElement {
  const bar = asBlockControl(document.createElement('div'));
  bar.classList.add('tabs-bar');
  bar.contentEditable = 'false';
  bar.append(controlButton('Add tab', runOnClick(view, (state) => addTab(state, tabsAt()))));
  for (let index = 0; index < count; index++) {
    const tab = document.createElement('span');
    tab.className = 'tabs-bar-tab';
    tab.setAttribute('role', 'group');
    tab.setAttribute('aria-label', `Tab ${index + 1}`);
    if (index > 0) tab.append(controlButton(`Move tab ${index + 1} left`, runOnClick(view, (state) => moveTab(state, tabsAt(), index, -1))));
    if (index < count - 1) tab.append(controlButton(`Move tab ${index + 1} right`, runOnClick(view, (state) => moveTab(state, tabsAt(), index, 1))));
    tab.append(controlButton(`Remove tab ${index + 1}`, runOnClick(view, (state) => removeTab(state, tabsAt(), index))));
    bar.append(tab);
  }
  // Tab goes from button to button, as anywhere: the text's own use of it (the inserter) is not for here.
  bar.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') event.stopPropagation();
  });
  return bar;
}

const TabsControls = Extension.create({
  name: 'tabsControls',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('tabsControls'),
        // A label typed in the list is its panel's label too.
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const tr = state.tr;
          for (const position of tabsPositions(state.doc)) labelsFollowingList(state.doc, tr, position);
          return tr.docChanged ? tr : null;
        },
        props: {
          decorations: (state) =>
            DecorationSet.create(
              state.doc,
              tabsPositions(state.doc).map((position) => {
                const count = partsOf(state.doc, position)?.panels.childCount ?? 0;
                return Decoration.widget(position + 1, (view, getPos) => tabsBar(view, () => (getPos() ?? 1) - 1, count), { side: -1, key: `tabs-${position}-${count}`, stopEvent: () => true, ignoreSelection: true });
              }),
            ),
        },
      }),
    ];
  },
});

export const tabsBlock: BlockDefinition = {
  containers: [TABS, TAB_PANELS, TAB_PANEL],
  readers: { [TAB_LIST]: readTabList },
  // Its padding on each tab (styles.css).
  paddedInside: [TAB_LIST],
  placeholders: { [TAB_LIST]: 'Tab title' },
  extensions: [TabsControls],
  inserter: [{ title: 'Tabs', keywords: 'tabbed panels sections', markup: NEW_TABS }],
};
