// The oEmbed providers the proxy asks without discovery, as data: URL patterns and their
// endpoints (the common video, audio, social and photo services). A site adds its own
// with `npm run site -- oembed add-provider`.
import type { Store } from '../../store/db.ts';
import { getOption, updateOption } from '../../store/options.ts';

export interface Provider {
  /** A regular expression the embedded URL must match (case-insensitive). */
  pattern: string;
  /** The provider's oEmbed endpoint; `{format}` is replaced with `json`. */
  endpoint: string;
}

export const KNOWN_PROVIDERS: readonly Provider[] = [
  { pattern: '^https?://((m|www)\\.)?youtube\\.com/(watch|playlist|shorts|live)', endpoint: 'https://www.youtube.com/oembed' },
  { pattern: '^https?://youtu\\.be/', endpoint: 'https://www.youtube.com/oembed' },
  { pattern: '^https?://(.+\\.)?vimeo\\.com/', endpoint: 'https://vimeo.com/api/oembed.{format}' },
  { pattern: '^https?://(www\\.)?dailymotion\\.com/', endpoint: 'https://www.dailymotion.com/services/oembed' },
  { pattern: '^https?://dai\\.ly/', endpoint: 'https://www.dailymotion.com/services/oembed' },
  { pattern: '^https?://(www\\.)?flickr\\.com/', endpoint: 'https://www.flickr.com/services/oembed/' },
  { pattern: '^https?://flic\\.kr/', endpoint: 'https://www.flickr.com/services/oembed/' },
  { pattern: '^https?://(www\\.)?smugmug\\.com/', endpoint: 'https://api.smugmug.com/services/oembed/' },
  { pattern: '^https?://(www\\.)?scribd\\.com/(doc|document)/', endpoint: 'https://www.scribd.com/services/oembed' },
  { pattern: '^https?://(www\\.)?(twitter|x)\\.com/\\w{1,15}/status(es)?/', endpoint: 'https://publish.twitter.com/oembed' },
  { pattern: '^https?://(www\\.)?soundcloud\\.com/', endpoint: 'https://soundcloud.com/oembed' },
  { pattern: '^https?://(open|play)\\.spotify\\.com/', endpoint: 'https://embed.spotify.com/oembed/' },
  { pattern: '^https?://(www\\.)?mixcloud\\.com/', endpoint: 'https://app.mixcloud.com/oembed/' },
  { pattern: '^https?://(www\\.|embed\\.)?ted\\.com/talks/', endpoint: 'https://www.ted.com/services/v1/oembed.{format}' },
  { pattern: '^https?://(www\\.)?speakerdeck\\.com/', endpoint: 'https://speakerdeck.com/oembed.{format}' },
  { pattern: '^https?://(www\\.)?issuu\\.com/.+/docs/', endpoint: 'https://issuu.com/oembed_wp' },
  { pattern: '^https?://(www\\.)?kickstarter\\.com/projects/', endpoint: 'https://www.kickstarter.com/services/oembed' },
  { pattern: '^https?://(www\\.)?reddit\\.com/r/[^/]+/comments/', endpoint: 'https://www.reddit.com/oembed' },
  { pattern: '^https?://(www\\.)?tiktok\\.com/', endpoint: 'https://www.tiktok.com/oembed' },
  { pattern: '^https?://(www\\.)?pinterest\\.[a-z.]+/', endpoint: 'https://www.pinterest.com/oembed.json' },
  { pattern: '^https?://(www\\.)?tumblr\\.com/', endpoint: 'https://www.tumblr.com/oembed/1.0' },
  { pattern: '^https?://(.+\\.)?imgur\\.com/', endpoint: 'https://api.imgur.com/oembed' },
  { pattern: '^https?://videopress\\.com/v/', endpoint: 'https://public-api.wordpress.com/oembed/?for=inkwell' },
  { pattern: '^https?://(www\\.)?amazon\\.[a-z.]+/', endpoint: 'https://read.amazon.com/kp/api/oembed' },
];

const OPTION = 'oembed_providers';

export function siteProviders(store: Store): Provider[] {
  return getOption<Provider[]>(store, OPTION) ?? [];
}

/** Adds a provider for this site; checked so that a bad pattern cannot break the proxy. */
export function addSiteProvider(store: Store, provider: Provider): void {
  new RegExp(provider.pattern, 'i');
  new URL(provider.endpoint.replace('{format}', 'json'));
  updateOption<Provider[]>(store, OPTION, [], (providers) => [...providers.filter((known) => known.pattern !== provider.pattern), provider]);
}

/** The site's own providers come first, so a site can override a known one. */
export function providerFor(store: Store, url: string): Provider | undefined {
  return [...siteProviders(store), ...KNOWN_PROVIDERS].find((provider) => new RegExp(provider.pattern, 'i').test(url));
}
