// What a dynamic block shows on the site, worked out from the site's REST lists (this
// interface has no block renderer route): the latest posts, a query loop's items, the site's
// title and tagline, its archives, categories, tags, pages and the month's posts; a menu's links
// and a search form from the block itself. Each preview is a heading, lines, a search form or,
// for what the editor cannot read, a note in words (dynamic-notes.ts).
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { formatExample, siteNow, useSiteIndex, useSiteZone, type SiteZone } from '../components/site-dates.ts';
import { htmlText } from '../blocks/kept-attributes.ts';
import { DEFAULT_QUERY_INNER, DYNAMIC_BLOCKS, queryTemplateParts, settingValue } from '../blocks/dynamic-blocks.ts';
import { linkOf, menuLinks, type MenuLink } from '../blocks/navigation-blocks.ts';
import { dynamicNote } from './dynamic-notes.ts';
import { api, type ArgsOf } from '../../shared/api-routes.ts';
import type { Post } from '../../shared/site-types.ts';
import type { SiteClient } from '../../shared/site-client.ts';

export interface PreviewLine {
  text: string;
  /** Where it leads on the site. */
  link?: string;
  /** A line under it (a date, an excerpt). */
  detail?: string;
}

export type Preview =
  | { kind: 'text'; level: number; text: string }
  | { kind: 'lines'; lines: PreviewLine[]; empty: string }
  | { kind: 'note'; text: string }
  | { kind: 'search'; label: string | null; placeholder: string; button: string | null };

type Attributes = Record<string, unknown>;
/** Reads a block's lines from the site; `parts`: what each item of a query loop shows (its post template's blocks, named). */
type Fetch = (client: SiteClient, attributes: Attributes, name: string, parts: readonly string[] | null, zone: SiteZone) => Promise<PreviewLine[]>;

const POST_FIELDS = 'id,title,link,date_gmt,excerpt,parent';
const number = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);

type ListQuery = NonNullable<ArgsOf<ReturnType<typeof api.posts>, 'GET'>>;
/** A block's order setting as the list takes it (the block editor's values are the list's). */
const listOrder = (value: unknown): ListQuery['order'] => (value === 'asc' ? 'asc' : 'desc');
const listOrderBy = (value: unknown): ListQuery['orderby'] => String(value) as ListQuery['orderby'];

/** The month a calendar shows (its own month and year, else the site's this month), as the dates bounding the list in the site's time (`after` is exclusive). */
function calendarMonth(attributes: Attributes, now: string): { after: string; before: string } {
  const year = typeof attributes.year === 'number' ? attributes.year : Number(now.slice(0, 4));
  const month = typeof attributes.month === 'number' ? attributes.month : Number(now.slice(5, 7));
  // Day 0 of a month is the last of the one before; month indexes count from 0, so `month` is the next one.
  const date = (monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
  return { after: `${date(month - 1, 0)}T23:59:59`, before: `${date(month, 1)}T00:00:00` };
}

const postLines = (posts: Post[]) => posts.map((post) => ({ text: htmlText(post.title.rendered) || '(no title)', link: post.link, at: post.date_gmt, excerpt: htmlText(post.excerpt?.rendered ?? '').trim() }));

/** Lists the previews read from the site, by block. */
const LISTS: Readonly<Record<string, { fetch: Fetch; empty: string }>> = {
  'core/latest-posts': {
    empty: 'No posts yet.',
    fetch: async (client, attributes, name) => {
      const posts = await client.get(api.posts('posts'), { per_page: number(settingValue(name, attributes, 'postsToShow'), 5), order: listOrder(settingValue(name, attributes, 'order')), orderby: listOrderBy(settingValue(name, attributes, 'orderBy')), _fields: POST_FIELDS });
      return postLines(posts).map(({ text, link, at, excerpt }) => ({ text, link, detail: [settingValue(name, attributes, 'displayPostDate') === true ? `@${at}` : '', settingValue(name, attributes, 'displayPostContent') === true ? excerpt : ''].filter(Boolean).join(' — ') || undefined }));
    },
  },
  'core/query': {
    empty: 'No items match this query.',
    fetch: async (client, attributes, name, parts) => {
      const collection = settingValue(name, attributes, 'query.postType') === 'page' ? 'pages' : 'posts';
      const posts = await client.get(api.posts(collection), { per_page: number(settingValue(name, attributes, 'query.perPage'), 10), order: listOrder(settingValue(name, attributes, 'query.order')), orderby: listOrderBy(settingValue(name, attributes, 'query.orderBy')), _fields: POST_FIELDS });
      // Under each title, the date and excerpt where the post template shows them, in its order.
      const shown = (part: string, at: string, excerpt: string) => (part === 'Date' ? `@${at}` : part === 'Excerpt' ? excerpt : '');
      return postLines(posts).map(({ text, link, at, excerpt }) => ({ text, link, detail: (parts ?? ['Date']).map((part) => shown(part, at, excerpt)).filter(Boolean).join(' — ') || undefined }));
    },
  },
  'core/archives': {
    empty: 'No posts yet.',
    fetch: async (client, attributes, name) => {
      const posts = await client.get(api.posts('posts'), { per_page: 100, _fields: 'date_gmt' });
      const yearly = settingValue(name, attributes, 'type') === 'yearly';
      // One line a month (or year): its label, the first post's date in it standing for the period.
      const periods = new Map<string, { at: string; count: number }>();
      for (const post of posts) {
        const key = yearly ? post.date_gmt.slice(0, 4) : post.date_gmt.slice(0, 7);
        const period = periods.get(key) ?? { at: post.date_gmt, count: 0 };
        periods.set(key, { ...period, count: period.count + 1 });
      }
      const showCounts = settingValue(name, attributes, 'showPostCounts') === true;
      return [...periods.values()].map(({ at, count }) => ({ text: `@${at}|${yearly ? 'Y' : 'F Y'}`, detail: showCounts ? `${count} post${count === 1 ? '' : 's'}` : undefined }));
    },
  },
  'core/categories': {
    empty: 'No categories with posts yet.',
    fetch: async (client, attributes, name) => {
      const terms = await client.get(api.terms('categories'), { per_page: 100, hide_empty: settingValue(name, attributes, 'showEmpty') !== true, _fields: 'id,name,link,count' });
      const showCounts = settingValue(name, attributes, 'showPostCounts') === true;
      return terms.map((term) => ({ text: htmlText(term.name), link: term.link, detail: showCounts ? `${term.count} post${term.count === 1 ? '' : 's'}` : undefined }));
    },
  },
  'core/calendar': {
    empty: 'No posts this month: the calendar shows the month with no day linked.',
    fetch: async (client, attributes, _name, _parts, zone) => {
      const posts = await client.get(api.posts('posts'), { ...calendarMonth(attributes, siteNow(zone)), per_page: 100, order: 'asc', _fields: POST_FIELDS });
      return postLines(posts).map(({ text, link, at }) => ({ text: `@${at}|j F Y`, detail: text, link }));
    },
  },
  'core/tag-cloud': {
    empty: 'No terms with posts yet.',
    fetch: async (client, attributes, name) => {
      const terms = await client.get(api.terms(settingValue(name, attributes, 'taxonomy') === 'category' ? 'categories' : 'tags'), { per_page: number(settingValue(name, attributes, 'numberOfTags'), 45), orderby: 'count', order: 'desc', hide_empty: true, _fields: 'id,name,link,count' });
      const showCounts = settingValue(name, attributes, 'showTagCounts') === true;
      return terms.map((term) => ({ text: `${htmlText(term.name)}${showCounts ? ` (${term.count})` : ''}`, link: term.link }));
    },
  },
  'core/terms-query': {
    empty: 'No terms match.',
    fetch: async (client, attributes, name) => {
      const terms = await client.get(api.terms(settingValue(name, attributes, 'termQuery.taxonomy') === 'post_tag' ? 'tags' : 'categories'), { per_page: number(settingValue(name, attributes, 'termQuery.perPage'), 10), orderby: 'name', order: 'asc', hide_empty: settingValue(name, attributes, 'termQuery.hideEmpty') !== false, _fields: 'id,name,link' });
      return terms.map((term) => ({ text: htmlText(term.name), link: term.link }));
    },
  },
  'core/page-list': {
    empty: 'No published pages yet.',
    fetch: async (client) => postLines(await client.get(api.posts('pages'), { per_page: 100, orderby: 'menu_order', order: 'asc', _fields: POST_FIELDS })).map(({ text, link }) => ({ text, link })),
  },
};

/** A line's dates (`@<GMT date>`, with a PHP format after `|`) in the site's zone and date format. */
function withSiteDates(text: string, zone: ReturnType<typeof useSiteZone>): string {
  return text.replace(/@(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\|([^@]*))?/g, (_, at: string, format?: string) => formatExample(format ?? zone.dateFormat, zone, new Date(`${at}Z`)));
}

/** A menu's links as lines, a submenu's under its link. */
const linkLines = (links: MenuLink[]): PreviewLine[] => links.map(({ label, url, links: inner }) => ({ text: label, link: url ?? undefined, detail: inner.length > 0 ? inner.map((link) => link.label).join(' · ') : undefined }));

/** What the block shows that the editor reads from the block itself (a menu's links, a search form), or null. */
function ownPreview(name: string, attributes: Attributes, inner: string | null, home: string | null): Preview | null {
  const text = (path: string) => (typeof settingValue(name, attributes, path) === 'string' ? String(settingValue(name, attributes, path)) : '');
  if (name === 'core/navigation') {
    const empty = typeof attributes.ref === 'number' ? `The site's menu #${attributes.ref}, drawn by the site.` : 'No links of its own: the site shows its pages here.';
    return { kind: 'lines', lines: linkLines(menuLinks(inner, home)), empty };
  }
  if (name === 'core/navigation-link' || name === 'core/navigation-submenu' || name === 'core/home-link') return { kind: 'lines', lines: linkLines(linkOf(name, attributes, inner, home)), empty: '' };
  if (name === 'core/search') {
    const position = text('buttonPosition');
    return { kind: 'search', label: settingValue(name, attributes, 'showLabel') === false ? null : text('label') || 'Search', placeholder: text('placeholder'), button: position === 'no-button' ? null : settingValue(name, attributes, 'buttonUseIcon') === true ? '🔍' : text('buttonText') || 'Search' };
  }
  return null;
}

/** The block's preview from the site the post belongs to, or null while it is asked for; an error when the site could not answer. `inner`: the blocks it holds as read. */
export function useDynamicPreview(name: string, attributes: Attributes, inner: string | null): { preview: Preview | null; error: unknown } {
  const client = useClient();
  const zone = useSiteZone();
  const index = useSiteIndex();
  const list = Object.hasOwn(LISTS, name) ? LISTS[name] : null;
  // What each item of a query loop shows: its post template's blocks (the default one while it holds none).
  const parts = name === 'core/query' ? queryTemplateParts(inner ?? DEFAULT_QUERY_INNER) : null;
  const lines = useQuery({ queryKey: ['dynamic-preview', client.apiRoot, name, JSON.stringify(attributes), parts], enabled: list !== null, retry: false, queryFn: () => (list ? list.fetch(client, attributes, name, parts, zone) : []) });
  if (name === 'core/site-title' || name === 'core/site-tagline') {
    if (!index.data) return { preview: null, error: index.error };
    const text = name === 'core/site-title' ? index.data.name : index.data.description;
    return { preview: { kind: 'text', level: Number(settingValue(name, attributes, 'level')), text: text || (name === 'core/site-title' ? '(the site has no title)' : '(the site has no tagline)') }, error: null };
  }
  if (name === 'core/social-link') {
    const service = DYNAMIC_BLOCKS[name].settings[0];
    const title = service.kind === 'choice' ? service.choices.find(([value]) => value === attributes.service)?.[1] : undefined;
    const url = typeof attributes.url === 'string' && attributes.url ? attributes.url : '(no address yet)';
    return { preview: { kind: 'lines', lines: [{ text: `${String(attributes.label || title || attributes.service || 'Social icon')}: ${url}` }], empty: '' }, error: null };
  }
  const own = ownPreview(name, attributes, inner, index.data?.home ?? null);
  if (own) return { preview: own, error: null };
  if (!list) return { preview: { kind: 'note', text: dynamicNote(name, attributes, inner) }, error: null };
  if (!lines.data) return { preview: null, error: lines.error };
  const dated = (line: PreviewLine) => ({ ...line, text: withSiteDates(line.text, zone), detail: line.detail && withSiteDates(line.detail, zone) });
  return { preview: { kind: 'lines', lines: lines.data.map(dated), empty: list.empty }, error: null };
}
