// The writes of the requests a PostgreSQL store serves together (postgres-store.ts): one
// transaction on its connection, each request's transaction a savepoint of it, and one COMMIT
// for all of them. The store waits for each round trip on the event loop, so with the database
// a round trip away a COMMIT per request (its own round trip) bounds the writes an instance can
// take; shared, it costs each request a fraction of one. Each answer waits for the commit
// (serve), and a request whose savepoint fails is rolled back to it alone.

/**
 * How long a group waits for more requests' writes after the turn of the event loop that began
 * it: it is committed at the first turn that brings it none, or once it has waited this long
 * (as the SQLite store's group: requests of several connections land over a few turns).
 */
const GROUP_WAIT_MS = 1;

export class PgWriteGroup {
  /** Settles once the group's COMMIT is answered: rejects with its failure (nothing of it written). */
  readonly committed: Promise<void>;
  /** Whether the group's transaction holds the write lock (a request's check-then-write took it): later requests need not take it again. */
  locked = false;
  /** Set once its COMMIT is under way: a failure then is the commit's to tell (its outcome may still be learnt). */
  committing = false;
  private settleWith!: (error?: unknown) => void;
  private settled = false;
  private commitAt: NodeJS.Immediate;
  /** performance.now() when it first looked for more writes, or null. */
  private waitingSince: number | null = null;
  /** Requests' transactions it took in since it last looked. */
  private joined = 0;

  /** `commit` is called on a later turn of the event loop, once requests stop joining. */
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
