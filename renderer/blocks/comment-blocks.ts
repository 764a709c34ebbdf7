// The comments blocks: the comments of the post shown (their title, each comment's author, date,
// text and links, their pagination) and the form to leave one. Made by the site for the post it
// shows, so each is a dynamic block with its settings; the comments block and its template hold
// their inner blocks as read. Made in the site's templates, but the comment form, not by the inserter.
import { COLOURS_AND_FONTS, HEADING_LEVELS, IN_SITE_TEMPLATE, styled, type DynamicBlockType } from './dynamic-block-type.ts';
import { PAGINATION_ARROW, paginationLink } from './post-blocks.ts';

const TYPOGRAPHY_AND_MORE = [...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];
const PAGINATION_LINK = [...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'style', 'metadata'];
const IN_COMMENT = 'core/comment-template';

export const COMMENT_BLOCKS: Readonly<Record<string, DynamicBlockType>> = {
  'core/comments': {
    title: 'Comments',
    keywords: 'comments discussion replies',
    attributes: { tagName: 'div', legacy: false, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [],
    holdsBlocks: true,
    madeInner: '\n<div class="wp-block-comments"></div>\n',
    plainAttributes: [],
    elementlessWhen: 'legacy',
    parent: IN_SITE_TEMPLATE,
  },
  'core/comments-title': {
    title: 'Comments title',
    keywords: 'comments heading count',
    attributes: { showPostTitle: true, showCommentsCount: true, level: 2, levelOptions: undefined, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'level', label: 'Level', kind: 'choice', choices: HEADING_LEVELS.filter(([level]) => level > 0) },
      { path: 'showPostTitle', label: 'Show the post\'s title', kind: 'boolean' },
      { path: 'showCommentsCount', label: 'Show the number of comments', kind: 'boolean' },
    ],
    parent: 'core/comments',
  },
  'core/comment-template': {
    title: 'Comment template',
    keywords: 'comments each comment',
    attributes: styled(['fontFamily', 'fontSize', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']),
    settings: [],
    holdsBlocks: true,
    parent: 'core/comments',
  },
  'core/comment-author-name': {
    title: 'Comment author',
    keywords: 'comment author name',
    attributes: { isLink: true, linkTarget: '_self', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'isLink', label: 'Link to the author\'s site', kind: 'boolean' }],
    parent: IN_COMMENT,
  },
  'core/comment-date': {
    title: 'Comment date',
    keywords: 'comment date time',
    attributes: { format: undefined, isLink: true, ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'isLink', label: 'Link to the comment', kind: 'boolean' }],
    parent: IN_COMMENT,
  },
  'core/comment-content': {
    title: 'Comment text',
    keywords: 'comment content text',
    attributes: styled(TYPOGRAPHY_AND_MORE),
    settings: [],
    parent: IN_COMMENT,
  },
  'core/comment-edit-link': {
    title: 'Comment edit link',
    keywords: 'comment edit link',
    attributes: { linkTarget: '_self', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'linkTarget', label: 'Opens in', kind: 'choice', choices: [['_self', 'The same tab'], ['_blank', 'A new tab']] }],
    parent: IN_COMMENT,
  },
  'core/comment-reply-link': {
    title: 'Comment reply link',
    keywords: 'comment reply link',
    attributes: styled(TYPOGRAPHY_AND_MORE),
    settings: [],
    parent: IN_COMMENT,
  },
  'core/comments-pagination': {
    title: 'Comments pagination',
    keywords: 'comments pages next previous',
    attributes: { paginationArrow: 'none', ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'style', 'layout', 'metadata']) },
    settings: [PAGINATION_ARROW],
    holdsBlocks: true,
    parent: 'core/comments',
  },
  'core/comments-pagination-previous': paginationLink('Older comments', 'comments pagination previous older', 'core/comments-pagination'),
  'core/comments-pagination-numbers': {
    title: 'Comments page numbers',
    keywords: 'comments pagination numbers',
    attributes: styled(PAGINATION_LINK),
    settings: [],
    parent: 'core/comments-pagination',
  },
  'core/comments-pagination-next': paginationLink('Newer comments', 'comments pagination next newer', 'core/comments-pagination'),
  'core/post-comments-form': {
    title: 'Comment form',
    keywords: 'comments form reply leave a comment',
    attributes: styled(['backgroundColor', 'textColor', 'gradient', 'fontSize', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']),
    settings: [],
  },
};
