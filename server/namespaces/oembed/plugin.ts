// oembed/1.0 as the site serves it: its routes, and the commands that add the providers its
// proxy may ask for other sites' URLs.
import type { NamespacePlugin } from '../../site-context.ts';
import { oembedRoutes } from './routes.ts';
import { addSiteProvider, siteProviders } from './providers.ts';

export const oembedPlugin: NamespacePlugin = {
  namespace: 'oembed/1.0',
  routes: oembedRoutes,
  commands: [
    {
      name: 'oembed add-provider',
      help: ['Let the oEmbed proxy ask an endpoint for URLs matching a pattern.', '--pattern REGEX --endpoint URL'],
      options: ['pattern', 'endpoint'],
      run({ store, required }) {
        addSiteProvider(store, { pattern: required('pattern'), endpoint: required('endpoint') });
        console.log('Provider added.');
      },
    },
    {
      name: 'oembed providers',
      help: ['List the providers this site added.'],
      run({ store }) {
        for (const provider of siteProviders(store)) console.log(`${provider.pattern}  ->  ${provider.endpoint}`);
      },
    },
  ],
};
