// A TCP relay on a free loopback port, the plumbing the fault proxies share: each connection a
// client makes is paired with one to the target, and the pair handed to `relay`, which decides
// what passes between them. close() cuts every connection still open and stops listening.
import net from 'node:net';

export interface TcpRelay {
  port: number;
  close(): Promise<void>;
}

export async function startTcpRelay(targetPort: number, targetHost: string, relay: (client: net.Socket, upstream: net.Socket) => void): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    relay(client, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
