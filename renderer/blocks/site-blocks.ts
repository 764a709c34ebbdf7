// The site's blocks: what the site draws from its own content when the page is shown (a calendar
// of its posts, its tags, a search form, its logo, a log-in link, the trail to the page, another
// site's feed) and the pieces it holds elsewhere (a synced pattern, a theme's pattern or template
// part). Each is a dynamic block with its settings; the last three are made elsewhere, not by the inserter.
import { COLOURS_AND_FONTS, IN_SITE_TEMPLATE, styled, type DynamicBlockType } from './dynamic-block-type.ts';

const BOXED = [...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];

export const SITE_BLOCKS: Readonly<Record<string, DynamicBlockType>> = {
  'core/calendar': {
    title: 'Calendar',
    keywords: 'calendar month dates posts',
    attributes: { month: undefined, year: undefined, ...styled(['backgroundColor', 'textColor', 'fontFamily', 'fontSize', 'align', 'lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [],
  },
  'core/search': {
    title: 'Search',
    keywords: 'search form find',
    attributes: { label: undefined, showLabel: true, placeholder: '', width: undefined, widthUnit: undefined, buttonText: undefined, buttonPosition: 'button-outside', buttonUseIcon: false, query: {}, tagName: '', ...styled(BOXED) },
    settings: [
      { path: 'label', label: 'Label', kind: 'text' },
      { path: 'showLabel', label: 'Show the label', kind: 'boolean' },
      { path: 'placeholder', label: 'Words in the empty field', kind: 'text' },
      { path: 'buttonText', label: 'Button text', kind: 'text' },
      { path: 'buttonPosition', label: 'Button', kind: 'choice', choices: [['button-outside', 'Beside the field'], ['button-inside', 'Inside the field'], ['no-button', 'No button'], ['button-only', 'Only the button']] },
      { path: 'buttonUseIcon', label: 'A magnifier on the button', kind: 'boolean' },
    ],
  },
  'core/tag-cloud': {
    title: 'Tag cloud',
    keywords: 'tags cloud terms categories',
    attributes: { numberOfTags: 45, taxonomy: 'post_tag', showTagCounts: false, smallestFontSize: '8pt', largestFontSize: '22pt', ...styled(['fontFamily', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'taxonomy', label: 'Of', kind: 'choice', choices: [['post_tag', 'Tags'], ['category', 'Categories']] },
      { path: 'numberOfTags', label: 'Number of terms', kind: 'number', min: 1, max: 100 },
      { path: 'showTagCounts', label: 'Show post counts', kind: 'boolean' },
    ],
  },
  'core/rss': {
    title: 'RSS',
    keywords: 'rss feed atom news',
    attributes: { columns: 2, blockLayout: 'list', feedURL: '', itemsToShow: 5, displayExcerpt: false, displayAuthor: false, displayDate: false, excerptLength: 55, openInNewTab: false, rel: undefined, ...styled(['backgroundColor', 'textColor', 'gradient', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'feedURL', label: 'Feed address', kind: 'text' },
      { path: 'itemsToShow', label: 'Number of items', kind: 'number', min: 1, max: 20 },
      { path: 'blockLayout', label: 'Shown as', kind: 'choice', choices: [['list', 'A list'], ['grid', 'A grid']] },
      { path: 'displayDate', label: 'Show the date', kind: 'boolean' },
      { path: 'displayAuthor', label: 'Show the author', kind: 'boolean' },
      { path: 'displayExcerpt', label: 'Show the excerpt', kind: 'boolean' },
    ],
  },
  'core/site-logo': {
    title: 'Site logo',
    keywords: 'logo brand image site icon',
    attributes: { width: undefined, isLink: true, linkTarget: '_self', shouldSyncIcon: undefined, ...styled(['align', 'lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [
      { path: 'width', label: 'Width in pixels', kind: 'number', min: 16, max: 1000 },
      { path: 'isLink', label: 'Link to the home page', kind: 'boolean' },
    ],
  },
  'core/loginout': {
    title: 'Log in/out',
    keywords: 'login logout sign in account',
    attributes: { displayLoginAsForm: false, redirectToCurrent: true, ...styled([...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'displayLoginAsForm', label: 'Show a log-in form', kind: 'boolean' },
      { path: 'redirectToCurrent', label: 'Come back to this page after', kind: 'boolean' },
    ],
  },
  'core/breadcrumbs': {
    title: 'Breadcrumbs',
    keywords: 'breadcrumbs trail path navigation',
    attributes: { prefersTaxonomy: false, separator: '/', showHomeItem: true, showCurrentItem: true, showOnHomePage: false, ...styled(BOXED) },
    settings: [
      { path: 'separator', label: 'Between the links', kind: 'text' },
      { path: 'showHomeItem', label: 'Start with the home page', kind: 'boolean' },
      { path: 'showCurrentItem', label: 'End with this page', kind: 'boolean' },
    ],
  },
  'core/block': {
    title: 'Synced pattern',
    keywords: 'reusable block synced pattern',
    attributes: { ref: undefined, content: {}, ...styled(['lock', 'metadata']) },
    settings: [],
    parent: IN_SITE_TEMPLATE,
  },
  'core/pattern': {
    title: 'Pattern',
    keywords: 'pattern theme',
    attributes: { slug: undefined, ...styled(['lock', 'className', 'style', 'metadata']) },
    settings: [],
    parent: IN_SITE_TEMPLATE,
  },
  'core/template-part': {
    title: 'Template part',
    keywords: 'template part header footer',
    attributes: { slug: undefined, theme: undefined, tagName: undefined, area: undefined, ...styled(['align', 'lock', 'className', 'style', 'metadata']) },
    settings: [],
    parent: IN_SITE_TEMPLATE,
  },
};
