// What the parts of sync share for one run, built once when it starts and handed to each
// phase: the workspace, the remote's item routes, the local mirror, the media puller and
// the reader of outgoing items, the records, and the run's signal and retry policy.
import { ConflictStore } from './store/conflict-store.ts';
import { CreateJournal } from './store/journal.ts';
import { LocalMirror } from './pull/local-mirror.ts';
import { localisedVersion, MediaMap } from './store/media-map.ts';
import { MediaPuller } from './media/media-pull.ts';
import { MediaPusher } from './media/media-push.ts';
import { Outgoing } from './push/outgoing.ts';
import { fingerprint, type RemoteItem } from './client/remote-item.ts';
import { RemoteItems } from './client/remote-items.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './client/retry.ts';
import type { ItemKind } from './store/sync-map.ts';
import { TermPusher } from './push/term-push.ts';
import { writingText } from './merge/local-changes.ts';
import { remoteBaseOf } from './merge/merge-fields.ts';
import type { RemoteWorkspace } from './workspace.ts';

export interface RunState {
  workspace: RemoteWorkspace;
  remote: RemoteItems;
  mirror: LocalMirror;
  outgoing: Outgoing;
  terms: TermPusher;
  mediaPuller: MediaPuller;
  mediaPusher: MediaPusher;
  journal: CreateJournal;
  conflicts: ConflictStore;
  media: MediaMap;
  retry: RetryPolicy;
  signal?: AbortSignal;
  /** What this run changed so far, counted as it happens: a run cut short still tells what it did. */
  tally: { pulled: number; sent: number };
}

export interface RunOptions {
  signal?: AbortSignal;
  /** How network trouble is retried (tests make the waits short). */
  retry?: RetryPolicy;
}

export function openRun(workspace: RemoteWorkspace, options: RunOptions = {}): RunState {
  const { db } = workspace.map;
  const retry = options.retry ?? DEFAULT_RETRY;
  const { signal } = options;
  const media = new MediaMap(db);
  const terms = new TermPusher(workspace, retry, signal);
  const mediaPusher = new MediaPusher(workspace, media, retry, signal);
  const mirror = new LocalMirror(workspace.local, workspace.map);
  return {
    workspace, media, terms, mediaPusher, mirror, retry, signal, tally: { pulled: 0, sent: 0 },
    mediaPuller: new MediaPuller(workspace, media, mirror, retry, signal),
    remote: new RemoteItems(workspace, retry, signal),
    outgoing: new Outgoing(workspace, terms, mediaPusher),
    journal: new CreateJournal(db),
    conflicts: new ConflictStore(db),
  };
}

/**
 * The local item at `version` now matches the remote item: recorded at once, so a crash
 * right after never sends it again. Its media are local already (it was sent from here).
 */
export function recordPushed(ctx: RunState, kind: ItemKind, localId: number, version: number, item: RemoteItem): void {
  const { map, local } = ctx.workspace;
  // The writing is the sent version's only if the item was not changed again meanwhile (then it stays an edit to send).
  const localBase = local.item(localId)?.version === version ? writingText(local, localId) : '';
  const remoteFingerprint = fingerprint(item);
  map.db.transaction(() => {
    map.putItem({
      kind, remoteId: item.id, localId, remoteModifiedGmt: item.modified_gmt, remoteFingerprint, remoteStatus: item.status,
      remoteAuthor: item.author ?? 0, remoteParent: item.parent ?? 0, remoteFeaturedMedia: item.featured_media ?? 0, localVersion: version, localBase,
      remoteBase: JSON.stringify(remoteBaseOf(item)),
    });
    ctx.media.markLocalised(kind, item.id, localisedVersion(item.modified_gmt, remoteFingerprint));
    ctx.journal.done(localId);
  })();
  ctx.tally.sent++;
}
