// `_embed`: resolve a response's embeddable links in-process and put the results under
// `_embedded`, as the reference API does (context `embed`, errors embedded as they are).
import qs from 'qs';
import type { RestResponse } from './types.ts';
import { parseList } from './schema.ts';

type Fetch = (path: string, query: Record<string, unknown>) => Promise<RestResponse>;
interface Link {
  href: string;
  embeddable?: boolean;
}

export async function embedLinks(body: unknown, embedParam: unknown, fetch: Fetch, apiRoot: string): Promise<unknown> {
  const wanted = parseList(embedParam).map(String);
  const only = wanted.length > 0 && !(wanted.length === 1 && ['1', 'true'].includes(wanted[0])) ? new Set(wanted) : null;
  const cache = new Map<string, Promise<unknown>>();
  const embedOne = async (item: unknown): Promise<unknown> => {
    if (typeof item !== 'object' || item === null || !('_links' in item)) return item;
    const links = (item as { _links: Record<string, Link[]> })._links;
    const embedded: Record<string, unknown[]> = {};
    for (const [rel, entries] of Object.entries(links)) {
      if (only && !only.has(rel)) continue;
      const targets = entries.filter((entry) => entry.embeddable);
      if (targets.length === 0) continue;
      embedded[rel] = await Promise.all(targets.map((entry) => resolve(entry.href)));
    }
    return Object.keys(embedded).length > 0 ? { ...item, _embedded: embedded } : item;
  };
  const resolve = (href: string): Promise<unknown> => {
    let pending = cache.get(href);
    if (!pending) {
      pending = fetchHref(href);
      cache.set(href, pending);
    }
    return pending;
  };
  const fetchHref = async (href: string): Promise<unknown> => {
    if (!href.startsWith(apiRoot)) return null;
    const [path, search = ''] = href.slice(apiRoot.length - 1).split('?');
    const query = { ...qs.parse(search), context: 'embed' };
    const response = await fetch(path, query);
    return response.body;
  };
  return Array.isArray(body) ? Promise.all(body.map(embedOne)) : embedOne(body);
}
