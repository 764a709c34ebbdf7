// cms/v2 as the site serves it: posts, pages, media and their helpers, and the scheduler that
// publishes scheduled items when their time comes (those missed while stopped at start).
import type { NamespacePlugin } from '../../site-context.ts';
import { Scheduler } from '../../content/scheduler.ts';
import { cmsRoutes } from './index.ts';

export const cmsPlugin: NamespacePlugin = {
  namespace: 'cms/v2',
  routes: cmsRoutes,
  start(site) {
    const scheduler = new Scheduler(site);
    scheduler.run();
    return () => scheduler.stop();
  },
};
