// The fault harness's instances (issue 31): instances of the site on one database behind nginx
// as docs/standalone-site.md sets them up (deploy/nginx-inkwell.conf, --url of nginx, nginx trusted), each
// started again on its own port after a fault, as nginx's upstream lists it.
import fs from 'node:fs';
import type { InstanceSet, SiteInstance } from './instances.ts';
import { startProxy, type Proxy } from './nginx.ts';
import { freePort } from './free-port.ts';

export interface Fleet {
  proxy: Proxy;
  /** The API root through nginx. */
  api: string;
  /** The instances by their slot in nginx's upstream. */
  running: SiteInstance[];
  /** Starts the instance of `slot` again, on its port, with its options. */
  restart(slot: number): Promise<SiteInstance>;
  stop(): Promise<void>;
}

/** One instance per entry of `shapes` (its own options: `--workers 2` …), and nginx in front. */
export async function behindNginx(instances: InstanceSet, shapes: readonly string[][]): Promise<Fleet> {
  const proxyPort = await freePort();
  const options = shapes.map((shape) => [...shape, '--url', `http://127.0.0.1:${proxyPort}`, '--trusted-proxy', '127.0.0.1']);
  const running = await Promise.all(options.map((each) => instances.start(...each)));
  const proxy = await startProxy(running.map((instance) => instance.port), proxyPort);
  return {
    proxy,
    api: `${proxy.url}/cms-json/`,
    running,
    async restart(slot) {
      running[slot] = await instances.start('--port', String(running[slot]!.port), ...options[slot]!);
      return running[slot]!;
    },
    stop: () => proxy.stop(),
  };
}

/** The upstream's fail_timeout in the nginx configuration of docs/standalone-site.md: how long nginx sends nothing to an instance it saw refuse. */
export function nginxFailTimeoutMs(): number {
  return Number(/fail_timeout=(\d+)s/.exec(fs.readFileSync('deploy/nginx-inkwell.conf', 'utf8'))![1]) * 1000;
}
