// A port free on loopback at this moment, for a server that must be told its port up front.
// Never the same port twice in one test process: several instances started at once each ask
// for one before any of them listens, and the system may offer a just-closed port again.
import net from 'node:net';

const handedOut = new Set<number>();

function askTheSystem(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function freePort(): Promise<number> {
  for (;;) {
    const port = await askTheSystem();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
