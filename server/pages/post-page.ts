// A post's or page's own address as a page to read: a clean reading template around the
// rendered content. Published items are public; anything else is shown only as a preview
// (`preview=true`) to a request whose credentials may edit it, with that writer's newer
// autosave in place of the saved text, as the reference site's preview does.
import { DateTime } from 'luxon';
import type { PageRequest, PageResponse, SiteContext } from '../site-context.ts';
import { findAutosave, type PostRow } from '../store/posts.ts';
import type { RequestUser } from '../rest/types.ts';
import { htmlPage } from './html.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { notFoundPage } from './not-found.ts';
import { getSettings, type SiteSettings } from '../content/settings.ts';
import { formatPhpDate } from '../../shared/dates.ts';
import { canEditPost } from '../content/post-permissions.ts';
import { featuredThumbnail } from '../content/item-preview.ts';
import type { TemplatedType } from '../content/page-templates.ts';
import { refersToPatterns, renderWithPatterns } from '../content/synced-patterns.ts';

const READING_STYLE =
  '<style>' +
  ':root{color-scheme:light dark;--text:#1f2328;--muted:#59636e;--bg:#fdfcfa;--rule:#e4e1da}' +
  '@media (prefers-color-scheme:dark){:root{--text:#e6e3dd;--muted:#a7a29a;--bg:#1b1a18;--rule:#3a3834}}' +
  'body{margin:0;background:var(--bg);color:var(--text);font:1.2rem/1.7 Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,serif}' +
  'main{max-width:38rem;margin:0 auto;padding:3rem 1.25rem 5rem}' +
  'header{border-bottom:1px solid var(--rule);margin-bottom:2rem;padding-bottom:1rem}' +
  'h1{font-size:2.1rem;line-height:1.25;margin:.2rem 0 .6rem}' +
  '.meta,.site{font:.9rem/1.5 system-ui,sans-serif;color:var(--muted)}.site a{color:inherit}' +
  '.preview{font:.9rem/1.5 system-ui,sans-serif;background:#fff4ce;color:#3b2f00;padding:.5rem 1rem;text-align:center}' +
  'img,iframe,video{max-width:100%;height:auto}figure{margin:1.5rem 0}figcaption{font-size:.9rem;color:var(--muted)}' +
  'blockquote{margin:1.5rem 0;padding-left:1rem;border-left:3px solid var(--rule);font-style:italic}' +
  'pre{overflow:auto;font-size:.9rem;padding:1rem;border:1px solid var(--rule)}a{color:#0b5cad}' +
  // The site's templates (content/page-templates.ts): the text across the window; no title.
  'main.template-full-width{max-width:none;padding-left:4vw;padding-right:4vw}' +
  // The icon block as the block library's stylesheet lays it (icon/style.scss).
  '.wp-block-icon{line-height:0}.wp-block-icon.aligncenter{display:flex;justify-content:center}' +
  '.wp-block-icon svg{box-sizing:border-box;fill:currentColor}.wp-block-icon svg.is-flip-horizontal{transform:scaleX(-1)}' +
  '.wp-block-icon svg.is-flip-vertical{transform:scaleY(-1)}.wp-block-icon svg.is-flip-horizontal.is-flip-vertical{transform:scaleX(-1) scaleY(-1)}' +
  ':where(.wp-block-icon) svg{width:100%;height:100%}:where(.wp-block-icon) svg :where(path,rect,circle,ellipse,line,polygon,polyline){vector-effect:none}' +
  '.wp-block-icon__unknown{line-height:1.7}' +
  '@media (prefers-color-scheme:dark){a{color:#8cc4ff}}' +
  '</style>';

/** No script, no form submission and no `<base>`, whatever the content holds. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; media-src *; frame-src https:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** "March 2, 2026 at 8:30 am (America/New York)": the date a reader sees, in the site's zone and formats. */
export function readableDate(gmt: string, settings: Pick<SiteSettings, 'timezone_string' | 'date_format' | 'time_format'>): string {
  const instant = DateTime.fromISO(gmt, { zone: 'UTC' });
  const zone = settings.timezone_string;
  return `${formatPhpDate(settings.date_format, instant, zone)} at ${formatPhpDate(settings.time_format, instant, zone)} (${zone.replace(/_/g, ' ')})`;
}

/** The text a preview shows: the writer's own autosave when it is newer than the saved item. */
function previewText(site: SiteContext, post: PostRow, user: RequestUser): PostRow {
  const autosave = findAutosave(site.store, post.id, user.id);
  if (!autosave || autosave.modified_gmt < post.modified_gmt) return post;
  return { ...post, title_rendered: autosave.title_rendered, content: autosave.content, content_rendered: autosave.content_rendered };
}

/** The content as rendered when saved, or drawn now where it refers to synced patterns (theirs may have changed since). */
function readingContent(site: SiteContext, post: PostRow): string {
  return refersToPatterns(post.content) ? renderWithPatterns(site, post.content) : post.content_rendered;
}

function render(site: SiteContext, post: PostRow, preview: boolean): PageResponse {
  const settings = getSettings(site.store);
  const image = post.password === '' ? featuredThumbnail(site, post, 1200).thumbnail_url : undefined;
  const dated = post.type === 'post' ? `<p class="meta">${escapeHtml(readableDate(post.date_gmt, settings))}</p>` : '';
  const template = site.pageTemplates?.find((candidate) => candidate.slug === post.template && candidate.postTypes.includes(post.type as TemplatedType));
  const header = template?.slug === 'no-title' ? '' : `<header><h1>${post.title_rendered}</h1>${dated}</header>`;
  const body =
    READING_STYLE +
    (preview ? '<div class="preview" role="note">Preview: this is how it will look. Readers cannot see this version yet.</div>' : '') +
    `<main${template ? ` class="template-${template.slug}"` : ''}><p class="site"><a href="${escapeHtml(site.urls.base)}/">${escapeHtml(settings.name)}</a></p>` +
    `<article>${header}` +
    (image ? `<img src="${escapeHtml(String(image))}" alt="">` : '') +
    (post.password === '' || preview ? readingContent(site, post) : '<p>This content is protected by a password.</p>') +
    '</article></main>';
  return htmlPage(200, post.title || settings.name, body, {
    'content-security-policy': POLICY,
    'x-frame-options': 'SAMEORIGIN',
    // A preview carries unpublished words: never kept by a cache.
    'cache-control': preview ? 'private, no-store' : 'no-cache',
  });
}

export function postPage(site: SiteContext, post: PostRow, request: PageRequest, user: () => RequestUser | null): PageResponse {
  if (request.url.searchParams.get('preview') === 'true') {
    const writer = user();
    // Without the right to edit it, an unpublished item does not exist, as on the reference site.
    if (writer && canEditPost(writer, post)) return render(site, previewText(site, post, writer), true);
  }
  if (post.status !== 'publish') return notFoundPage(site);
  return render(site, post, false);
}
