// Reads an HTTP Link header (RFC 8288) well enough for discovery: several links, quoted or
// bare parameters, several relation types in one rel.

export interface WebLink {
  href: string;
  rels: string[];
}

const LINK = /<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:"[^"]*"|[^;,\s]*))?)*)/g;
const PARAM = /;\s*([^;,=\s]+)(?:\s*=\s*(?:"([^"]*)"|([^;,\s]*)))?/g;

export function parseLinkHeader(header: string): WebLink[] {
  const links: WebLink[] = [];
  for (const [, href, params] of header.matchAll(LINK)) {
    let rels: string[] = [];
    for (const [, name, quoted, bare] of params.matchAll(PARAM)) {
      if (name.toLowerCase() === 'rel') rels = (quoted ?? bare ?? '').split(/\s+/).filter(Boolean);
    }
    links.push({ href, rels });
  }
  return links;
}

/** The first link with relation `rel`, resolved against the address that sent it. */
export function findLink(header: string | null, rel: string, base: string): string | null {
  if (!header) return null;
  const link = parseLinkHeader(header).find((candidate) => candidate.rels.includes(rel));
  if (!link) return null;
  try {
    return new URL(link.href, base).href;
  } catch {
    return null;
  }
}
