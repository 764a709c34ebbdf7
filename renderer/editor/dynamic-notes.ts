// What the site will show for a dynamic block it makes from what the editor cannot read (the
// post's comments, a theme's pattern, another site's feed, the trail to the page), in words
// from the block's settings: the preview of those blocks (dynamic-previews.ts reads the rest).
import { DYNAMIC_BLOCKS, heldParts, settingValue } from '../blocks/dynamic-blocks.ts';

type Attributes = Record<string, unknown>;

const words = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);

/** Notes by block, from its settings. */
const NOTES: Readonly<Record<string, (value: (path: string) => unknown, attributes: Attributes) => string>> = {
  'core/latest-comments': (value) => `The latest ${String(value('commentsToShow'))} comments, shown by the site.`,
  'core/rss': (value) => (words(value('feedURL'), '') === '' ? 'No feed address yet: give one in its settings, and the site shows that feed\'s latest items here.' : `The latest ${String(value('itemsToShow'))} items of the feed at ${String(value('feedURL'))}, read by the site when the page is shown.`),
  'core/site-logo': (value) => `The site's logo${value('isLink') === true ? ', linking to the home page' : ''}${typeof value('width') === 'number' ? `, ${String(value('width'))} pixels wide` : ''} (none shows while the site has no logo).`,
  'core/loginout': (value) => (value('displayLoginAsForm') === true ? 'A log-in form (user name, password, Log In) for visitors; "Log out" for who is logged in.' : 'A "Log in" link for visitors; "Log out" for who is logged in.'),
  'core/breadcrumbs': (value) => ['Home', '…', 'This page'].filter((_, index) => (index > 0 || value('showHomeItem') === true) && (index < 2 || value('showCurrentItem') === true)).join(` ${String(value('separator'))} `),
  'core/block': (_, attributes) => `Synced pattern ${typeof attributes.ref === 'number' ? `#${attributes.ref}` : '(none chosen)'}: the site shows its content here.`,
  'core/pattern': (_, attributes) => `The theme's pattern "${words(attributes.slug, '(none named)')}", put in by the site.`,
  'core/template-part': (_, attributes) => `The theme's "${words(attributes.slug, '(none named)')}" template part${typeof attributes.theme === 'string' ? ` of ${attributes.theme}` : ''}, put in by the site.`,
  'core/calendar': () => 'A calendar of the month, each day with posts linking to them.',
  'core/comments': (value) => (value('legacy') === true ? 'The post\'s comments and the form to leave one, as the theme shows them.' : 'The post\'s comments.'),
  'core/post-comments-form': () => 'The form to leave a comment on the post (when its comments are open).',
  'core/comments-title': (value) => `${value('showCommentsCount') === true ? '3 responses' : 'Responses'}${value('showPostTitle') === true ? ' to "the post\'s title"' : ''}`,
  'core/query-pagination': (value) => `${value('showLabel') === true ? '← Previous Page' : '←'}  1 2 3  ${value('showLabel') === true ? 'Next Page →' : '→'}`,
  'core/comments-pagination': () => '← Older Comments  1 2 3  Newer Comments →',
  'core/query-pagination-previous': (value) => words(value('label'), 'Previous Page'),
  'core/query-pagination-next': (value) => words(value('label'), 'Next Page'),
  'core/comments-pagination-previous': (value) => words(value('label'), 'Older Comments'),
  'core/comments-pagination-next': (value) => words(value('label'), 'Newer Comments'),
  'core/post-navigation-link': (value) => (value('type') === 'previous' ? `← ${words(value('label'), 'Previous')}${value('showTitle') === true ? ': the previous post\'s title' : ''}` : `${words(value('label'), 'Next')}${value('showTitle') === true ? ': the next post\'s title' : ''} →`),
  'core/query-title': (value) => (value('type') === 'search' ? 'Search results for: "what was searched"' : `${value('showPrefix') === true ? 'Category: ' : ''}the archive's name`),
  'core/terms-query': () => 'The site\'s terms, each shown with the blocks of its term template.',
  'core/query-no-results': () => 'Its blocks, shown by the site when the query loop finds nothing.',
};

/** Where a block made in another stands, in words. */
const PLACES: Readonly<Record<string, string>> = {
  'core/post-template': 'each item of the query loop it stands in',
  'core/query': 'the query loop it stands in',
  'core/query-pagination': 'the query loop it stands in',
  'core/comments': 'the post\'s comments',
  'core/comment-template': 'each comment',
  'core/comments-pagination': 'the post\'s comments',
  'core/terms-query': 'each term of the terms query it stands in',
  'core/term-template': 'each term of the terms query it stands in (or the term a page is about)',
  'core/navigation': 'the menu it stands in',
  'core/page-list': 'the page list it stands in',
  'core/social-links': 'the social icons it stands in',
};

/** The block's note: its own, or what it shows where it stands (a comment's author, a term's name), or what any dynamic block is; then the blocks it holds (`inner`, as read), named. */
export function dynamicNote(name: string, attributes: Attributes, inner: string | null): string {
  const parts = heldParts(inner);
  return parts.length > 0 ? `${ownNote(name, attributes)} It holds: ${parts.join(', ')}.` : ownNote(name, attributes);
}

function ownNote(name: string, attributes: Attributes): string {
  if (Object.hasOwn(NOTES, name)) return NOTES[name]((path) => settingValue(name, attributes, path), attributes);
  const type = Object.hasOwn(DYNAMIC_BLOCKS, name) ? DYNAMIC_BLOCKS[name] : null;
  const place = type?.parent && Object.hasOwn(PLACES, type.parent) ? PLACES[type.parent] : null;
  if (!type || !place) return 'Made by the site when the page is shown.';
  return type.holdsBlocks ? `Its blocks, shown by the site for ${PLACES[name] ?? place}.` : `${type.title} of ${place}, made by the site when the page is shown.`;
}
