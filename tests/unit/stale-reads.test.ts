// The fault harness's stale-read rule (issue 31) over made-up records of one client's writes to
// one post: created ("made", answered at 5), then an earlier update ("earlier", sent at 10 and
// answered at 15 with each outcome), then a read sent at 30 and an update on it (sent at 40)
// answered 200 or 412.
import { describe, expect, it } from 'vitest';
import type { Outcome, Write } from '../helpers/fault-load.ts';
import { staleReads } from '../helpers/stale-reads.ts';

const POST = 7;

function write(fields: Partial<Write> & Pick<Write, 'kind' | 'marker' | 'outcome' | 'sentAt'>): Write {
  const status = fields.outcome === 'acknowledged' ? 200 : fields.outcome === 'unknown' ? 502 : 500;
  return { status, ms: 5, answeredAt: fields.sentAt + 5, phase: 'kill -9', ...fields };
}

/** The made post, the earlier update, and the update whose read showed `shown` and whose answer met `met` (a 412; null: a 412 naming no version) or not (200). */
function records(earlier: Outcome, shown: string, met?: string | null): Write[] {
  const refused = met !== undefined;
  return [
    write({ kind: 'create', marker: 'made', outcome: 'acknowledged', sentAt: 0, id: POST }),
    write({ kind: 'update', marker: 'earlier', outcome: earlier, sentAt: 10, post: POST, read: { title: 'made', modifiedGmt: 'a', sentAt: 6, answeredAt: 7 } }),
    write({
      kind: 'update', marker: 'this', sentAt: 40, post: POST, outcome: refused ? 'refused' : 'acknowledged', status: refused ? 412 : 200,
      read: { title: shown, modifiedGmt: 'b', sentAt: 30, answeredAt: 35 }, ...(typeof met === 'string' ? { met: { title: met, modifiedGmt: 'c' } } : {}),
    }),
  ];
}

const stale = (list: Write[]) => staleReads(list).map((each) => each.update);

describe('stale reads in the fault harness', () => {
  it('a read may show the earlier write or not while its outcome is unknown, and an update on the older one may meet it (412)', () => {
    for (const outcome of ['unknown', 'undetermined'] as const) {
      expect(stale(records(outcome, 'made', 'earlier')), outcome).toEqual([]);
      expect(stale(records(outcome, 'made')), outcome).toEqual([]);
      expect(stale(records(outcome, 'earlier')), outcome).toEqual([]);
    }
  });

  it('a read that does not show an acknowledged write is stale, with or without a 412 after it', () => {
    expect(stale(records('acknowledged', 'made'))).toEqual(['this']);
    expect(stale(records('acknowledged', 'made', 'earlier'))).toEqual(['this']);
    expect(stale(records('acknowledged', 'earlier'))).toEqual([]);
  });

  it('a read that shows a refused write is stale', () => {
    expect(stale(records('refused', 'earlier'))).toEqual(['this']);
    expect(stale(records('refused', 'made'))).toEqual([]);
  });

  it('a 412 that no write of unknown outcome explains is counted', () => {
    // It met the very version it read, a write it had already seen, its own marker, or nothing named.
    expect(stale(records('acknowledged', 'earlier', 'earlier'))).toEqual(['this']);
    expect(stale(records('unknown', 'earlier', 'earlier'))).toEqual(['this']);
    expect(stale(records('unknown', 'earlier', 'made'))).toEqual(['this']);
    expect(stale(records('unknown', 'made', 'this'))).toEqual(['this']);
    expect(stale(records('refused', 'made', 'earlier'))).toEqual(['this']);
    expect(stale(records('unknown', 'made', null))).toEqual(['this']);
  });

  it('a write of unknown outcome sent before an acknowledged one cannot be shown after it', () => {
    const list = records('acknowledged', 'lost');
    list.splice(1, 0, write({ kind: 'update', marker: 'lost', outcome: 'unknown', sentAt: 7, answeredAt: 9, post: POST }));
    expect(stale(list)).toEqual(['this']);
  });
});
