// How many connections the system has made on a listening socket that the process has not
// accepted yet, read at the moment it is asked (a stop closes its port only when none is
// queued: closing resets each one, lifecycle.ts). Linux says it in /proc/net/tcp (tcp6): the
// `rx_queue` of a listening socket is its accept queue. Other systems do not: null.
import fs from 'node:fs';
import type net from 'node:net';

const LISTEN_STATE = '0A';
/**
 * About one line of the table at a time (a line of /proc/net/tcp is 150 bytes): the system makes
 * no more of the table than is read, so a look ends as soon as it has the listener's line, and the port can close
 * right after it. Listening sockets come first: a look stops at the first line past them,
 * however many connections follow.
 */
const LINE_BYTES = 150;

interface ListenerLine {
  port: number;
  queued: number;
  inode: string;
}

/** The first of the table's listening sockets that `wanted` accepts, read no further than it. */
function findListener(table: string, wanted: (line: ListenerLine) => boolean): ListenerLine | undefined {
  const fd = fs.openSync(table, 'r');
  try {
    const chunk = Buffer.alloc(LINE_BYTES);
    let text = '';
    let header = true;
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, LINE_BYTES, null);
      if (read === 0) return undefined;
      text += chunk.toString('latin1', 0, read);
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n')) {
        const fields = text.slice(0, end).trim().split(/\s+/);
        text = text.slice(end + 1);
        if (header) {
          header = false;
          continue;
        }
        if (fields[3] !== LISTEN_STATE) return undefined;
        const line = { port: parseInt(fields[1]!.split(':')[1]!, 16), queued: parseInt(fields[4]!.split(':')[1]!, 16), inode: fields[9]! };
        if (wanted(line)) return line;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The socket inodes this process holds (its open descriptors). */
function ownSocketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // Closed since the listing.
    }
  }
  return inodes;
}

/**
 * Reads the accept queue of `server`'s listening TCP socket: found once (this process's listening
 * socket on its port), each call then a read of the table's first lines. Null where the system
 * does not say (not Linux, no /proc, a Unix socket).
 */
export function acceptQueue(server: net.Server): (() => number) | null {
  const address = server.address();
  if (address === null || typeof address === 'string') return null;
  const table = address.family === 'IPv6' ? '/proc/net/tcp6' : '/proc/net/tcp';
  let inode: string | undefined;
  try {
    const own = ownSocketInodes();
    inode = findListener(table, (line) => line.port === address.port && own.has(line.inode))?.inode;
    if (inode === undefined) return null;
  } catch {
    return null;
  }
  // A listener no longer in the table (closed meanwhile) has nothing queued; a table that can no
  // longer be read says nothing, and the stop goes on as where it cannot be read.
  return () => {
    try {
      return findListener(table, (line) => line.inode === inode)?.queued ?? 0;
    } catch {
      return 0;
    }
  };
}
