// A real SMTP server (smtp-server) on loopback for the tests of the contact forms' mail: it keeps
// what it received, refuses the recipients it is told to, requires a login when given one, and
// tells of a connection before it greets and of a message's first bytes (where a test may stop
// the site that connected).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

interface SmtpOptions {
  /** Recipients this server refuses (550). */
  refuse?: string[];
  /** Login this server requires. */
  login?: { user: string; pass: string };
  /** Asked as a client connects, before the greeting: a promise it answers is awaited, then the connection closed unanswered (nothing received). */
  beforeGreeting?: () => Promise<void> | undefined;
  /** Awaited as the first bytes of a message's data arrive; the message is then refused (nothing received). */
  onDataBytes?: () => Promise<void>;
}

export async function startSmtp(options: SmtpOptions = {}) {
  const received: Received[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    onConnect(_session, callback) {
      const held = options.beforeGreeting?.();
      if (!held) return callback();
      void held.then(() => callback(Object.assign(new Error('Closed before the greeting'), { responseCode: 421 })));
    },
    disabledCommands: options.login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.login,
    allowInsecureAuth: true,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username === options.login?.user && auth.password === options.login?.pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) callback(Object.assign(new Error(`No such mailbox: ${address.address}`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const { onDataBytes } = options;
      if (onDataBytes) {
        stream.once('data', () => void onDataBytes().then(() => callback(Object.assign(new Error('Not taken'), { responseCode: 451 }))));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        for (const wait of waiting.filter((each) => received.length >= each.count)) wait.resolve();
      });
    },
  });
  // A client that dies (the site killed by a test) resets its connection: nothing to tell.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`, port, received,
    /** Settles once `count` messages in all have been received. */
    receivedCount: (count: number) => new Promise<void>((resolve) => (received.length >= count ? resolve() : waiting.push({ count, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

