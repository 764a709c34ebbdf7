// The one table of the namespaces this site can serve. A deployment names those it serves
// (deployments.ts); the site makes their routes in its order and starts them in this one;
// `npm run site` offers every namespace's commands.
import type { NamespacePlugin } from './site-context.ts';
import { oembedPlugin } from './namespaces/oembed/plugin.ts';
import { contactFormPlugin } from './namespaces/contact-form/plugin.ts';
import { builderPlugin } from './namespaces/builder/plugin.ts';
import { seoPlugin } from './namespaces/seo/plugin.ts';
import { cmsPlugin } from './namespaces/cms/plugin.ts';

/** cms/v2 last: its scheduler publishes the items missed while stopped, which the others' listeners must see. */
export const NAMESPACE_PLUGINS: readonly NamespacePlugin[] = [oembedPlugin, contactFormPlugin, builderPlugin, seoPlugin, cmsPlugin];
