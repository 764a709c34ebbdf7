// GET seo/v1/seo_scores and readability_scores (the dashboard's score widgets) and
// GET seo/v1/statistics (the "at a glance" summary), counted from the index.
import { performance } from 'node:perf_hooks';
import type { HandlerContext, Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError } from '../../../rest/errors.ts';
import { can } from '../../../auth/capabilities.ts';
import { getTerm } from '../../../store/terms.ts';
import { countByScore, countNoindexed, type ScoreFilter } from '../store/indexables.ts';
import { SCORE_BANDS, SCORE_GROUPS, type ScoreGroup } from '../analysis-score.ts';
import { allowAny } from './settings-access.ts';
import { seoRoute } from './settings-paths.ts';
import { argSchemas, endpoint, type ArgsContext, type Params } from '../../../rest/typed-args.ts';

/** The content types with scores, and the taxonomy each may be filtered by (as Yoast: categories for posts). */
const CONTENT_TYPES: Readonly<Record<string, string | null>> = { post: 'category', page: null };

type Column = 'primary_focus_keyword_score' | 'readability_score';

/** The band names of the index and the filter values of the admin list (Yoast's `na` for not analysed). */
const FILTER_VALUE: Readonly<Record<ScoreGroup, string>> = { good: 'good', ok: 'ok', bad: 'bad', notAnalyzed: 'na' };

const invalid = (message: string) => new RestError('seo_invalid_scores_filter', message, 400);

/** Checks contentType, taxonomy and term together, with Yoast's rules and messages. */
function scoreFilter(site: SiteContext, params: Params<typeof SCORE_ARGS>): ScoreFilter & { termSlug?: string; taxonomy?: string } {
  const postType = params.contentType;
  if (!(postType in CONTENT_TYPES)) throw invalid('Invalid content type.');
  const { taxonomy, term: termId } = params;
  if (taxonomy !== '' && CONTENT_TYPES[postType] !== taxonomy) throw invalid('Invalid taxonomy.');
  if (termId !== null && taxonomy === '') throw invalid('Term needs a provided taxonomy.');
  if (termId === null && taxonomy !== '') throw invalid('Taxonomy needs a provided term.');
  if (termId === null) return { postType };
  const term = getTerm(site.store, termId, taxonomy);
  if (!term) throw invalid('Invalid term.');
  return { postType, termId, taxonomy, termSlug: term.slug };
}

function adminListUrl(site: SiteContext, query: Record<string, string>): string {
  return `${site.urls.base}/wp-admin/edit.php?${new URLSearchParams(query).toString()}`;
}

const SCORE_ARGS = argSchemas({
  contentType: { type: 'string', required: true },
  taxonomy: { type: 'string', default: '' },
  term: { type: 'integer', default: null },
  troubleshooting: { type: 'boolean', default: null },
});

export function scoreRoutes(site: SiteContext): Route[] {
  const scores = (column: Column, filterName: string) => (ctx: ArgsContext<typeof SCORE_ARGS>) => {
    const started = performance.now();
    const filter = scoreFilter(site, ctx.params);
    const counts = countByScore(site.store, column, filter, SCORE_BANDS);
    const list = SCORE_GROUPS.map((name) => {
      const query: Record<string, string> = { post_status: 'publish', post_type: filter.postType, [filterName]: FILTER_VALUE[name] };
      if (filter.termSlug !== undefined) query[filter.taxonomy === 'category' ? 'category_name' : filter.taxonomy!] = filter.termSlug;
      return { name, amount: counts[FILTER_VALUE[name]] ?? 0, links: { view: adminListUrl(site, query) } };
    });
    if (ctx.params.troubleshooting !== true) return { scores: list };
    return {
      scores: list,
      query_time: Number((performance.now() - started).toFixed(3)),
      cache_used: false,
      rows_counted: list.reduce((sum, score) => sum + score.amount, 0),
    };
  };

  const statistics = (ctx: HandlerContext) => {
    // As Yoast: writers who may not edit others' posts see their own posts counted.
    const filter: ScoreFilter = { postType: 'post', authorId: can(ctx.user, 'edit_others_posts') ? undefined : ctx.user!.id };
    const counts = countByScore(site.store, 'primary_focus_keyword_score', filter, SCORE_BANDS);
    const ranks = [
      { seo_rank: 'na', label: 'Posts without a focus keyphrase', count: counts.na ?? 0 },
      { seo_rank: 'bad', label: 'Posts with the SEO score: needs improvement', count: counts.bad ?? 0 },
      { seo_rank: 'ok', label: 'Posts with the SEO score: OK', count: counts.ok ?? 0 },
      { seo_rank: 'good', label: 'Posts with the SEO score: good', count: counts.good ?? 0 },
      { seo_rank: 'noindex', label: 'Posts that should not show up in search results', count: countNoindexed(site.store, filter) },
    ].map((rank) => ({ ...rank, link: adminListUrl(site, { post_type: 'post', seo_filter: rank.seo_rank }) }));
    const total = ranks.reduce((sum, rank) => sum + rank.count, 0);
    return {
      scores: ranks.filter((rank) => rank.count > 0),
      division: total === 0 ? false : Object.fromEntries(ranks.map((rank) => [rank.seo_rank, rank.count / total])),
    };
  };

  const readers = allowAny('edit_posts');
  return [
    seoRoute('/readability_scores', endpoint({ methods: ['GET'], args: { ...SCORE_ARGS }, permission: readers, handler: scores('readability_score', 'readability_filter') })),
    seoRoute('/seo_scores', endpoint({ methods: ['GET'], args: { ...SCORE_ARGS }, permission: readers, handler: scores('primary_focus_keyword_score', 'seo_filter') })),
    seoRoute('/statistics', { methods: ['GET'], args: {}, permission: readers, handler: statistics }),
  ];
}
