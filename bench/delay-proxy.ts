// A TCP proxy that holds every chunk `delayMs` in each direction: the database in another zone
// or behind a pooler, as issue 31 measures it (bench:api --delay-ms). Chunks keep their order.
// Fractions of a millisecond are kept (0.25 each way: a 0.5 ms round trip): Node's timers
// cannot wait less than 1 ms, so a chunk due within 1 ms is waited for by turning the event
// loop (setImmediate), which keeps one core busy while traffic flows. Run as its own process
// (startDelayProxy in bench/api.ts), so that the load generator's loop does not delay it further:
// DELAY_TARGET_PORT=5432 DELAY_MS=0.25 node --import tsx bench/delay-proxy.ts
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** Chunks on their way, in the order they came (each delayed the same): sent when due. */
const due: { at: number; send: () => void }[] = [];
let waking: NodeJS.Immediate | NodeJS.Timeout | null = null;

function sendDue(): void {
  waking = null;
  const now = performance.now();
  while (due.length > 0 && due[0]!.at <= now) due.shift()!.send();
  if (due.length === 0) return;
  const wait = due[0]!.at - now;
  waking = wait >= 1 ? setTimeout(sendDue, Math.floor(wait)) : setImmediate(sendDue);
}

function later(delayMs: number, send: () => void): void {
  due.push({ at: performance.now() + delayMs, send });
  if (waking === null) sendDue();
}

/** Copies `from` into `to`, each chunk `delayMs` later than it came. */
function delayedPipe(from: net.Socket, to: net.Socket, delayMs: number): void {
  from.on('data', (chunk) => later(delayMs, () => to.write(chunk)));
  from.on('end', () => later(delayMs, () => to.end()));
  from.on('error', () => to.destroy());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const targetPort = Number(process.env.DELAY_TARGET_PORT);
  const delayMs = Number(process.env.DELAY_MS ?? 1);
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) socket.setNoDelay(true);
    delayedPipe(client, upstream, delayMs);
    delayedPipe(upstream, client, delayMs);
  });
  server.listen(0, '127.0.0.1', () => console.log(`Delay proxy (${delayMs} ms each way) ready at http://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
  process.on('SIGTERM', () => process.exit(0));
}
