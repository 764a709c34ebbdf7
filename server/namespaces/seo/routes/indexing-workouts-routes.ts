// GET/POST seo/v1/workouts: the workouts' saved state (`{json}` as Yoast answers), with the
// site's cornerstone content and the orphaned content found in the link index.
import type { HandlerContext, Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError } from '../../../rest/errors.ts';
import { cornerstoneIndexables, orphanedIndexables, type IndexableRow } from '../store/indexables.ts';
import { getWorkouts, saveWorkouts, workoutProblem, WORKOUT_STEPS, type WorkoutName, type Workouts } from '../workouts.ts';
import { allowAny } from './settings-access.ts';
import { seoRoute } from './settings-paths.ts';

const LIST_LIMIT = 100;

function summary(row: IndexableRow) {
  return {
    id: row.id, object_id: row.object_id, object_sub_type: row.object_sub_type, permalink: row.permalink,
    breadcrumb_title: row.breadcrumb_title, incoming_link_count: row.incoming_link_count, is_cornerstone: row.is_cornerstone === 1,
  };
}

export function workoutRoutes(site: SiteContext): Route[] {
  const read = () => ({
    json: getWorkouts(site.store),
    cornerstones: cornerstoneIndexables(site.store, LIST_LIMIT).map(summary),
    orphaned: orphanedIndexables(site.store, LIST_LIMIT).map(summary),
  });
  const write = (ctx: HandlerContext) => {
    const body = ctx.request.body ?? {};
    const problems: Record<string, string> = {};
    for (const name of Object.keys(WORKOUT_STEPS) as WorkoutName[]) {
      const problem = body[name] === undefined ? `${name} is required.` : workoutProblem(name, body[name]);
      if (problem) problems[name] = problem;
    }
    if (Object.keys(problems).length > 0) {
      throw new RestError('rest_invalid_param', `Invalid parameter(s): ${Object.keys(problems).join(', ')}`, 400, { params: problems });
    }
    return { json: saveWorkouts(site.store, { cornerstone: body.cornerstone, orphaned: body.orphaned } as Workouts) };
  };
  // As Yoast: the workouts are for those who edit others' posts.
  const editors = allowAny('edit_others_posts');
  return [
    seoRoute('/workouts',
      { methods: ['GET'], args: {}, permission: editors, handler: read },
      { methods: ['POST'], args: {}, permission: editors, handler: write }),
  ];
}
