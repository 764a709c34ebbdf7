// oembed/1.0: embed data for this site's own items, and a proxy that fetches (and caches)
// embed data for other sites' URLs for people who write posts.
import { allowAnyone } from '../../rest/permissions.ts';
import type { Route } from '../../rest/types.ts';
import { argSchemas, endpoint, type ArgsContext } from '../../rest/typed-args.ts';
import { oembedApi, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { RestError, forbidden } from '../../rest/errors.ts';
import { respond, respondRaw } from '../../rest/response.ts';
import { can } from '../../auth/capabilities.ts';
import { resolveSiteUrl } from '../../content/url-to-post.ts';
import { ownEmbed } from './own-embed.ts';
import { oembedXml } from './oembed-xml.ts';
import { remoteEmbed } from './remote-embed.ts';

function answer(data: Record<string, unknown>, format: unknown) {
  return format === 'xml' ? respondRaw(oembedXml(data), 'text/xml; charset=utf-8') : respond(data);
}

/** A published item, protected or not (as the reference: its embed view shows no protected text). */
function ownItem(site: SiteContext, url: string) {
  const resolved = resolveSiteUrl(site, url);
  return resolved && resolved.post.status === 'publish' ? resolved.post : null;
}

const urlArg = { description: 'The URL of the resource for which to fetch oEmbed data.', type: 'string', format: 'uri', required: true } as const;

// Published without types, as the reference API lists them; read leniently here.
const embedArgs = argSchemas({ url: urlArg, format: { default: 'json' }, maxwidth: { default: 600 } });

const proxyArgs = argSchemas({
  url: urlArg,
  format: { description: 'The oEmbed format to use.', type: 'string', default: 'json', enum: ['json', 'xml'] },
  maxwidth: { description: 'The maximum width of the embed frame in pixels.', type: 'integer', default: 600 },
  maxheight: { description: 'The maximum height of the embed frame in pixels.', type: 'integer' },
  discover: { description: 'Whether to perform an oEmbed discovery request for unsanctioned providers.', type: 'boolean', default: true },
});

export function oembedRoutes(site: SiteContext): Route[] {
  const embed = (ctx: ArgsContext<typeof embedArgs>) => {
    const post = ownItem(site, ctx.params.url);
    if (!post) throw new RestError('oembed_invalid_url', 'Not Found: the URL is not a published item of this site.', 404);
    const maxheight = Math.abs(Number.parseInt(String(ctx.request.query.maxheight ?? ''), 10)) || undefined;
    return answer(ownEmbed(site, post, Math.abs(Number.parseInt(String(ctx.params.maxwidth), 10)) || 600, maxheight), ctx.params.format);
  };

  const proxy = async (ctx: ArgsContext<typeof proxyArgs>) => {
    const { url, maxwidth, maxheight } = ctx.params;
    const post = ownItem(site, url);
    if (post) return answer(ownEmbed(site, post, maxwidth, maxheight), ctx.params.format);
    return answer(await remoteEmbed(site, { url, maxwidth, maxheight, discover: ctx.params.discover !== false }), ctx.params.format);
  };

  return [
    {
      namespace: oembedApi.namespace,
      pattern: rooted(oembedApi.embed()),
      endpoints: [endpoint({ methods: ['GET'], args: embedArgs, permission: allowAnyone, handler: embed })],
    },
    {
      namespace: oembedApi.namespace,
      pattern: rooted(oembedApi.proxy()),
      endpoints: [endpoint({
        methods: ['GET'],
        args: proxyArgs,
        permission: (ctx) => {
          if (!can(ctx.user, 'edit_posts')) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to make proxied oEmbed requests.', !!ctx.user);
        },
        handler: proxy,
      })],
    },
  ];
}
