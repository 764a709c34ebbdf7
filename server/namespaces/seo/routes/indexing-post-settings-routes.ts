// GET/POST seo/v1/post_settings/<id>: a post's or page's own search settings (focus
// keyphrase, meta description, title, robots, cornerstone, language) with its current
// scores and their checks. Not part of the published interface (hidden from the index, as
// the cms/v2 term routes), but the editor needs a way to set what the scores measure.
import type { ArgSchemas, HandlerContext, Route } from '../../../rest/types.ts';
import type { SiteContext } from '../../../site-context.ts';
import { RestError, forbidden } from '../../../rest/errors.ts';
import { respond } from '../../../rest/response.ts';
import { checkWritePreconditions, versionHeaders } from '../../../rest/conditional.ts';
import { getPost, type PostRow } from '../../../store/posts.ts';
import { indexableOfObject } from '../store/indexables.ts';
import { canEditPost } from '../../../content/post-permissions.ts';
import { readPostSeoMeta, type PostSeoMeta } from '../post-seo-meta.ts';
import { analysePost } from '../indexable-fields.ts';
import { INDEXED_POST_TYPES, saveSeoSettings } from '../indexer.ts';
import { seoRoute } from './settings-paths.ts';
import { postVersion } from '../../../content/post-version.ts';

const SETTINGS_ARGS: ArgSchemas = {
  focus_keyphrase: { type: 'string', description: 'The phrase the text should be found by.' },
  meta_description: { type: 'string', description: 'The description for search results.' },
  seo_title: { type: 'string', description: 'A title for search results; empty to use the template.' },
  noindex: { type: ['boolean', 'null'], description: 'Keep out of search results; null for the default.' },
  is_cornerstone: { type: 'boolean', description: 'One of the site\'s most important texts.' },
  language: { type: 'string', description: 'The text\'s language (BCP 47); empty for the site\'s.' },
};

export function postSettingsRoutes(site: SiteContext): Route[] {
  const load = (ctx: HandlerContext): PostRow => {
    const post = getPost(site.store, ctx.params.id as number);
    if (!post || !INDEXED_POST_TYPES.has(post.type)) throw new RestError('rest_post_invalid_id', 'Invalid post ID.', 404);
    if (!canEditPost(ctx.user, post)) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', !!ctx.user);
    return post;
  };
  const present = (post: PostRow) => {
    const { seo, readability, language } = analysePost(site, post);
    return {
      id: post.id,
      settings: readPostSeoMeta(post),
      language,
      seo,
      readability,
      indexable: indexableOfObject(site.store, 'post', post.id) ?? null,
    };
  };
  // The settings are part of the post's row: its validators are the post's.
  const answer = (post: PostRow) => respond(present(post), 200, versionHeaders(postVersion(post)));
  const read = (ctx: HandlerContext) => answer(load(ctx));
  const write = (ctx: HandlerContext) => site.store.writeTransaction(() => {
    const post = load(ctx);
    checkWritePreconditions(ctx.request, postVersion(post), () => present(post));
    const changes = Object.fromEntries([...ctx.sent].filter((name) => name in SETTINGS_ARGS).map((name) => [name, ctx.params[name]]));
    saveSeoSettings(site, post, changes as Partial<PostSeoMeta>);
    return answer(getPost(site.store, post.id)!);
  });
  const id = { id: { type: 'integer', description: 'Unique identifier for the post or page.' } };
  return [{
    ...seoRoute('/post_settings/(?P<id>[\\d]+)',
      { methods: ['GET'], args: id, handler: read },
      { methods: ['POST', 'PUT', 'PATCH'], args: { ...id, ...SETTINGS_ARGS }, handler: write }),
    showInIndex: false,
  }];
}
