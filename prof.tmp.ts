import fs from 'node:fs';
import autocannon from 'autocannon';
import { seedPosts } from './bench/seed.ts';
import { startProcess } from './bench/processes.ts';
const dataDir = fs.mkdtempSync('/tmp/prof-site-');
const seeded = seedPosts(dataDir, 10000);
const site = await startProcess(['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'server/cli.ts', '--data', dataDir, '--port', '0']);
const auth = { authorization: `Basic ${Buffer.from(`admin:${seeded.appPassword}`).toString('base64')}` };
let counter = 0;
const r = await autocannon({ connections: 8, duration: 8, url: `${site.url}/cms-json/batch/v1`, method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => { const round = ++counter; return { ...request, body: JSON.stringify({ requests: seeded.batchIds.map((id) => ({ method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: `Updated ${round}` } })) }) }; } }] });
console.log(r.requests.average);
await site.stop();
