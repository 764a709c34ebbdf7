// A TCP proxy in front of PostgreSQL that cuts a connection at its COMMIT, once when told:
// 'after-commit' forwards the COMMIT and cuts as the server answers it (the transaction is
// committed, the client never hears so), 'before-commit' cuts instead of forwarding it (the
// server rolls the transaction back); or, told so, instead of forwarding any next query that
// matches (a server gone as it was sent). Everything else passes through. The site must run in
// another process: its store blocks its own event loop for each query.
import { startTcpRelay } from './tcp-relay.ts';

export type CommitCut = 'after-commit' | 'before-commit';

export interface CommitCuttingProxy {
  /** The database's address through the proxy (no TLS: the proxy reads the queries). */
  url: string;
  /** Arms one cut, at the next COMMIT sent in a query whose text matches `matching`; settles once it is made. */
  cutNextCommit(cut: CommitCut, matching: RegExp): Promise<void>;
  /** Arms one cut instead of forwarding the next query whose text matches `matching`; settles once it is made. */
  cutNextQuery(matching: RegExp): Promise<void>;
  close(): Promise<void>;
}

interface Armed {
  cut: CommitCut;
  /** Whether a chunk the client sent is the query to cut at. */
  isTarget(chunk: Buffer): boolean;
  made(): void;
}

/** A simple-protocol query ending in COMMIT (libpq ends the query's text with a NUL). */
function isCommit(chunk: Buffer, matching: RegExp): boolean {
  const text = chunk.toString('latin1');
  return text.includes('COMMIT\0') && matching.test(text);
}

export async function startCommitCuttingProxy(databaseUrl: string): Promise<CommitCuttingProxy> {
  const target = new URL(databaseUrl);
  let armed: Armed | undefined;
  const relay = await startTcpRelay(Number(target.port), target.hostname, (client, upstream) => {
    for (const socket of [client, upstream]) socket.setNoDelay(true);
    // A reset on one side is passed on as one, as a proxy does: a backend that exits with a query
    // unread (terminated, then paused before it ended) resets its connection, and the site, left
    // connected to the proxy, would wait for an answer that cannot come (its store waits on its
    // loop, with no bound of its own while its peer, the proxy, answers TCP).
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    let cutAtAnswer: (() => void) | undefined;
    client.on('data', (chunk) => {
      const plan = armed;
      if (plan?.isTarget(chunk)) {
        armed = undefined;
        if (plan.cut === 'before-commit') {
          cut();
          plan.made();
          return;
        }
        cutAtAnswer = plan.made;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!cutAtAnswer) {
        client.write(chunk);
        return;
      }
      cut();
      cutAtAnswer();
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(relay.port);
  proxied.searchParams.set('sslmode', 'disable');
  return {
    url: proxied.href,
    cutNextCommit: (cut, matching) => new Promise((made) => (armed = { cut, isTarget: (chunk) => isCommit(chunk, matching), made })),
    cutNextQuery: (matching) => new Promise((made) => (armed = { cut: 'before-commit', isTarget: (chunk) => matching.test(chunk.toString('latin1')), made })),
    close: relay.close,
  };
}
