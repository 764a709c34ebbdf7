// Debian's nginx in front of instances of the site, run as docs/standalone-site.md says but on loopback:
// deploy/nginx-inkwell.conf with the instances' ports and a free port of its own, inside a
// main configuration whose pid, logs and temp files are in a temp dir; nginx runs in the
// foreground as a child process. Installed with apt when missing (needs root or sudo).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';

const NGINX = '/usr/sbin/nginx';
/** The header nginx adds to each answer here: the addresses of the instances it tried, the one that answered last. */
export const UPSTREAM_HEADER = 'x-upstream-addr';
const SITE_CONFIG = path.resolve('deploy/nginx-inkwell.conf');

export interface Proxy {
  url: string;
  port: number;
  process: ChildProcess;
  /** What nginx logged so far (warnings and errors: why it answered 502). */
  errorLog(): string;
  stop(): Promise<void>;
}

function installNginx(): void {
  if (fs.existsSync(NGINX)) return;
  execFileSync(path.resolve('tests/helpers/install-debian-packages.sh'), ['nginx', 'nginx-light'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The site configuration of docs/standalone-site.md for these instance ports, listening on loopback at `port`. */
export function siteConfig(instancePorts: readonly number[], port: number): string {
  const text = fs.readFileSync(SITE_CONFIG, 'utf8');
  const servers = text.match(/^ {4}server 127\.0\.0\.1:\d+ .*$/gm)!;
  const options = servers[0].replace(/^ {4}server 127\.0\.0\.1:\d+/, '');
  return text
    .replace(servers.join('\n'), instancePorts.map((instancePort) => `    server 127.0.0.1:${instancePort}${options}`).join('\n'))
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
}

/** Starts nginx on `port` in front of the instances listening on `instancePorts`; resolves once it answers. */
export async function startProxy(instancePorts: readonly number[], port?: number): Promise<Proxy> {
  installNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  port ??= await freePort();
  fs.writeFileSync(path.join(dir, 'inkwell.conf'), siteConfig(instancePorts, port));
  const main = [
    'daemon off;',
    // As root nginx would run its workers as nobody, who cannot enter the temp dir.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log off;`,
    // Which instance answered (the last nginx tried): a test tells when nginx sends to one again.
    `  add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
    // nginx closes a client's connection after 1,000 requests by default; a load generator
    // that has already sent the next one counts that as an error of the site.
    '  keepalive_requests 1000000;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${dir}/${name};`),
    `  include ${dir}/inkwell.conf;`,
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  const child = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Ready when it accepts a connection (whatever the instances answer).
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    try {
      await fetch(url, { method: 'HEAD' });
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port,
    process: child,
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
