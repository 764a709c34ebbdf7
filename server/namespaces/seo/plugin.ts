// seo/v1 as the site serves it (deployment B): its routes, the listener that keeps its index
// current after every content write, and where its connectors send their requests.
import type { NamespacePlugin } from '../../site-context.ts';
import { seoRoutes, SEO_NAMESPACE } from './routes/index.ts';
import { keepIndexCurrent } from './indexer.ts';
import { setServices } from './connector-services.ts';

export const seoPlugin: NamespacePlugin = {
  namespace: SEO_NAMESPACE,
  routes: seoRoutes,
  start: keepIndexCurrent,
  commands: [{
    name: 'seo set-service',
    help: [
      'Where the seo/v1 connectors send their requests (deployment B):',
      '[--kwresearch-url URL] [--rank-url URL] [--timeout-ms N]',
      '(keyword-research and rank-tracking services; default wait',
      '10000 ms). Their tokens are stored encrypted, with the key in',
      'DIR/connectors.key.',
    ],
    options: ['kwresearch-url', 'rank-url', 'timeout-ms'],
    run({ store, option }) {
      const set = setServices(store, { kwresearchUrl: option('kwresearch-url'), rankUrl: option('rank-url'), timeoutMs: option('timeout-ms') });
      console.log(`Keyword research: ${set.kwresearch_url || '(not set)'}\nRank tracking: ${set.rank_url || '(not set)'}\nTime limit: ${set.timeout_ms} ms`);
    },
  }],
};
