// A TCP proxy that holds every chunk `delayMs` in each direction: the database in another zone
// or behind a pooler, as issue 31 measures it (bench:api --delay-ms). Chunks keep their order;
// Node's timers make 1 ms the least delay it can add. Run as its own process (startDelayProxy
// in bench/api.ts), so that the load generator's loop does not delay it further:
// DELAY_TARGET_PORT=5432 DELAY_MS=1 node --import tsx bench/delay-proxy.ts
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** Copies `from` into `to`, each chunk `delayMs` later than it came. */
function delayedPipe(from: net.Socket, to: net.Socket, delayMs: number): void {
  from.on('data', (chunk) => setTimeout(() => to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
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
