// GET seo/v1/get_tasks and POST seo/v1/complete_task: the site's task list.
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError } from '../../../rest/errors.ts';
import { completeTask, isTask, listTasks, TASK_FILTERS } from '../tasks.ts';
import { allowAny, MANAGE_SETTINGS } from './settings-access.ts';
import { seoRoute } from './settings-paths.ts';
import { argSchemas, endpoint, type ArgsContext } from '../../../rest/typed-args.ts';

const invalid = (name: string, message: string) =>
  new RestError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, { params: { [name]: message } });

const COMPLETE_ARGS = argSchemas({ options: { type: 'object', required: true, properties: { task: { type: 'string', required: true } } } });
const GET_ARGS = argSchemas({ options: { type: 'object', properties: { filter: { type: 'string', enum: TASK_FILTERS }, limit: { type: 'integer' } } } });

export function taskRoutes(site: SiteContext): Route[] {
  const getTasks = (ctx: ArgsContext<typeof GET_ARGS>) => {
    const { filter = 'all', limit } = ctx.params.options ?? {};
    if (limit !== undefined && limit < 1) throw invalid('options', 'options[limit] must be at least 1.');
    return { success: true, tasks: listTasks(site, filter, limit) };
  };
  const complete = (ctx: ArgsContext<typeof COMPLETE_ARGS>) => {
    const { task } = ctx.params.options;
    if (!isTask(task)) throw new RestError('seo_task_not_found', `There is no task ${task}.`, 404);
    completeTask(site, task);
    return { success: true };
  };
  return [
    seoRoute('/complete_task', endpoint({ methods: ['POST'], args: COMPLETE_ARGS, permission: MANAGE_SETTINGS, handler: complete })),
    seoRoute('/get_tasks', endpoint({ methods: ['GET'], args: GET_ARGS, permission: allowAny('edit_posts'), handler: getTasks })),
  ];
}
