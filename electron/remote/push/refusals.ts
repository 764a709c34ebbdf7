// An item the site no longer lets this account edit (a contributor's post published by an
// editor, an author's post given to another author) while a local edit waits: a matter of
// that item alone. It is kept as a conflict of its own kind, with the site's version as
// this account may see it, so the local words stay and sync leaves the item alone until the
// writer chooses; the run tells what to do instead and goes on with the others.
import { itemLabel } from '../item-label.ts';
import type { RunState } from '../run.ts';
import type { RemoteAccount } from '../connect/remote-account.ts';
import type { RemoteItem } from '../client/remote-item.ts';
import type { ItemKind } from '../store/sync-map.ts';

export interface RefusedItem {
  kind: ItemKind;
  localId: number;
  remoteId: number;
  title: string;
}

/**
 * Keeps the refused item as a conflict with `item`, the site's version as this account may
 * see it (null: hidden from it); answers the sentence that tells the writer, or '' when the
 * item waits for the writer so already (told by the run that found it).
 */
export function keepRefused(ctx: RunState, account: RemoteAccount, { kind, localId, remoteId, title }: RefusedItem, item: RemoteItem | null): string {
  const told = ctx.conflicts.reasonFor(kind, remoteId) === 'not_allowed';
  ctx.conflicts.save(kind, localId, remoteId, item, 'not_allowed');
  if (told) return '';
  const why = item ? `was changed on the site, and ${account.described.toLowerCase()} may no longer edit it there` : `is no longer visible to ${account.described.toLowerCase()} on the site`;
  return `${itemLabel(kind, title, localId)} ${why}, so the changes made here were not sent. They are kept on this computer: in Conflicts, choose "Keep both" to send them as a new draft, or keep the site's version.`;
}
