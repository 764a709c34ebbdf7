// The floor of the API benchmark: a bare node:http server answering fixed bytes, the same
// bytes the site answered for the list and single-item cases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const bodies: Record<string, Buffer> = {
  '/list': Buffer.from(process.env.FLOOR_LIST ?? '[]'),
  '/single': Buffer.from(process.env.FLOOR_SINGLE ?? '{}'),
};

const server = http.createServer((req, res) => {
  const body = bodies[req.url ?? ''] ?? Buffer.from('{}');
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`Floor ready at http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
