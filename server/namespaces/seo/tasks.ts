// The site's task list: what is left to do for search (indexing, the site representation,
// keyphrases, meta descriptions, orphaned content, hard-to-read texts), each counted from the
// index, and which tasks someone marked done (kept as one option).
import type { SiteContext } from '../../site-context.ts';
import { getOption, updateOption } from '../../store/options.ts';
import { countByScore, countPublished } from './store/indexables.ts';
import { SCORE_BANDS } from './analysis-score.ts';
import { getSiteRepresentation } from './site-representation.ts';
import { INDEXING_ACTIONS, LINK_INDEXING_ACTIONS } from './indexing-actions.ts';
import { INDEXED_POST_TYPES } from './indexer.ts';

const OPTION = 'seo_completed_tasks';

interface TaskDefinition {
  id: string;
  title: string;
  description: string;
  priority: 'high' | 'medium' | 'low';
  /** How many things are left; 0 means done. */
  remaining(site: SiteContext): number;
}

const TASKS: readonly TaskDefinition[] = [
  {
    id: 'finish-indexing',
    title: 'Finish indexing the site',
    description: 'Run the indexing routes until they answer next_url false, so that scores and links are complete.',
    priority: 'high',
    remaining: (site) => [...Object.values(INDEXING_ACTIONS), ...Object.values(LINK_INDEXING_ACTIONS)].filter((action) => action.hasMore(site)).length,
  },
  {
    id: 'set-site-representation',
    title: 'Say who the site represents',
    description: 'Name the company or the person behind the site, for the structured data of every page.',
    priority: 'high',
    remaining: (site) => {
      const representation = getSiteRepresentation(site.store);
      const named = representation.company_or_person === 'person' ? representation.company_or_person_user_id > 0 : representation.company_name !== '';
      return named ? 0 : 1;
    },
  },
  {
    id: 'add-focus-keyphrases',
    title: 'Add focus keyphrases',
    description: 'Published posts and pages without a focus keyphrase get no SEO score.',
    priority: 'medium',
    remaining: (site) => countPublished(site.store, 'no_keyphrase'),
  },
  {
    id: 'add-meta-descriptions',
    title: 'Write meta descriptions',
    description: 'Published posts and pages without a meta description leave the search snippet to chance.',
    priority: 'medium',
    remaining: (site) => countPublished(site.store, 'no_description'),
  },
  {
    id: 'fix-orphaned-content',
    title: 'Link to orphaned content',
    description: 'Published posts and pages that no other published content links to are hard to find.',
    priority: 'medium',
    remaining: (site) => countPublished(site.store, 'orphaned'),
  },
  {
    id: 'improve-readability',
    title: 'Improve hard-to-read texts',
    description: 'Published posts and pages whose readability score needs improvement.',
    priority: 'low',
    remaining: (site) => [...INDEXED_POST_TYPES].reduce((sum, postType) => sum + (countByScore(site.store, 'readability_score', { postType }, SCORE_BANDS).bad ?? 0), 0),
  },
];

export const TASK_FILTERS = ['all', 'open', 'completed'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

export function isTask(id: string): boolean {
  return TASKS.some((task) => task.id === id);
}

export function listTasks(site: SiteContext, filter: TaskFilter, limit: number | undefined) {
  const completed = getOption<Record<string, string>>(site.store, OPTION) ?? {};
  const tasks = TASKS.map((task) => {
    const count = task.remaining(site);
    return {
      id: task.id, title: task.title, description: task.description, priority: task.priority, count,
      is_completed: completed[task.id] !== undefined || count === 0,
      completed_at: completed[task.id] ?? null,
    };
  }).filter((task) => filter === 'all' || task.is_completed === (filter === 'completed'));
  return tasks.slice(0, limit ?? tasks.length);
}

export function completeTask(site: SiteContext, id: string): void {
  updateOption<Record<string, string>>(site.store, OPTION, {}, (completed) => ({ ...completed, [id]: completed[id] ?? new Date().toISOString().slice(0, 19) }));
}
