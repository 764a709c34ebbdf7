// The replacement variables of title and description templates (%%title%%, %%sitename%%,
// %%sep%%…): their values for an item, and templates filled in with them, as Yoast cleans
// them up (an empty variable leaves no double spaces or dangling separator).
import type { SiteContext } from '../../site-context.ts';
import type { PostRow } from '../../store/posts.ts';
import type { TermRow } from '../../store/terms.ts';
import { getSettings } from '../../content/settings.ts';
import { getUserById } from '../../store/users.ts';
import { plainText } from './analysis-text.ts';

export const SEPARATOR = '-';

export interface VariableContext {
  site: SiteContext;
  post?: PostRow;
  term?: TermRow;
  search?: string;
  postTypePlural?: string;
  now?: Date;
}

export interface ReplacementVariable {
  name: string;
  label: string;
  /** What the value depends on: nothing (site-wide), or an item the template is used for. */
  scope: 'site' | 'post' | 'term' | 'search' | 'archive';
  value(context: VariableContext): string;
}

const date = (context: VariableContext) => context.now ?? new Date();

export const REPLACEMENT_VARIABLES: readonly ReplacementVariable[] = [
  { name: 'sitename', label: 'Site title', scope: 'site', value: ({ site }) => getSettings(site.store).name },
  { name: 'sitedesc', label: 'Tagline', scope: 'site', value: ({ site }) => getSettings(site.store).description },
  { name: 'sep', label: 'Separator', scope: 'site', value: () => SEPARATOR },
  { name: 'currentyear', label: 'Current year', scope: 'site', value: (context) => String(date(context).getUTCFullYear()) },
  { name: 'currentmonth', label: 'Current month', scope: 'site', value: (context) => date(context).toLocaleString('en', { month: 'long', timeZone: 'UTC' }) },
  { name: 'currentday', label: 'Current day', scope: 'site', value: (context) => String(date(context).getUTCDate()) },
  { name: 'currentdate', label: 'Current date', scope: 'site', value: (context) => date(context).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' }) },
  { name: 'title', label: 'Title', scope: 'post', value: ({ post }) => (post ? plainText(post.title_rendered) : '') },
  { name: 'excerpt', label: 'Excerpt', scope: 'post', value: ({ post }) => (post && post.password === '' ? plainText(post.excerpt_rendered).replace(/\s*\[…\]$/, '') : '') },
  { name: 'date', label: 'Date', scope: 'post', value: ({ post }) => post?.date.slice(0, 10) ?? '' },
  { name: 'modified', label: 'Modified', scope: 'post', value: ({ post }) => post?.modified.slice(0, 10) ?? '' },
  { name: 'name', label: 'Author', scope: 'post', value: ({ site, post }) => (post ? getUserById(site.store, post.author)?.name ?? '' : '') },
  { name: 'id', label: 'ID', scope: 'post', value: ({ post }) => (post ? String(post.id) : '') },
  { name: 'term_title', label: 'Term title', scope: 'term', value: ({ term }) => term?.name ?? '' },
  { name: 'term_description', label: 'Term description', scope: 'term', value: ({ term }) => (term ? plainText(term.description) : '') },
  { name: 'searchphrase', label: 'Search phrase', scope: 'search', value: ({ search }) => search ?? '' },
  { name: 'pt_plural', label: 'Post type (plural)', scope: 'archive', value: ({ postTypePlural }) => postTypePlural ?? '' },
];

const BY_NAME = new Map(REPLACEMENT_VARIABLES.map((variable) => [variable.name, variable]));

/** The template with every known variable replaced; unknown ones are dropped, then the text tidied. */
export function applyTemplate(template: string, context: VariableContext): string {
  const filled = template.replace(/%%(\w+)%%/g, (_, name: string) => BY_NAME.get(name)?.value(context) ?? '');
  const sep = ` ${SEPARATOR} `;
  return filled
    .replace(/\s+/g, ' ')
    .split(sep)
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== SEPARATOR)
    .join(sep);
}
