// The accordion (`core/accordion`): items, each a heading the writer types (rich text) over a
// panel of blocks. The accordion, its items and their panels are block containers (their own
// HTML held around the blocks they hold); the heading is a piece of rich text in its held HTML.
// Items are added, removed and moved with the buttons shown on them, and each is set open by
// default there, written as the block editor saves it (the attribute and the item's is-open class).
// The accordion's own settings, as the block editor offers them (its headings' level, auto-close,
// the icon shown and on which side), are set from the bar at its top: the accordion's attributes,
// and each heading's, which the block editor keeps the same (its level, its icon's classes and place).
import { Extension, type JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { BlockDefinition } from './block-definition.ts';
import { htmlBody, richTextContent } from './html-nodes.ts';
import { richBlockHtml } from './rich-blocks.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { asBlockControl, controlButton, isContainer, runOnClick } from './block-controls.ts';
import { withAttribute, withClasses } from './block-align.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';

const ACCORDION = 'core/accordion';
const ITEM = 'core/accordion-item';
const HEADING = 'core/accordion-heading';
const PANEL = 'core/accordion-panel';
const ICON = '<span class="wp-block-accordion-heading__toggle-icon" aria-hidden="true">+</span>';
const TITLE_OPEN = '<span class="wp-block-accordion-heading__toggle-title">';

/** The heading's HTML: its level's element, the toggle button and the title in it, a "+" icon on either side (or none). */
const HEADING_HTML = /^(<h([1-6]) [^>]*>(<button type="button" class="wp-block-accordion-heading__toggle"[^>]*>)(?:<span class="wp-block-accordion-heading__toggle-icon" aria-hidden="true">\+<\/span>)?)(<span class="wp-block-accordion-heading__toggle-title"[^>]*>)([\s\S]*?)<\/span>((?:<span class="wp-block-accordion-heading__toggle-icon" aria-hidden="true">\+<\/span>)?<\/button><\/h\2>)$/;

/** A heading whose title the editor holds, at the level its attributes say; null keeps it as written. */
function readHeading(block: ParsedBlock): JSONContent | null {
  const match = block.innerBlocks.length === 0 ? HEADING_HTML.exec(block.innerHTML.trim()) : null;
  const title = match ? richTextContent(match[5]) : null;
  if (!match || !title || Number(match[2]) !== (block.attrs?.level ?? 3)) return null;
  const node = headingNode(block.attrs ?? {}, match[1], match[4], match[6], title);
  // What the editor would write must be the same HTML (entities aside).
  return htmlBody(richBlockHtml(node)).isEqualNode(htmlBody(block.innerHTML.trim())) ? node : null;
}

function headingNode(attributes: Record<string, unknown>, before: string, open: string, after: string, title: JSONContent[]): JSONContent {
  const blockAttributes = Object.keys(attributes).length > 0 ? attributes : null;
  return { type: 'richBlock', attrs: { name: HEADING, blockAttributes, before, after }, content: [{ type: 'richPart', attrs: { open, close: '</span>', optional: false }, ...(title.length > 0 ? { content: title } : {}) }] };
}

const container = (name: string, opening: string, content: JSONContent[], blockAttributes: Record<string, unknown> | null = null): JSONContent => ({
  type: 'blockContainer',
  attrs: { name, blockAttributes, opening, closing: '</div>', spacing: null },
  content,
});

/** A new item as the block editor's Add item makes one: an empty heading at the accordion's heading level (written, even at the default) over a panel holding an empty paragraph. */
export function newAccordionItem(level: number): JSONContent {
  const tag = `h${level}`;
  const heading = headingNode({ level }, `<${tag} class="wp-block-accordion-heading has-icon has-icon-right"><button type="button" class="wp-block-accordion-heading__toggle">`, TITLE_OPEN, `${ICON}</button></${tag}>`, []);
  const panel = container(PANEL, '<div role="region" class="wp-block-accordion-panel">', [{ type: PARAGRAPH_NODE }]);
  return container(ITEM, '<div class="wp-block-accordion-item">', [heading, panel]);
}

/** The markup the block editor saves for a new accordion: one item. */
const NEW_ACCORDION = [
  '<!-- wp:accordion -->',
  '<div role="group" class="wp-block-accordion"><!-- wp:accordion-item -->',
  '<div class="wp-block-accordion-item"><!-- wp:accordion-heading -->',
  `<h3 class="wp-block-accordion-heading has-icon has-icon-right"><button type="button" class="wp-block-accordion-heading__toggle">${TITLE_OPEN}</span>${ICON}</button></h3>`,
  '<!-- /wp:accordion-heading -->',
  '',
  '<!-- wp:accordion-panel -->',
  '<div role="region" class="wp-block-accordion-panel"><!-- wp:paragraph -->',
  '<p></p>',
  '<!-- /wp:paragraph --></div>',
  '<!-- /wp:accordion-panel --></div>',
  '<!-- /wp:accordion-item --></div>',
  '<!-- /wp:accordion -->',
].join('\n');

const attributesOf = (node: PmNode) => (node.attrs.blockAttributes ?? {}) as Record<string, unknown>;

/** Whether the item at `position` shows open when the page loads. */
export const itemOpen = (state: EditorState, position: number) => attributesOf(state.doc.nodeAt(position) as PmNode).openByDefault === true;

/** The item at `position` set open by default or not: its attribute first (as its block type lists it) and its is-open class. */
export function setItemOpen(state: EditorState, position: number, open: boolean): Transaction | null {
  const item = state.doc.nodeAt(position);
  if (!isContainer(item, ITEM)) return null;
  const { openByDefault: _was, ...rest } = attributesOf(item);
  const attributes = open ? { openByDefault: true, ...rest } : rest;
  const opening = String(item.attrs.opening).replace(/(\bclass="(?:[^"]* )?wp-block-accordion-item)( is-open)?(?=[ "])/, open ? '$1 is-open' : '$1');
  return state.tr.setNodeMarkup(position, undefined, { ...item.attrs, blockAttributes: Object.keys(attributes).length > 0 ? attributes : null, opening });
}

/** The accordion holding the item at `position`, and where it starts. */
function accordionOf(state: EditorState, position: number): { accordion: PmNode; start: number } | null {
  const $item = state.doc.resolve(position);
  return isContainer($item.parent, ACCORDION) ? { accordion: $item.parent, start: $item.before() } : null;
}

/** A new item added at the end of the accordion starting at `position`. */
export function addAccordionItem(state: EditorState, position: number): Transaction | null {
  const accordion = state.doc.nodeAt(position);
  if (!isContainer(accordion, ACCORDION)) return null;
  const level = Number(accordion.attrs.blockAttributes?.headingLevel ?? 3);
  const item = state.schema.nodeFromJSON(newAccordionItem(level));
  const tr = state.tr.insert(position + accordion.nodeSize - 1, item);
  // The spacing read between the items gives way to the block serializer's, which the block editor writes once it holds a new item.
  return tr.setNodeAttribute(position, 'spacing', null);
}

/** The item at `position` removed (an accordion keeps one item at least). */
export function removeAccordionItem(state: EditorState, position: number): Transaction | null {
  const item = state.doc.nodeAt(position);
  const found = accordionOf(state, position);
  if (!isContainer(item, ITEM) || !found || found.accordion.childCount < 2) return null;
  const tr = state.tr.delete(position, position + item.nodeSize);
  return tr.setNodeAttribute(found.start, 'spacing', null);
}

/** The item at `position` moved one place up (-1) or down (1) among the accordion's items. */
export function moveAccordionItem(state: EditorState, position: number, direction: -1 | 1): Transaction | null {
  const item = state.doc.nodeAt(position);
  const $item = state.doc.resolve(position);
  const index = $item.index();
  const found = accordionOf(state, position);
  if (!isContainer(item, ITEM) || !found || index + direction < 0 || index + direction >= found.accordion.childCount) return null;
  const neighbour = found.accordion.child(index + direction);
  const tr = state.tr.delete(position, position + item.nodeSize);
  return tr.insert(direction < 0 ? position - neighbour.nodeSize : position + neighbour.nodeSize, item);
}

type Attributes = Record<string, unknown>;

/** The accordion's settings the block editor offers, at their defaults when not written. */
export interface AccordionSettings { headingLevel: number; autoclose: boolean; showIcon: boolean; iconPosition: 'left' | 'right' }
const DEFAULTS: AccordionSettings = { headingLevel: 3, autoclose: false, showIcon: true, iconPosition: 'right' };
/** The attributes the accordion and its heading declare, in their block types' order (what supports add comes after). */
const ACCORDION_DECLARED = ['iconPosition', 'showIcon', 'autoclose', 'headingLevel', 'levelOptions'];
const HEADING_DECLARED = ['openByDefault', 'title', 'level', 'iconPosition', 'showIcon'];

/** `attributes` with `name` set to `value` in its declared place, left out at its default (`fallback`), as the block serializer writes them. */
function withDeclared(attributes: Attributes, declared: readonly string[], name: string, value: unknown, fallback: unknown): Attributes {
  const earlier = declared.slice(0, declared.indexOf(name) + 1);
  const placed = withAttribute(attributes, name, value === fallback ? undefined : 'set', Object.keys(attributes).filter((key) => !earlier.includes(key)));
  return value === fallback ? placed : { ...placed, [name]: value };
}

/** The accordion's settings as its attributes hold them. */
export function accordionSettings(attributes: Attributes): AccordionSettings {
  const { headingLevel, autoclose, showIcon, iconPosition } = attributes;
  return {
    headingLevel: typeof headingLevel === 'number' && headingLevel >= 1 && headingLevel <= 6 ? headingLevel : DEFAULTS.headingLevel,
    autoclose: autoclose === true,
    showIcon: showIcon !== false,
    iconPosition: iconPosition === 'left' ? 'left' : 'right',
  };
}

/** A heading's HTML around its title at `level`, its icon shown on its side or not (the classes and the "+" span as the block editor saves them). */
function headingAround(before: string, after: string, level: number, { showIcon, iconPosition }: AccordionSettings): { before: string; after: string } {
  const iconless = (html: string) => html.split(ICON).join('');
  const opening = iconless(before).replace(/^<h[1-6]\b[^>]*>/, (tag) => withClasses(tag.replace(/^<h[1-6]/, `<h${level}`), (classes) => {
    const rest = classes.filter((item) => !/^has-icon(?:-left|-right)?$/.test(item));
    const flags = showIcon ? ['has-icon', `has-icon-${iconPosition}`] : [];
    const at = rest.indexOf('wp-block-accordion-heading') + 1;
    return [...rest.slice(0, at), ...flags, ...rest.slice(at)];
  }));
  const closing = iconless(after).replace(/<\/h[1-6]>$/, `</h${level}>`);
  return { before: opening + (showIcon && iconPosition === 'left' ? ICON : ''), after: (showIcon && iconPosition === 'right' ? ICON : '') + closing };
}

/** The accordion at `position` with `changes` to its settings, and every heading in it following them, as the block editor keeps them. */
export function setAccordionSettings(state: EditorState, position: number, changes: Partial<AccordionSettings>): Transaction | null {
  const accordion = state.doc.nodeAt(position);
  if (!isContainer(accordion, ACCORDION)) return null;
  const was = attributesOf(accordion);
  const settings = { ...accordionSettings(was), ...changes };
  // As the block editor's Show icon: a hidden icon goes back to the right.
  if (!settings.showIcon) settings.iconPosition = 'right';
  let attributes = was;
  for (const name of ['iconPosition', 'showIcon', 'autoclose', 'headingLevel'] as const) attributes = withDeclared(attributes, ACCORDION_DECLARED, name, settings[name], DEFAULTS[name]);
  const tr = state.tr.setNodeAttribute(position, 'blockAttributes', Object.keys(attributes).length > 0 ? attributes : null);
  accordion.forEach((item, itemOffset) => {
    if (!isContainer(item, ITEM)) return;
    item.forEach((heading, headingOffset) => {
      if (heading.type.name !== 'richBlock' || heading.attrs.name !== HEADING) return;
      let own = attributesOf(heading);
      // Only a change of level sets every heading's; the icon follows the accordion's always, as the headings' context does.
      const level = changes.headingLevel ?? Number(own.level ?? DEFAULTS.headingLevel);
      if (changes.headingLevel !== undefined) own = withDeclared(own, HEADING_DECLARED, 'level', level, undefined);
      own = withDeclared(own, HEADING_DECLARED, 'iconPosition', settings.iconPosition, DEFAULTS.iconPosition);
      own = withDeclared(own, HEADING_DECLARED, 'showIcon', settings.showIcon, DEFAULTS.showIcon);
      const around = headingAround(String(heading.attrs.before), String(heading.attrs.after), level, settings);
      tr.setNodeMarkup(position + 1 + itemOffset + 1 + headingOffset, undefined, { ...heading.attrs, ...around, blockAttributes: Object.keys(own).length > 0 ? own : null });
    });
  });
  return tr;
}

/** The bar at the accordion's top: its headings' level, auto-close, the icon shown and its side. */
function accordionBar(view: EditorView, accordionAt: () => number, settings: AccordionSettings): HTMLElement {
  const bar = asBlockControl(document.createElement('div'));
  bar.classList.add('accordion-bar');
  bar.contentEditable = 'false';
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', 'Accordion settings');
  const change = (changes: Partial<AccordionSettings>) => runOnClick(view, (state) => setAccordionSettings(state, accordionAt(), changes))();
  const labelled = (text: string, control: HTMLElement) => {
    const label = document.createElement('label');
    label.append(text, ' ', control);
    return label;
  };
  const choice = (options: [string, string][], value: string, onChange: (value: string) => void) => {
    const select = document.createElement('select');
    select.append(...options.map(([optionValue, text]) => Object.assign(document.createElement('option'), { value: optionValue, textContent: text, selected: optionValue === value })));
    select.addEventListener('change', () => onChange(select.value));
    return select;
  };
  const toggle = (checked: boolean, onChange: (checked: boolean) => void) => {
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked });
    box.addEventListener('change', () => onChange(box.checked));
    return box;
  };
  const side = choice([['left', 'Left'], ['right', 'Right']], settings.iconPosition, (value) => change({ iconPosition: value === 'left' ? 'left' : 'right' }));
  side.disabled = !settings.showIcon;
  bar.append(
    labelled('Heading level', choice([1, 2, 3, 4, 5, 6].map((level) => [String(level), `H${level}`]), String(settings.headingLevel), (value) => change({ headingLevel: Number(value) }))),
    labelled('Auto-close', toggle(settings.autoclose, (autoclose) => change({ autoclose }))),
    labelled('Show icon', toggle(settings.showIcon, (showIcon) => change({ showIcon }))),
    labelled('Icon position', side),
  );
  // Tab goes from setting to setting, as anywhere: the text's own use of it (the inserter) is not for here.
  bar.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') event.stopPropagation();
  });
  return bar;
}

/** The bar on each item: open by default, move up and down, remove. */
function itemBar(view: EditorView, itemAt: () => number, open: boolean): HTMLElement {
  const bar = asBlockControl(document.createElement('div'));
  bar.classList.add('accordion-item-bar');
  bar.contentEditable = 'false';
  bar.append(
    controlButton('Open by default', runOnClick(view, (state) => setItemOpen(state, itemAt(), !itemOpen(state, itemAt()))), open),
    controlButton('Move up', runOnClick(view, (state) => moveAccordionItem(state, itemAt(), -1))),
    controlButton('Move down', runOnClick(view, (state) => moveAccordionItem(state, itemAt(), 1))),
    controlButton('Remove item', runOnClick(view, (state) => removeAccordionItem(state, itemAt()))),
  );
  return bar;
}

/** The controls of the last document shown: a transaction that leaves the document as it was changes none. */
let shown: { doc: PmNode; controls: DecorationSet } | null = null;

function controls(doc: PmNode): DecorationSet {
  if (shown?.doc === doc) return shown.controls;
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (isContainer(node, ITEM)) {
      const open = attributesOf(node).openByDefault === true;
      decorations.push(Decoration.widget(position + 1, (view, getPos) => itemBar(view, () => (getPos() ?? 1) - 1, open), { side: -1, key: `item-${position}-${open}`, stopEvent: () => true, ignoreSelection: true }));
    }
    if (isContainer(node, ACCORDION)) {
      const settings = accordionSettings(attributesOf(node));
      decorations.push(Decoration.widget(position + 1, (view, getPos) => accordionBar(view, () => (getPos() ?? 1) - 1, settings), { side: -1, key: `accordion-${position}-${JSON.stringify(settings)}`, stopEvent: () => true, ignoreSelection: true }));
      const add = (view: EditorView, getPos: () => number | undefined) => {
        const element = controlButton('Add item', runOnClick(view, (state) => addAccordionItem(state, state.doc.resolve(getPos() ?? 0).before())));
        element.classList.add('accordion-add-item');
        element.contentEditable = 'false';
        return element;
      };
      decorations.push(Decoration.widget(position + node.nodeSize - 1, add, { side: 1, key: `add-${position}`, stopEvent: () => true, ignoreSelection: true }));
    }
    // Only a block holding blocks can hold an accordion.
    return node.type.name === 'blockContainer';
  });
  shown = { doc, controls: DecorationSet.create(doc, decorations) };
  return shown.controls;
}

const AccordionControls = Extension.create({
  name: 'accordionControls',
  addProseMirrorPlugins() {
    return [new Plugin({ key: new PluginKey('accordionControls'), props: { decorations: (state) => controls(state.doc) } })];
  },
});

export const accordionBlock: BlockDefinition = {
  containers: [ACCORDION, ITEM, PANEL],
  readers: { [HEADING]: readHeading },
  placeholders: { [HEADING]: ['Accordion title'] },
  extensions: [AccordionControls],
  inserter: [{ title: 'Accordion', keywords: 'faq collapsible expandable toggle questions', markup: NEW_ACCORDION }],
};
