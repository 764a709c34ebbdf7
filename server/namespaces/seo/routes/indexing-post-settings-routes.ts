// GET/POST seo/v1/post_settings/<id>: a post's or page's own search settings (focus
// keyphrase, meta description, title, robots, cornerstone, language) with its current
// scores and their checks. Not part of the published interface (hidden from the index, as
// the cms/v2 term routes), but the editor needs a way to set what the scores measure.
import type { Route } from '../../../rest/types.ts';
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
import { argSchemas, endpoint, pathArg, type ArgsContext } from '../../../rest/typed-args.ts';
import { seoRoute } from './settings-paths.ts';
import { postVersion } from '../../../content/post-version.ts';
import { plainTextFor } from '../../../content/meta.ts';
import { onItem } from '../../../rest/permissions.ts';

const ID_ARGS = argSchemas({ id: pathArg({ type: 'integer', description: 'Unique identifier for the post or page.' }) });

const SETTINGS_ARGS = argSchemas({
  focus_keyphrase: { type: 'string', description: 'The phrase the text should be found by.' },
  meta_description: { type: 'string', description: 'The description for search results.' },
  seo_title: { type: 'string', description: 'A title for search results; empty to use the template.' },
  noindex: { type: ['boolean', 'null'], description: 'Keep out of search results; null for the default.' },
  is_cornerstone: { type: 'boolean', description: 'One of the site\'s most important texts.' },
  language: { type: 'string', description: 'The text\'s language (BCP 47); empty for the site\'s.' },
});
const WRITE_ARGS = argSchemas({ ...ID_ARGS, ...SETTINGS_ARGS });

export function postSettingsRoutes(site: SiteContext): Route[] {
  const load = (id: number): PostRow => {
    const post = getPost(site.store, id);
    if (!post || !INDEXED_POST_TYPES.has(post.type)) throw new RestError('rest_post_invalid_id', 'Invalid post ID.', 404);
    return post;
  };
  const mayEdit = onItem(load, ({ user }, post) => {
    if (!canEditPost(user, post)) throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this post.', !!user);
  });
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
  const read = (ctx: ArgsContext<typeof ID_ARGS>) => answer(load(ctx.params.id));
  // In its write's transaction with its answer (server/resent-writes.ts: answeredInItsTransaction), as every write that answers at once.
  const write = (ctx: ArgsContext<typeof WRITE_ARGS>) => {
    const post = load(ctx.params.id);
    checkWritePreconditions(ctx.request, postVersion(post), () => present(post));
    // Text fields are plain text, as Yoast keeps them: without markup for those without unfiltered_html.
    const changes = Object.fromEntries(Object.entries(ctx.params)
      .filter(([name]) => ctx.sent.has(name) && name in SETTINGS_ARGS)
      .map(([name, value]) => [name, typeof value === 'string' ? plainTextFor(ctx.user!, value) : value]));
    saveSeoSettings(site, post, changes as Partial<PostSeoMeta>);
    return answer(getPost(site.store, post.id)!);
  };
  return [{
    ...seoRoute('/post_settings/(?P<id>[\\d]+)',
      endpoint({ methods: ['GET'], args: ID_ARGS, permission: mayEdit, handler: read }),
      endpoint({ methods: ['POST', 'PUT', 'PATCH'], args: WRITE_ARGS, permission: mayEdit, handler: write })),
    showInIndex: false,
  }];
}
