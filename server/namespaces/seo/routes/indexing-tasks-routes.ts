// GET seo/v1/get_tasks and POST seo/v1/complete_task: the site's task list.
import type { HandlerContext, Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError } from '../../../rest/errors.ts';
import { completeTask, isTask, listTasks, TASK_FILTERS, type TaskFilter } from '../tasks.ts';
import { allowAny, MANAGE_SETTINGS } from './settings-access.ts';
import { seoRoute } from './settings-paths.ts';

const invalid = (name: string, message: string) =>
  new RestError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, { params: { [name]: message } });

export function taskRoutes(site: SiteContext): Route[] {
  const getTasks = (ctx: HandlerContext) => {
    const options = (ctx.params.options ?? {}) as { filter?: string; limit?: number };
    const filter = options.filter ?? 'all';
    if (!(TASK_FILTERS as readonly string[]).includes(filter)) throw invalid('options', `options[filter] is not one of ${TASK_FILTERS.join(', ')}.`);
    if (options.limit !== undefined && options.limit < 1) throw invalid('options', 'options[limit] must be at least 1.');
    return { success: true, tasks: listTasks(site, filter as TaskFilter, options.limit) };
  };
  const complete = (ctx: HandlerContext) => {
    const { task } = ctx.params.options as { task: string };
    if (!isTask(task)) throw new RestError('seo_task_not_found', `There is no task ${task}.`, 404);
    completeTask(site, task);
    return { success: true };
  };
  return [
    seoRoute('/complete_task', {
      methods: ['POST'],
      args: { options: { type: 'object', required: true, properties: { task: { type: 'string', required: true } } } },
      permission: MANAGE_SETTINGS,
      handler: complete,
    }),
    seoRoute('/get_tasks', {
      methods: ['GET'],
      args: { options: { type: 'object', properties: { filter: { type: 'string' }, limit: { type: 'integer' } } } },
      permission: allowAny('edit_posts'),
      handler: getTasks,
    }),
  ];
}
