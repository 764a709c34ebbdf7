// The icon block (`core/icon`): a dynamic block, saved as a self-closing comment holding its
// attributes (the icon's name, flips and rotation), the site drawing the icon when the page is
// shown. In the editor it shows the icon (from @wordpress/icons, the library the names come
// from) turned as set, with its settings: the icon's name, flip horizontal and vertical, rotate.
import { Node, type JSONContent } from '@tiptap/core';
import * as wpIcons from '@wordpress/icons';
import { createElement, isValidElement, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { BlockDefinition, WrittenBlock } from './block-definition.ts';
import { BLOCK_ATTRIBUTES } from './kept-attributes.ts';
import { dataAttribute } from './nodes.ts';
import { asBlockControl, controlButton } from './block-controls.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/icon';
/** The block editor's default variation: the info icon. */
const NEW_ICON = 'core/info';

/** The icons by the names the block writes (core/ and the library's name in kebab case). */
const ICONS: ReadonlyMap<string, ReactElement> = new Map(
  Object.entries(wpIcons).flatMap(([name, icon]) => (isValidElement(icon) ? [[`core/${name.replace(/[A-Z0-9]+/g, (part) => `-${part.toLowerCase()}`)}`, icon] as const] : [])),
);

interface IconSettings { icon: string; flipHorizontal: boolean; flipVertical: boolean; rotation: number }

/** An icon block whose own attributes are of their types, self-closing; null keeps it as written. */
function readIcon(block: ParsedBlock): JSONContent | null {
  const { icon = '', flipHorizontal = false, flipVertical = false, rotation = 0, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerHTML.trim() !== '' || block.innerBlocks.length > 0 || typeof icon !== 'string' || typeof flipHorizontal !== 'boolean' || typeof flipVertical !== 'boolean' || !Number.isInteger(rotation)) return null;
  return { type: 'iconBlock', attrs: { icon, flipHorizontal, flipVertical, rotation, blockAttributes: Object.keys(others).length > 0 ? others : null } };
}

/** Its attributes as the block editor writes them: its own first, in its block type's order, each left out at its default. */
function writeIcon(node: JSONContent): WrittenBlock {
  const { icon, flipHorizontal, flipVertical, rotation } = (node.attrs ?? {}) as IconSettings;
  const own = { ...(icon ? { icon } : {}), ...(flipHorizontal ? { flipHorizontal } : {}), ...(flipVertical ? { flipVertical } : {}), ...(rotation ? { rotation } : {}) };
  return { name: NAME, attributes: { ...own, ...((node.attrs?.blockAttributes ?? {}) as Record<string, unknown>) }, html: '' };
}

/** The transform the site gives the icon for its flips and rotation. */
const iconTransform = ({ flipHorizontal, flipVertical, rotation }: IconSettings) => [rotation ? `rotate(${rotation}deg)` : '', flipHorizontal ? 'scaleX(-1)' : '', flipVertical ? 'scaleY(-1)' : ''].filter(Boolean).join(' ');

export const IconBlock = Node.create({
  name: 'iconBlock',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      icon: dataAttribute('icon', '', String),
      flipHorizontal: dataAttribute('flipHorizontal', false, (value) => value === 'true'),
      flipVertical: dataAttribute('flipVertical', false, (value) => value === 'true'),
      rotation: dataAttribute('rotation', 0, Number),
      blockAttributes: BLOCK_ATTRIBUTES,
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-icon-block]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { ...HTMLAttributes, 'data-icon-block': '' }];
  },
  addNodeView() {
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.className = 'icon-block';
      dom.contentEditable = 'false';
      const preview = document.createElement('span');
      preview.className = 'icon-block-preview';
      const root = createRoot(preview);
      const field = asBlockControl(document.createElement('input'));
      field.type = 'text';
      field.setAttribute('aria-label', 'Icon name');
      field.setAttribute('list', 'icon-block-names');
      const names = document.createElement('datalist');
      names.id = 'icon-block-names';
      names.append(...[...ICONS.keys()].map((name) => Object.assign(document.createElement('option'), { value: name })));
      const problem = document.createElement('span');
      problem.className = 'icon-block-unknown';
      const change = (attributes: Partial<IconSettings>) => {
        const position = getPos();
        const current = typeof position === 'number' ? editor.state.doc.nodeAt(position) : null;
        if (typeof position === 'number' && current) editor.view.dispatch(editor.state.tr.setNodeMarkup(position, undefined, { ...current.attrs, ...attributes }));
      };
      const settings = (): IconSettings => {
        const position = getPos();
        return (typeof position === 'number' ? editor.state.doc.nodeAt(position)?.attrs : node.attrs) as IconSettings;
      };
      const flipH = controlButton('Flip horizontal', () => change({ flipHorizontal: !settings().flipHorizontal }));
      const flipV = controlButton('Flip vertical', () => change({ flipVertical: !settings().flipVertical }));
      // As the block editor's Rotate: a quarter turn clockwise.
      const rotate = controlButton('Rotate', () => change({ rotation: (settings().rotation + 90) % 360 }));
      field.addEventListener('input', () => change({ icon: field.value.trim() }));
      const show = (shown: IconSettings) => {
        const icon = ICONS.get(shown.icon);
        flushSync(() => root.render(icon ? createElement('span', { style: { display: 'inline-block', transform: iconTransform(shown) } }, icon) : null));
        problem.textContent = icon || !shown.icon ? '' : 'No icon of this name in the library.';
        if (field.value.trim() !== shown.icon) field.value = shown.icon;
        flipH.setAttribute('aria-pressed', String(shown.flipHorizontal));
        flipV.setAttribute('aria-pressed', String(shown.flipVertical));
      };
      show(node.attrs as IconSettings);
      dom.append(preview, field, names, flipH, flipV, rotate, problem);
      return {
        dom,
        stopEvent: (event) => event.target === field,
        ignoreMutation: () => true,
        update: (next) => {
          if (next.type.name !== 'iconBlock') return false;
          show(next.attrs as IconSettings);
          return true;
        },
        destroy: () => queueMicrotask(() => root.unmount()),
      };
    };
  },
});

export const iconBlock: BlockDefinition = {
  readers: { [NAME]: readIcon },
  extensions: [IconBlock],
  writers: { iconBlock: writeIcon },
  inserter: [{ title: 'Icon', keywords: 'symbol glyph svg picture', markup: `<!-- wp:icon {"icon":"${NEW_ICON}"} /-->` }],
};
