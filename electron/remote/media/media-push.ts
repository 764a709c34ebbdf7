// Before an item goes to the remote, the local media it uses (its featured image, and the
// images in its content that live in the local uploads) are uploaded there once each, and
// the content's URLs and media ids are rewritten to the remote's. A media id in the content
// counts only when one of that item's files appears in it, so an id that was never local
// (content still in the remote's form) is left alone.
import path from 'node:path';
import type { LocalMedia } from '../../../server/local-copy/index.ts';
import { SiteError } from '../../../shared/site-client.ts';
import { filePairs, localFiles, type RemoteMedia } from './media-files.ts';
import type { MediaMap } from '../store/media-map.ts';
import { mediaIdsIn, rewriteMedia, uploadsPath, urlsIn } from './media-refs.ts';
import { lastPullStart } from '../pull/pull.ts';
import { text } from '../client/remote-item.ts';
import { withRetry, type RetryPolicy } from '../client/retry.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { visibleText } from '../push/visible-text.ts';
import { lostCreateCandidates } from '../push/lost-create-search.ts';
import { listAllPages } from '../client/paged-list.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

export interface OutgoingMedia {
  content: string;
  featuredMedia: number;
}

export class MediaPusher {
  private readonly remoteOrigin: string;

  constructor(
    private readonly workspace: RemoteWorkspace,
    private readonly media: MediaMap,
    private readonly retry: RetryPolicy,
    private readonly signal?: AbortSignal,
  ) {
    this.remoteOrigin = new URL(workspace.entry.apiRoot).origin;
  }

  /** The content and featured image id as the remote must receive them. */
  async prepare(content: string, featuredMedia: number): Promise<OutgoingMedia> {
    const { local } = this.workspace;
    const localUploads = urlsIn(content).filter((url) => new URL(url).origin !== this.remoteOrigin && uploadsPath(url) !== null);
    const urls = new Map<string, string>();
    const ids = new Map<number, number>();
    for (const localId of new Set([featuredMedia, ...mediaIdsIn(content)])) {
      const row = localId > 0 ? local.media(localId) : undefined;
      if (!row) continue;
      const files = localFiles(row);
      const used = localUploads.filter((url) => files.has(uploadsPath(url)!));
      if (localId !== featuredMedia && used.length === 0) continue;
      const remoteId = this.media.remoteId(localId) ?? (await this.upload(localId, row));
      ids.set(localId, remoteId);
      for (const url of used) {
        const remoteUrl = this.media.remoteUrlOf(uploadsPath(url)!);
        if (remoteUrl) urls.set(url, remoteUrl);
      }
    }
    return {
      content: rewriteMedia(content, (url) => urls.get(url), (id) => ids.get(id)),
      featuredMedia: featuredMedia > 0 ? ids.get(featuredMedia) ?? 0 : 0,
    };
  }

  /**
   * Uploads the item's file once: an upload whose answer was lost before is first looked
   * for on the remote (same title and type, a file of the same name, made after it began).
   */
  private async upload(localId: number, row: LocalMedia): Promise<number> {
    const post = row.item;
    const fileName = path.posix.basename(row.files.original_file);
    const route = contentRoutes(this.workspace.entry.contentNamespace).mediaList();
    const unfinished = this.media.unfinishedUpload(localId);
    if (unfinished) {
      // No title search: the remote may have stored the title otherwise (trimmed, entities encoded), as it may rename the file.
      const candidates: RemoteMedia[] = await lostCreateCandidates([{ afterGmt: unfinished, dateGmt: '' }], (window) => withRetry(this.retry, this.signal,
        () => listAllPages(this.workspace.remote, route, { context: 'edit', mime_type: post.mime_type || undefined, ...window })));
      const stem = fileName.replace(/\.[^.]*$/, '');
      const title = visibleText(post.title);
      const found = candidates.find((item) => visibleText(text(item.title)) === title && item.mime_type === post.mime_type
        && uploadsPath(item.source_url)?.split('/').pop()?.startsWith(stem) && this.media.localId(item.id) === undefined);
      if (found) return this.record(found, localId, row);
    }
    this.media.beginUpload(localId, lastPullStart(this.workspace.map));
    const bytes = await this.workspace.local.mediaFile(row.files.original_file);
    try {
      // Sent once: a retry after a lost answer goes through the look-up above, at the next push.
      const response = await this.workspace.remote.request('POST', route, {
        body: new Blob([bytes]),
        query: { title: post.title, alt_text: row.files.alt_text },
        headers: { 'content-type': post.mime_type || 'application/octet-stream', 'content-disposition': `attachment; filename="${fileName}"` },
        signal: this.signal,
      });
      return this.record(response.body, localId, row);
    } catch (error) {
      // WordPress words this refusal as one to create posts: say what it is.
      if (!(error instanceof SiteError && error.status === 403)) throw error;
      throw new SiteError(error.code, 'This account may not upload files to the site, so its images cannot be sent. Remove them, or sync with an account that may upload files.', 403);
    }
  }

  private record(remote: RemoteMedia, localId: number, row: LocalMedia): number {
    this.media.put(remote.id, localId, filePairs(row, remote));
    return remote.id;
  }
}
