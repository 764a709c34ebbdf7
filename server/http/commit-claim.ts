// Who may end a request handed to a worker thread: the front thread, by answering 503 when it
// waited too long, or the worker, by committing a write. Exactly one of them wins, through a
// compare-and-swap on memory both threads share, so that a 503 always means nothing was written
// and a committed write is always answered by the worker. The worker's event loop may be held
// by a stalled database: shared memory reaches it where a message would wait behind the stall.

const FREE = 0;
/** Handed to a worker; nothing committed yet. */
const RUNNING = 1;
/** The front answered 503: the worker must not commit. */
const GIVEN_UP = 2;
/** The worker committed (or is committing): the front waits for its answer. */
const COMMITTING = 3;

/** Slots per worker: requests one worker may have in flight at once. */
export const CLAIM_SLOTS = 4096;

export function claimMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(CLAIM_SLOTS * Int32Array.BYTES_PER_ELEMENT);
}

/** The front thread's side: takes a slot per request, and gives a request up only if it has not committed. */
export class ClaimSlots {
  private readonly states: Int32Array;
  private readonly free: number[];

  constructor(memory: SharedArrayBuffer) {
    this.states = new Int32Array(memory);
    this.free = Array.from({ length: CLAIM_SLOTS }, (_, slot) => CLAIM_SLOTS - 1 - slot);
  }

  /** A slot for a request about to be handed over; undefined when all are in use. */
  take(): number | undefined {
    const slot = this.free.pop();
    if (slot !== undefined) Atomics.store(this.states, slot, RUNNING);
    return slot;
  }

  /** True when the request is given up before it committed anything (its writes will be refused). */
  giveUp(slot: number): boolean {
    const before = Atomics.compareExchange(this.states, slot, RUNNING, GIVEN_UP);
    return before === RUNNING || before === GIVEN_UP;
  }

  /** The request is over (answered or given up, and its connection to the worker closed). */
  release(slot: number): void {
    Atomics.store(this.states, slot, FREE);
    this.free.push(slot);
  }
}

/** The worker's side: whether a request may commit now (and, once it has, it may again). */
export function mayCommit(memory: SharedArrayBuffer, slot: number): boolean {
  const states = new Int32Array(memory);
  const before = Atomics.compareExchange(states, slot, RUNNING, COMMITTING);
  return before === RUNNING || before === COMMITTING;
}
