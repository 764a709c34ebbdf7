// Group commit, for both stores: the writes of the requests a store serves close together are
// one transaction of the database (each request's transaction a savepoint of it) with one
// commit, and each answer waits for that commit (Store.serve). On SQLite the commit's cost is
// mostly the write of each page changed, not of each row; on PostgreSQL it is a round trip,
// which the store waits for on the event loop. What is the store's own (its BEGIN, COMMIT and
// ROLLBACK, savepoints, locks, the connection) stays in sqlite-store.ts and postgres-store.ts:
// this keeps when a group is committed and the promise its answers wait for.

/**
 * How long a group waits for more requests' writes after the turn of the event loop that began
 * it: it is committed at the first turn that brings it none, or once it has waited this long.
 * Requests arriving over a few turns (8 connections' do not all land in one poll) then share
 * one commit.
 */
export const GROUP_WAIT_MS = 1;

export class WriteGroup {
  /** Settles once the group's commit is made: rejects with its failure (nothing of it written). */
  readonly committed: Promise<void>;
  private settleWith!: (error?: unknown) => void;
  private settled = false;
  private commitAt: NodeJS.Immediate;
  /** performance.now() when it first looked for more writes, or null. */
  private waitingSince: number | null = null;
  /** Requests' transactions it took in since it last looked. */
  private joined = 0;

  /** `commit` is called on a later turn of the event loop, once requests stop joining (unless the group is settled before). */
  constructor(private readonly commit: () => void) {
    this.committed = new Promise<void>((resolve, reject) => {
      this.settleWith = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Failed with no request waiting (a timer's write): the requests that wrote were answered with the failure already.
    this.committed.catch(() => {});
    this.commitAt = setImmediate(() => this.commitOnceCaughtUp());
  }

  /** A request's transaction joins it. */
  join(): void {
    this.joined++;
  }

  /** Settles the group (once): committed, or failed with `error`. Its planned commit is called off. */
  settle(error?: unknown): void {
    clearImmediate(this.commitAt);
    if (this.settled) return;
    this.settled = true;
    this.settleWith(error);
  }

  /**
   * Run after each turn of the event loop while the group is open: a turn that brought it writes
   * may be followed by requests that arrived meanwhile, so it waits one more turn (which polls
   * for them without blocking), unless it has waited GROUP_WAIT_MS since its first turn ended.
   */
  private commitOnceCaughtUp(): void {
    const now = performance.now();
    this.waitingSince ??= now;
    if (this.joined > 0 && now - this.waitingSince < GROUP_WAIT_MS) {
      this.joined = 0;
      this.commitAt = setImmediate(() => this.commitOnceCaughtUp());
      return;
    }
    this.commit();
  }
}
