// seo/v1 routes that read the site's content: the head of a URL, posts to pick from, the
// replacement variables of title templates, and the size of an uploaded file.
import { allowAnyone } from '../../../rest/permissions.ts';
import type { Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError } from '../../../rest/errors.ts';
import { respond } from '../../../rest/response.ts';
import { publishedByTitle } from '../store/published-posts.ts';
import { UPLOADS_PATH } from '../../../media/upload-dir.ts';
import { checkedRelative } from '../../../media/storage.ts';
import { headTarget } from '../head-target.ts';
import { headFor } from '../head.ts';
import { plainText } from '../analysis-text.ts';
import { REPLACEMENT_VARIABLES } from '../replace-vars.ts';
import { INDEXED_POST_TYPES } from '../indexer.ts';
import { allowAny, MANAGE_SETTINGS } from './settings-access.ts';
import { seoRoute } from './settings-paths.ts';
import { argSchemas, endpoint, type ArgsContext } from '../../../rest/typed-args.ts';

const AVAILABLE_POSTS_LIMIT = 20;

const notUploads = () => new RestError('seo_file_size_not_uploads', "The URL is not a file of this site's uploads.", 404);

/** The file of this site's uploads a URL names, or an error that says why not. */
function uploadedFile(site: SiteContext, address: string): string {
  const prefix = `${site.urls.base}${UPLOADS_PATH}/`;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RestError('seo_file_size_invalid_url', 'The URL is not a valid URL.', 400);
  }
  const href = `${url.origin}${url.pathname}`;
  if (!href.startsWith(prefix)) throw notUploads();
  try {
    // Refuses paths that leave the uploads folder (../).
    return checkedRelative(decodeURIComponent(href.slice(prefix.length)));
  } catch {
    throw notUploads();
  }
}

const URL_ARGS = argSchemas({ url: { type: 'string', required: true } });
const AVAILABLE_POSTS_ARGS = argSchemas({ search: { type: 'string', default: '' }, postType: { type: 'string', default: 'page' } });

export function contentRoutes(site: SiteContext): Route[] {
  const getHead = (ctx: ArgsContext<typeof URL_ARGS>) => {
    const url = ctx.params.url;
    const head = headFor(site, headTarget(site, url, ctx.user), url);
    return respond(head, head.status);
  };

  const availablePosts = (ctx: ArgsContext<typeof AVAILABLE_POSTS_ARGS>) => {
    const postType = ctx.params.postType;
    if (!INDEXED_POST_TYPES.has(postType)) throw new RestError('seo_invalid_post_type', 'The post type is not valid.', 400);
    return publishedByTitle(site.store, postType, ctx.params.search, AVAILABLE_POSTS_LIMIT)
      .map((post) => ({ id: post.id, title: plainText(post.title_rendered), slug: post.slug }));
  };

  const metaSearch = () => ({
    variables: REPLACEMENT_VARIABLES.map((variable) => ({
      name: variable.name,
      variable: `%%${variable.name}%%`,
      label: variable.label,
      scope: variable.scope,
      // Only site-wide variables have a value of their own; the others take the item's.
      value: variable.scope === 'site' ? variable.value({ site }) : null,
    })),
  });

  const fileSize = async (ctx: ArgsContext<typeof URL_ARGS>) => {
    const size = await site.media.size(uploadedFile(site, ctx.params.url));
    if (size === null) throw new RestError('seo_file_size_not_found', 'The file does not exist.', 404);
    return { type: 'success', size_in_bytes: size };
  };

  return [
    seoRoute('/file_size', endpoint({ methods: ['GET'], args: URL_ARGS, permission: allowAny('edit_posts'), handler: fileSize })),
    seoRoute('/available_posts', endpoint({ methods: ['GET'], args: AVAILABLE_POSTS_ARGS, permission: MANAGE_SETTINGS, handler: availablePosts })),
    seoRoute('/get_head', endpoint({ methods: ['GET'], args: URL_ARGS, permission: allowAnyone, handler: getHead })),
    seoRoute('/meta/search', { methods: ['GET'], args: {}, permission: allowAny('edit_posts'), handler: metaSearch }),
  ];
}
