// The front's own view of the writes committed on PostgreSQL (`--workers N`): a connection of
// its own that LISTENs for every instance's announcements (postgres-store.ts sends one with each
// commit). The server pushes a notification to an idle listening connection as the write
// commits, so the front hears of every write committed before a stall began, while the
// database cannot commit anything during one. A round trip (caughtUp) makes that certain when
// the database answers: the notifications committed before it come ahead of its answer.
// Each instance's PostgreSQL store holds one too (postgres-store.ts): what it hears, and
// whether it has heard everything committed before a request came, without a round trip
// that holds the instance's event loop.
import { loadDrivers } from './pg-drivers.ts';
import { boundedConnectionUrl, WRITES_CHANNEL } from './pg-connection.ts';

interface ListeningClient {
  connect(params: string, callback: (error?: Error) => void): void;
  query(text: string, callback: (error?: Error) => void): void;
  on(event: 'notification', listener: (note: { extra: string }) => void): void;
  on(event: 'error', listener: () => void): void;
  end(callback?: () => void): void;
  /** libpq's connection: pg-native reads it whenever it emits 'readable'. */
  pq: { emit(event: 'readable'): void };
}

/** Connections just ended, kept from the garbage collector until libuv has closed their socket watcher (as postgres-store.ts's finish). */
const ending = new Set<ListeningClient>();

function end(client: ListeningClient): void {
  client.end();
  ending.add(client);
  setTimeout(() => ending.delete(client), 1000).unref();
}

export class PgWriteListener {
  /** Changes at every write announced (by any instance) and whenever the connection is made again (some may have been missed). */
  private heard = 0;
  private client: ListeningClient | null = null;
  /** The connection being made, until it listens. */
  private connecting: ListeningClient | null = null;
  private closed = false;
  /** The round trips asked for, one after another (one query at a time on a connection). */
  private roundTrips: Promise<void> = Promise.resolve();
  /**
   * The round trip to be sent once the one before it is answered, shared by every caller that
   * asks meanwhile (it is sent after each of them asked): at most two are outstanding, however
   * many reads ask.
   */
  private nextRoundTrip: Promise<void> | null = null;
  private sent = 0;
  /**
   * Fails the round trip in flight (one at a time): were the connection lost meanwhile,
   * pg-native emits 'error' and never calls it back, and its callers would wait their whole bound.
   */
  private failRoundTrip: (() => void) | null = null;

  /** `onAnnouncement` is told each announcement's payload as it comes; `onListening`, that listening (again) began: what came before was not heard here. */
  constructor(
    private readonly url: string,
    private readonly onAnnouncement?: (payload: string) => void,
    private readonly onListening?: () => void,
  ) {
    this.connect();
  }

  /** The round trips sent so far (caughtUp's; the connections' set-up aside). */
  get roundTripsSent(): number {
    return this.sent;
  }

  /** Whether it is listening now (not connecting it if not). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** What has been heard, or null while not listening (nothing can be vouched for then; listening begins again). */
  get version(): number | null {
    if (!this.client) this.connect();
    return this.client ? this.heard : null;
  }

  /**
   * Resolves true once a round trip asked now is answered (every write committed before now has
   * been heard), false when none came within `ms` (the database is stalled or out of reach).
   */
  caughtUp(ms: number): Promise<boolean> {
    // What came first: a connection the database has ended is lost now, not asked a round trip.
    if (this.client) this.readWhatCame(this.client);
    const client = this.client;
    if (!client) {
      this.connect();
      return Promise.resolve(false);
    }
    if (!this.nextRoundTrip) {
      const next: Promise<void> = this.roundTrips.then(() => {
        // Sent now: whoever asks from here needs one sent later.
        if (this.nextRoundTrip === next) this.nextRoundTrip = null;
        this.sent++;
        return new Promise<void>((done, failed) => {
          this.failRoundTrip = () => failed(new Error('The listening connection was lost.'));
          client.query('SELECT 1', (error) => (error ? failed(error) : done()));
        });
      });
      this.nextRoundTrip = next;
      this.roundTrips = next.catch(() => this.drop(client));
    }
    const answered = this.nextRoundTrip;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => {
      this.readWhatCame(client);
      resolve(false);
    }, ms)));
    return Promise.race([answered.then(() => true, () => false), late]).finally(() => clearTimeout(timer));
  }

  /**
   * Reads what the connection holds now, before a round trip is asked on it and before its
   * silence is taken for a stall: a process held up itself (a loaded machine) runs its timers
   * and its requests before it has read what came meanwhile, and libuv stops watching a socket
   * that failed (a round trip written on a connection the database had ended is answered with
   * a reset) without telling pg-native, which would then wait for ever. A connection that ended
   * is lost here ('error'). Twice: a read of libpq ends with the data it got (the server's last
   * message), and the end of the connection after that data is seen by the next.
   */
  private readWhatCame(client: ListeningClient): void {
    for (let read = 0; read < 2 && this.client === client; read++) client.pq.emit('readable');
  }

  close(): void {
    this.closed = true;
    if (this.client) this.drop(this.client);
  }

  private connect(): void {
    if (this.client || this.connecting || this.closed) return;
    const client = new (loadDrivers().Native as unknown as new () => ListeningClient)();
    this.connecting = client;
    // An error may come while the connection is made too (the server ends it): unheard, it would end the process.
    client.on('error', () => this.lost(client));
    client.connect(boundedConnectionUrl(this.url), (error) => {
      if (error) return this.lost(client);
      client.query(`LISTEN ${WRITES_CHANNEL}`, (listenError) => {
        if (listenError || this.closed || this.connecting !== client) return this.lost(client);
        this.connecting = null;
        client.on('notification', (note) => {
          this.heard++;
          this.onAnnouncement?.(note.extra);
        });
        this.heard++;
        this.client = client;
        this.roundTrips = Promise.resolve();
        this.nextRoundTrip = null;
        this.onListening?.();
      });
    });
  }

  /** A connection that failed, being made or in use: ended once (a later error of it changes nothing). */
  private lost(client: ListeningClient): void {
    if (this.connecting !== client) return this.drop(client);
    this.connecting = null;
    end(client);
  }

  private drop(client: ListeningClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.heard++;
    this.failRoundTrip?.();
    this.failRoundTrip = null;
    end(client);
  }
}
