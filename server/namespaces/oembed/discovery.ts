// oEmbed discovery: a page names its own oEmbed endpoint in a <link rel="alternate">
// element of its head (JSON preferred over XML).
import { Parser } from 'htmlparser2';

export interface DiscoveredLinks {
  json?: string;
  xml?: string;
}

export function discoverLinks(html: string, pageUrl: URL): DiscoveredLinks {
  const found: DiscoveredLinks = {};
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== 'link' || !/\balternate\b/i.test(attributes.rel ?? '') || !attributes.href) return;
      const type = (attributes.type ?? '').toLowerCase();
      const href = new URL(attributes.href, pageUrl).toString();
      if (type === 'application/json+oembed') found.json ??= href;
      else if (type === 'text/xml+oembed') found.xml ??= href;
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return found;
}
