// Several sites under one server, each whole below a path prefix (the desktop app's copies of
// remote sites at `/sites/<id>/`): a request under a prefix goes to that site's own handler
// with the prefix taken off its URL; any other request goes to the main site.
import type http from 'node:http';
import type { Site } from '../site.ts';

export interface PrefixedSite {
  prefix: string;
  site: Site;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** `handlerFor` is called once per site, on its first request. */
export function routeByPrefix(main: Handler, find: (pathname: string) => PrefixedSite | null, handlerFor: (site: Site) => Handler) {
  const handlers = new WeakMap<Site, Handler>();
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const found = find((req.url ?? '/').split('?')[0]);
    if (!found) return void main(req, res);
    let handler = handlers.get(found.site);
    if (!handler) handlers.set(found.site, (handler = handlerFor(found.site)));
    const rest = (req.url ?? '/').slice(found.prefix.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    void handler(req, res);
  };
}
