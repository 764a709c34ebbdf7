// The navigation blocks: a menu (its links held as read between its comments, or the site's menu
// it names) and the links, submenus and home link it is made of. The site draws the menu when the
// page is shown, so each is a dynamic block with its settings; a link also stands on its own
// where a document holds one (the block editor edits it wherever it stands).
import { parse } from '@wordpress/block-serialization-default-parser';
import { htmlText } from './kept-attributes.ts';
import { styled, type DynamicBlockType, type Setting } from './dynamic-block-type.ts';
import type { ParsedBlock } from './split-blocks.ts';

const IN_MENU = 'core/navigation';
const TYPOGRAPHY = ['fontFamily', 'fontSize', 'lock', 'anchor', 'className', 'style', 'metadata'];
const LINK_SETTINGS: readonly Setting[] = [
  { path: 'label', label: 'Label', kind: 'text' },
  { path: 'url', label: 'Address', kind: 'text' },
  { path: 'opensInNewTab', label: 'Open in a new tab', kind: 'boolean' },
];
const LINK_ATTRIBUTES = { label: undefined, type: undefined, description: undefined, rel: undefined, id: undefined, opensInNewTab: false, url: undefined, title: undefined, kind: undefined };

export const NAVIGATION_BLOCKS: Readonly<Record<string, DynamicBlockType>> = {
  'core/navigation': {
    title: 'Navigation',
    keywords: 'menu links navigation header',
    attributes: {
      ref: undefined, textColor: undefined, customTextColor: undefined, rgbTextColor: undefined, backgroundColor: undefined, customBackgroundColor: undefined, rgbBackgroundColor: undefined, showSubmenuIcon: true, submenuVisibility: 'hover', overlayMenu: 'mobile', overlay: undefined, icon: 'handle', hasIcon: true, __unstableLocation: undefined, overlayBackgroundColor: undefined, customOverlayBackgroundColor: undefined, overlayTextColor: undefined, customOverlayTextColor: undefined, maxNestingLevel: 5, templateLock: undefined,
      ...styled(['fontFamily', 'fontSize', 'align', 'lock', 'anchor', 'ariaLabel', 'className', 'style', 'layout', 'metadata']),
    },
    settings: [
      { path: 'overlayMenu', label: 'Menu button', kind: 'choice', choices: [['mobile', 'On small screens'], ['always', 'Always'], ['never', 'Never']] },
      { path: 'submenuVisibility', label: 'Submenus open', kind: 'choice', choices: [['hover', 'On hover'], ['click', 'On click'], ['always', 'Always shown']] },
      { path: 'showSubmenuIcon', label: 'Show an arrow by submenus', kind: 'boolean' },
    ],
    holdsBlocks: true,
  },
  'core/navigation-link': {
    title: 'Link',
    keywords: 'menu link navigation item',
    attributes: { ...LINK_ATTRIBUTES, isTopLevelLink: undefined, ...styled(TYPOGRAPHY) },
    settings: LINK_SETTINGS,
    parent: IN_MENU,
  },
  'core/navigation-submenu': {
    title: 'Submenu',
    keywords: 'menu submenu dropdown navigation',
    attributes: { ...LINK_ATTRIBUTES, isTopLevelItem: undefined, isParentSubmenu: true, ...styled(TYPOGRAPHY) },
    settings: LINK_SETTINGS,
    holdsBlocks: true,
    parent: IN_MENU,
  },
  'core/home-link': {
    title: 'Home link',
    keywords: 'menu home front page',
    attributes: { label: undefined, opensInNewTab: false, description: undefined, ...styled(TYPOGRAPHY) },
    settings: LINK_SETTINGS.filter(({ path }) => path !== 'url'),
    parent: IN_MENU,
  },
  'core/page-list-item': {
    title: 'Page link',
    keywords: 'page list item link',
    attributes: { id: undefined, label: undefined, title: undefined, link: undefined, hasChildren: undefined, ...styled(['lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [],
    parent: 'core/page-list',
  },
};

/** A link of a menu as read: its words, where it leads, and the links of its submenu. */
export interface MenuLink {
  label: string;
  url: string | null;
  links: MenuLink[];
}

const LINK_NAMES = new Set(['core/navigation-link', 'core/navigation-submenu', 'core/home-link']);

function menuLink(block: ParsedBlock, home: string | null): MenuLink[] {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  if (block.blockName === 'core/page-list') return [{ label: 'The site\'s pages', url: null, links: [] }];
  const inner = block.innerBlocks.flatMap((innerBlock) => menuLink(innerBlock, home));
  if (!LINK_NAMES.has(block.blockName ?? '')) return inner;
  const isHome = block.blockName === 'core/home-link';
  return [{ label: htmlText(text(attributes.label) ?? (isHome ? 'Home' : '(no label yet)')), url: isHome ? home : text(attributes.url), links: inner }];
}

/** The links a menu holds as read, in their order (a page list standing for the site's pages; a home link leading to `home`). */
export function menuLinks(inner: string | null, home: string | null): MenuLink[] {
  return inner === null ? [] : parse(inner).flatMap((block) => menuLink(block, home));
}

/** A link block standing on its own (with the links of its submenu, as read), as a menu shows it. */
export function linkOf(name: string, attributes: Record<string, unknown>, inner: string | null, home: string | null): MenuLink[] {
  return menuLink({ blockName: name, attrs: attributes, innerBlocks: inner === null ? [] : parse(inner), innerHTML: '', innerContent: [] }, home);
}
