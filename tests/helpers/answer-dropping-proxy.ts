// A TCP proxy in front of an instance of the site that, once armed, loses the answer of the
// next request that carries the header `x-drop-answer`: the instance served it (its writes
// committed: an answer waits for its commit), and the connection is closed before a byte of
// the answer reaches the client, as if the instance had died just then. In front of nginx's
// upstreams, nginx sends a PUT or DELETE so lost on to the next instance; a client sees its
// connection closed. One arming is shared by every proxy made with it.
import { startTcpRelay } from './tcp-relay.ts';

export const DROP_ANSWER_HEADER = 'x-drop-answer';

export interface AnswerDropper {
  /** Drops the next answer to a request marked with DROP_ANSWER_HEADER; settles once dropped. */
  armed(): Promise<void>;
}

export interface AnswerDroppingProxy {
  port: number;
  /** Bytes the client sent so far, in chunks: a request passed when it grows. */
  chunksSeen(): number;
  close(): Promise<void>;
}

export function answerDropper(): AnswerDropper & { take(): (() => void) | undefined } {
  let pending: (() => void) | undefined;
  return {
    armed: () => new Promise<void>((resolve) => {
      pending = resolve;
    }),
    /** The arming, taken by the proxy that met the marked request (so no other drops). */
    take() {
      const taken = pending;
      pending = undefined;
      return taken;
    },
  };
}

export async function startAnswerDroppingProxy(targetPort: number, dropper: ReturnType<typeof answerDropper>): Promise<AnswerDroppingProxy> {
  let chunks = 0;
  const marker = Buffer.from(`\r\n${DROP_ANSWER_HEADER}:`, 'latin1');
  const relay = await startTcpRelay(targetPort, '127.0.0.1', (client, upstream) => {
    for (const socket of [client, upstream]) socket.on('error', () => {});
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let dropNext: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      chunks++;
      if (dropNext === undefined && chunk.toString('latin1').toLowerCase().includes(marker.toString('latin1'))) dropNext = dropper.take();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropNext === undefined) {
        client.write(chunk);
        return;
      }
      client.destroy();
      upstream.destroy();
      dropNext();
    });
  });
  return { port: relay.port, chunksSeen: () => chunks, close: relay.close };
}
