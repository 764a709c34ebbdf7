// The media that pulled items use come into the local copy's library, so a pulled post
// shows its images offline: its featured image, and the images its content names (by
// image class or image-block id). Each is downloaded once and uploaded to the local site
// through its own media route. Then the item's featured image id, and its content's URLs
// and media ids, are rewritten to the local ones; push rewrites them back. Items edited
// here since they last matched the remote are left alone, as pull leaves them; URLs of
// remote files that no media item names stay remote. A file is read within its limit, and
// one elsewhere than the site (a CDN) only when it is not on this computer or the local network.
import { editedHere } from '../merge/local-changes.ts';
import { SiteError } from '../../../shared/site-client.ts';
import { BODY_LIMITS, boundedResponse } from '../client/bounded-body.ts';
import { confirmable, originOf, sameSiteFetch, siteOrigins } from '../client/site-origins.ts';
import type { LocalMirror } from '../pull/local-mirror.ts';
import { filePairs, type RemoteMedia } from './media-files.ts';
import { localisedVersion, type MediaMap } from '../store/media-map.ts';
import { mediaIdsIn, rewriteMedia, uploadsPath, urlsIn } from './media-refs.ts';
import { PAGE_SIZE } from '../client/paged-list.ts';
import { causeOf, endsTheRun, withRetry, type RetryPolicy } from '../client/retry.ts';
import { itemLabel } from '../item-label.ts';
import { ITEM_KINDS, type MappedItem } from '../store/sync-map.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

interface Wanted {
  mapped: MappedItem;
  content: string;
  mediaIds: number[];
}

export interface MediaPullReport {
  downloaded: number;
  /** Items whose media ids and URLs now point into the local library. */
  localised: number;
  failures: string[];
}

export class MediaPuller {
  private readonly remoteOrigin: string;

  constructor(
    private readonly workspace: RemoteWorkspace,
    private readonly media: MediaMap,
    private readonly mirror: LocalMirror,
    private readonly retry: RetryPolicy,
    private readonly signal?: AbortSignal,
  ) {
    this.remoteOrigin = new URL(workspace.entry.apiRoot).origin;
  }

  /** Remote upload URLs in the content: the content is still in the remote's form. */
  private remoteUploads(content: string): string[] {
    return urlsIn(content).filter((url) => new URL(url).origin === this.remoteOrigin && uploadsPath(url) !== null);
  }

  /**
   * Unedited pulled items that name remote media, for versions whose media were not brought
   * here yet. A version that names none is marked at once, so later syncs skip it unread.
   */
  private wanted(): Wanted[] {
    const { local } = this.workspace;
    const done = this.media.localisedVersions();
    const wanted: Wanted[] = [];
    const nothingToDo: MappedItem[] = [];
    for (const kind of ITEM_KINDS) {
      for (const mapped of this.workspace.map.items(kind)) {
        if (done.has(`${kind}:${mapped.remoteId}@${localisedVersion(mapped.remoteModifiedGmt, mapped.remoteFingerprint)}`)) continue;
        const row = local.item(mapped.localId);
        if (!row || editedHere(local, mapped, row)) continue;
        // Ids in content are remote ones only while the content is in the remote's form.
        const inContent = this.remoteUploads(row.content).length > 0 ? mediaIdsIn(row.content) : [];
        const ids = [...new Set([...(mapped.remoteFeaturedMedia > 0 ? [mapped.remoteFeaturedMedia] : []), ...inContent])];
        if (ids.length > 0) wanted.push({ mapped, content: row.content, mediaIds: ids });
        else nothingToDo.push(mapped);
      }
    }
    this.workspace.map.db.transaction(() => {
      for (const mapped of nothingToDo) this.media.markLocalised(mapped.kind, mapped.remoteId, localisedVersion(mapped.remoteModifiedGmt, mapped.remoteFingerprint));
    })();
    return wanted;
  }

  async pull(onProgress: (done: number, total: number) => void): Promise<MediaPullReport> {
    const report: MediaPullReport = { downloaded: 0, localised: 0, failures: [] };
    const wanted = this.wanted();
    const missing = [...new Set(wanted.flatMap((item) => item.mediaIds))].filter((id) => this.media.localId(id) === undefined);
    onProgress(0, missing.length);
    const route = contentRoutes(this.workspace.entry.contentNamespace).mediaList();
    for (let start = 0; start < missing.length; start += PAGE_SIZE) {
      const include = missing.slice(start, start + PAGE_SIZE);
      const items: RemoteMedia[] = await withRetry(this.retry, this.signal, () => this.workspace.remote.get(route, { context: 'edit', include, per_page: PAGE_SIZE }));
      for (const item of items) {
        this.signal?.throwIfAborted();
        try {
          await this.download(item);
          report.downloaded++;
        } catch (error) {
          if (endsTheRun(error)) throw error;
          report.failures.push(`${itemLabel('media', item.title?.raw ?? item.title?.rendered ?? '', item.id)} of the site could not be copied here: ${causeOf(error)}`);
        }
        onProgress(report.downloaded + report.failures.length, missing.length);
      }
    }
    for (const item of wanted) {
      try {
        if (await this.localise(item)) report.localised++;
      } catch (error) {
        if (endsTheRun(error)) throw error;
        const title = this.workspace.local.item(item.mapped.localId)?.title ?? '';
        report.failures.push(`${itemLabel(item.mapped.kind, title, item.mapped.localId)}: its images could not be pointed at the copies here: ${causeOf(error)}`);
      }
    }
    return report;
  }

  private async download(item: RemoteMedia): Promise<void> {
    const origins = siteOrigins(this.workspace.entry);
    const origin = originOf(item.source_url);
    if (!origins.includes(origin)) await confirmable(origin, origins[0]);
    // Redirects stay on the file's own origin: a file elsewhere cannot lead into the local network.
    const fetchFile = sameSiteFetch(fetch, [origin]);
    const response = await withRetry(this.retry, this.signal, async () => {
      const answer = await fetchFile(item.source_url, { signal: this.signal ? AbortSignal.any([this.signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000) });
      if (!answer.ok) throw new SiteError('http_error', `the file answered ${answer.status}`, answer.status);
      return answer;
    });
    const bytes = Buffer.from(await boundedResponse(response, BODY_LIMITS.media, item.source_url).arrayBuffer());
    const fileName = decodeURIComponent(new URL(item.source_url).pathname.split('/').pop() || 'file');
    const { local } = this.workspace;
    const localId = await local.addMedia({
      bytes, fileName, contentType: item.mime_type ?? response.headers.get('content-type') ?? 'application/octet-stream',
      title: item.title?.raw ?? item.title?.rendered ?? '', altText: item.alt_text ?? '',
    });
    this.media.put(item.id, localId, filePairs(local.media(localId)!, item));
  }

  /** Rewrites the item only once all its media are here: a half-rewritten content would mix both sites' ids. */
  private async localise(item: Wanted): Promise<boolean> {
    const { mapped } = item;
    if (!item.mediaIds.every((id) => this.media.localId(id) !== undefined)) return false;
    const fields: Record<string, unknown> = {};
    if (mapped.remoteFeaturedMedia > 0) fields.featured_media = this.media.localId(mapped.remoteFeaturedMedia);
    const content = rewriteMedia(item.content, (url) => {
      const local = this.media.localPathOf(url);
      return local === undefined ? undefined : this.workspace.local.mediaUrl(local);
    }, (id) => this.media.localId(id));
    if (content !== item.content) fields.content = content;
    await this.mirror.retouch(mapped, fields);
    this.media.markLocalised(mapped.kind, mapped.remoteId, localisedVersion(mapped.remoteModifiedGmt, mapped.remoteFingerprint));
    return true;
  }
}
