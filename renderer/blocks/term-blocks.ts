// The terms blocks: a list of the site's categories or tags made from a term template (its
// blocks held as read between its comments), and the term's name, count and description each
// item shows. Made by the site, so each is a dynamic block with its settings; made in the site's
// templates, not by the inserter.
import { COLOURS_AND_FONTS, HEADING_LEVELS, IN_SITE_TEMPLATE, styled, type DynamicBlockType } from './dynamic-block-type.ts';

const IN_TEMPLATE = 'core/term-template';
const TYPOGRAPHY_AND_MORE = [...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];

/** A terms query's query when the block holds none of its own. */
const DEFAULT_TERM_QUERY = { perPage: 10, taxonomy: 'category', order: 'asc', orderBy: 'name', include: [], hideEmpty: true, showNested: false, inherit: false };

export const TERM_BLOCKS: Readonly<Record<string, DynamicBlockType>> = {
  'core/terms-query': {
    title: 'Terms query',
    keywords: 'terms categories tags list loop',
    attributes: { termQuery: DEFAULT_TERM_QUERY, tagName: 'div', ...styled(['align', 'lock', 'anchor', 'className', 'style', 'layout', 'metadata']) },
    settings: [
      { path: 'termQuery.taxonomy', label: 'Of', kind: 'choice', choices: [['category', 'Categories'], ['post_tag', 'Tags']] },
      { path: 'termQuery.perPage', label: 'Number of terms', kind: 'number', min: 1, max: 100 },
      { path: 'termQuery.hideEmpty', label: 'Leave out terms with no posts', kind: 'boolean' },
    ],
    holdsBlocks: true,
    madeInner: '\n<div class="wp-block-terms-query"></div>\n',
    plainAttributes: ['termQuery'],
    parent: IN_SITE_TEMPLATE,
  },
  'core/term-template': {
    title: 'Term template',
    keywords: 'terms each term template',
    attributes: styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata']),
    settings: [],
    holdsBlocks: true,
    parent: 'core/terms-query',
  },
  'core/term-name': {
    title: 'Term name',
    keywords: 'term name category tag',
    attributes: { level: 0, isLink: false, levelOptions: undefined, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [{ path: 'level', label: 'Level', kind: 'choice', choices: HEADING_LEVELS }, { path: 'isLink', label: 'Link to the term', kind: 'boolean' }],
    parent: IN_TEMPLATE,
  },
  'core/term-count': {
    title: 'Term count',
    keywords: 'term count number posts',
    attributes: { bracketType: 'round', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'bracketType', label: 'Brackets', kind: 'choice', choices: [['none', 'None'], ['round', '(3)'], ['square', '[3]'], ['curly', '{3}'], ['angle', '<3>']] }],
    parent: IN_TEMPLATE,
  },
  'core/term-description': {
    title: 'Term description',
    keywords: 'term description category tag',
    attributes: styled(['backgroundColor', 'textColor', 'fontFamily', 'fontSize', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']),
    settings: [],
    parent: IN_TEMPLATE,
  },
};
