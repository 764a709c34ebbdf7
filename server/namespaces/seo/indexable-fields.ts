// What the index holds about each thing with an address: its permalink, titles, robots
// settings and, for posts and pages, the scores of a real analysis of the text.
import type { SiteContext } from '../../site-context.ts';
import type { PostRow } from '../../store/posts.ts';
import type { TermRow } from '../../store/terms.ts';
import type { IndexableFields } from './store/indexables.ts';
import { postLink, termLink } from '../../content/permalinks.ts';
import { getSettings } from '../../content/settings.ts';
import { parseHtml, plainText, wordCount, type ParsedText } from './analysis-text.ts';
import { analyseKeyphrase } from './analysis-keyphrase.ts';
import { analyseReadability } from './analysis-readability.ts';
import type { AnalysisResult } from './analysis-score.ts';
import { readPostSeoMeta, type PostSeoMeta } from './post-seo-meta.ts';

const WORDS_PER_MINUTE = 200;

/** Whole minutes of reading at 200 words a minute; at least one for any text. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE);
}
/** The site has no language setting of its own yet: texts are English unless a post says otherwise. */
export const DEFAULT_LANGUAGE = 'en';

/** The only post type with an archive is `post` (the blog list); pages have none, as in WordPress. */
export const ARCHIVED_POST_TYPES = ['post'] as const;
export const GENERAL_PAGES = [
  { object_type: 'home-page', object_sub_type: '' },
  { object_type: 'search-result', object_sub_type: '' },
  { object_type: 'system-page', object_sub_type: '404' },
] as const;

export function archiveLink(site: SiteContext, postType: string): string {
  return `${site.urls.base}/?post_type=${postType}`;
}

function nowGmt(): string {
  return new Date().toISOString().slice(0, 19);
}

const EMPTY: Omit<IndexableFields, 'object_type' | 'object_sub_type' | 'object_id' | 'permalink' | 'updated_at'> = {
  title: null, description: null, breadcrumb_title: null, post_status: null, is_public: 1, is_protected: 0,
  author_id: null, post_parent: null, is_robots_noindex: null, is_robots_nofollow: 0, is_cornerstone: 0,
  primary_focus_keyword: null, primary_focus_keyword_score: null, readability_score: null,
  estimated_reading_time_minutes: null, number_of_pages: null, object_last_modified: null, object_published_at: null,
};

export interface PostAnalysis {
  seo: AnalysisResult;
  readability: AnalysisResult;
  language: string;
}

/** Both analyses of a post or page, from its rendered text and its own search settings. */
export function analysePost(
  site: SiteContext, post: PostRow, parsed: ParsedText = parseHtml(post.content_rendered), meta: PostSeoMeta = readPostSeoMeta(post),
): PostAnalysis {
  const language = meta.language || DEFAULT_LANGUAGE;
  return {
    language,
    seo: analyseKeyphrase({
      keyphrase: meta.focus_keyphrase, title: plainText(post.title_rendered), slug: post.slug,
      metaDescription: meta.meta_description, parsed, siteUrl: site.urls.base,
    }),
    readability: analyseReadability(parsed, language),
  };
}

export function postFields(site: SiteContext, post: PostRow, parsed: ParsedText): IndexableFields {
  const meta = readPostSeoMeta(post);
  const { seo, readability } = analysePost(site, post, parsed, meta);
  const noindex = meta.noindex === null ? null : meta.noindex ? 1 : 0;
  return {
    ...EMPTY,
    object_type: 'post',
    object_sub_type: post.type,
    object_id: post.id,
    permalink: postLink(site, post),
    title: meta.seo_title || null,
    description: meta.meta_description || null,
    breadcrumb_title: plainText(post.title_rendered),
    post_status: post.status,
    is_public: post.status === 'publish' && post.password === '' && noindex !== 1 ? 1 : 0,
    is_protected: post.password === '' ? 0 : 1,
    author_id: post.author,
    post_parent: post.parent,
    is_robots_noindex: noindex,
    is_cornerstone: meta.is_cornerstone ? 1 : 0,
    primary_focus_keyword: meta.focus_keyphrase || null,
    primary_focus_keyword_score: seo.score,
    readability_score: readability.score,
    estimated_reading_time_minutes: readingMinutes(wordCount(parsed)),
    object_last_modified: post.modified_gmt,
    object_published_at: post.date_gmt,
    updated_at: nowGmt(),
  };
}

export function termFields(site: SiteContext, term: TermRow): IndexableFields {
  return {
    ...EMPTY,
    object_type: 'term',
    object_sub_type: term.taxonomy,
    object_id: term.id,
    permalink: termLink(site, term),
    description: term.description === '' ? null : plainText(term.description),
    breadcrumb_title: term.name,
    updated_at: nowGmt(),
  };
}

export function archiveFields(site: SiteContext, postType: string): IndexableFields {
  return {
    ...EMPTY,
    object_type: 'post-type-archive',
    object_sub_type: postType,
    object_id: 0,
    permalink: archiveLink(site, postType),
    breadcrumb_title: postType === 'post' ? 'Posts' : postType,
    updated_at: nowGmt(),
  };
}

export function generalFields(site: SiteContext, page: (typeof GENERAL_PAGES)[number]): IndexableFields {
  const settings = getSettings(site.store);
  const home = page.object_type === 'home-page';
  return {
    ...EMPTY,
    ...page,
    object_id: 0,
    permalink: home ? `${site.urls.base}/` : null,
    description: home && settings.description !== '' ? settings.description : null,
    breadcrumb_title: home ? 'Home' : page.object_type === 'search-result' ? 'Search' : 'Page not found',
    // Search results and the error page are never to be indexed.
    is_public: home ? 1 : 0,
    is_robots_noindex: home ? null : 1,
    updated_at: nowGmt(),
  };
}
