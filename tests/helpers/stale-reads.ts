// The fault harness's rule for stale reads (issue 31), over its record of writes. A read is
// stale when it does not show a write acknowledged before it was sent. A write whose answer
// never came (nginx's 502 when an instance is killed) may still land after that answer: its
// COMMIT was sent, and PostgreSQL makes it visible when it is done. A read sent meanwhile may
// show the post without it, and an update on that read then meets it (412): neither is stale.
// The rule tells them apart by what the post showed (each write's marker is its title). A 412
// that met the update's own write is counted: the site said nothing was changed, yet it was
// (docs/standalone-site.md: nginx sends a PUT in flight at a kill on to another instance).
import type { Write } from './fault-load.ts';

export interface StaleRead {
  update: string;
  why: string;
}

/** The writes that set a post's title: its create, and its updates. */
const setsTitle = (write: Write, post: number): boolean =>
  (write.post === post && write.kind === 'update') || ((write.kind === 'create' || write.kind === 'batch') && write.id === post);

/** Answered but with no word on whether it was made: it may land at any time after its send. */
const mayLand = (write: Write): boolean => write.outcome === 'unknown' || write.outcome === 'undetermined' || write.outcome === 'hung';

/**
 * The titles a read of `post` sent at `sentAt` may show: that of the last write acknowledged
 * before then, or of any write sent after that one whose outcome is unknown.
 */
function showable(writes: readonly Write[], post: number, sentAt: number, except: Write): Set<string> {
  const titled = writes.filter((write) => write !== except && setsTitle(write, post));
  const settled = titled.filter((write) => write.outcome === 'acknowledged' && write.answeredAt <= sentAt).at(-1);
  const titles = new Set(settled ? [settled.marker] : []);
  for (const write of titled) if (write.sentAt >= (settled?.sentAt ?? -Infinity) && write.sentAt < sentAt && mayLand(write)) titles.add(write.marker);
  return titles;
}

/** The updates whose read was stale, or whose 412 met a version no write of unknown outcome explains. */
export function staleReads(writes: readonly Write[]): StaleRead[] {
  const stale: StaleRead[] = [];
  for (const update of writes) {
    if (update.kind !== 'update' || !update.read) continue;
    const { read, met, post } = update;
    const mayShow = showable(writes, post!, read.sentAt, update);
    if (!mayShow.has(read.title)) stale.push({ update: update.marker, why: `its read showed "${read.title}", not one of ${[...mayShow].join(', ')}` });
    else if (update.status === 412) {
      // What it met must be a write of unknown outcome, sent before this update, that landed after the read.
      const landed = writes.find((write) => write !== update && setsTitle(write, post!) && write.marker === met?.title);
      const explained = landed !== undefined && mayLand(landed) && landed.sentAt < update.sentAt && met!.title !== read.title;
      if (explained) continue;
      // Its own title: an instance made it and died before answering, and nginx sent the PUT on to another (a 412 that says nothing was changed).
      const own = met?.title === update.marker ? ', its own write' : '';
      stale.push({ update: update.marker, why: `412 after a read showing "${read.title}", meeting ${met ? `"${met.title}" (${met.modifiedGmt})${own}` : 'no version named'}` });
    }
  }
  return stale;
}
