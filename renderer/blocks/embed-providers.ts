// The embed block's providers that the block editor knows an address of (its embed variations
// with patterns, @wordpress/block-library's embed/variations.js, in its order: the first that
// matches wins). tests/unit/media-placeholder.test.ts holds this list to the installed one.

export interface EmbedProvider {
  /** The provider's slug, its embed block's `providerNameSlug`. */
  slug: string;
  patterns: readonly RegExp[];
  /** Its embed is responsive (`responsive: true`), and can be previewed (else `previewable: false`). */
  responsive: boolean;
  previewable: boolean;
}

const provider = (slug: string, patterns: readonly RegExp[], responsive = true, previewable = true): EmbedProvider => ({ slug, patterns, responsive, previewable });

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  provider('twitter', [/^https?:\/\/(www\.)?twitter\.com\/.+/i]),
  provider('youtube', [/^https?:\/\/((m|www)\.)?youtube\.com\/.+/i, /^https?:\/\/youtu\.be\/.+/i]),
  provider('soundcloud', [/^https?:\/\/(www\.)?soundcloud\.com\/.+/i]),
  provider('spotify', [/^https?:\/\/(open|play)\.spotify\.com\/.+/i]),
  provider('flickr', [/^https?:\/\/(www\.)?flickr\.com\/.+/i, /^https?:\/\/flic\.kr\/.+/i]),
  provider('vimeo', [/^https?:\/\/(www\.)?vimeo\.com\/.+/i]),
  provider('animoto', [/^https?:\/\/(www\.)?(animoto|video214)\.com\/.+/i]),
  provider('cloudup', [/^https?:\/\/cloudup\.com\/.+/i]),
  provider('crowdsignal', [/^https?:\/\/((.+\.)?polldaddy\.com|poll\.fm|.+\.crowdsignal\.net|.+\.survey\.fm)\/.+/i]),
  provider('dailymotion', [/^https?:\/\/(www\.)?dailymotion\.com\/.+/i]),
  provider('imgur', [/^https?:\/\/(.+\.)?imgur\.com\/.+/i]),
  provider('issuu', [/^https?:\/\/(www\.)?issuu\.com\/.+/i]),
  provider('kickstarter', [/^https?:\/\/(www\.)?kickstarter\.com\/.+/i, /^https?:\/\/kck\.st\/.+/i]),
  provider('mixcloud', [/^https?:\/\/(www\.)?mixcloud\.com\/.+/i]),
  provider('pocket-casts', [/^https:\/\/pca.st\/\w+/i]),
  provider('reddit', [/^https?:\/\/(www\.)?reddit\.com\/.+/i]),
  provider('reverbnation', [/^https?:\/\/(www\.)?reverbnation\.com\/.+/i]),
  provider('scribd', [/^https?:\/\/(www\.)?scribd\.com\/.+/i]),
  provider('smugmug', [/^https?:\/\/(.+\.)?smugmug\.com\/.*/i], true, false),
  provider('speaker-deck', [/^https?:\/\/(www\.)?speakerdeck\.com\/.+/i]),
  provider('tiktok', [/^https?:\/\/(www\.)?tiktok\.com\/.+/i]),
  provider('ted', [/^https?:\/\/(www\.|embed\.)?ted\.com\/.+/i]),
  provider('tumblr', [/^https?:\/\/(.+)\.tumblr\.com\/.+/i]),
  provider('videopress', [/^https?:\/\/videopress\.com\/.+/i]),
  provider('wordpress-tv', [/^https?:\/\/wordpress\.tv\/.+/i]),
  provider('amazon-kindle', [/^https?:\/\/([a-z0-9-]+\.)?(amazon|amzn)(\.[a-z]{2,4})+\/.+/i, /^https?:\/\/(www\.)?(a\.co|z\.cn)\/.+/i], false),
  provider('pinterest', [/^https?:\/\/([a-z]{2}|www)\.pinterest\.com(\.(au|mx))?\/.*/i], false),
  provider('wolfram-cloud', [/^https?:\/\/(www\.)?wolframcloud\.com\/obj\/.+/i]),
  provider('bluesky', [/^https?:\/\/bsky\.app\/profile\/.+\/post\/.+/i], false),
];

/** The provider whose embed block the block editor makes for `url` (its findMoreSuitableBlock), or undefined. */
export const providerOf = (url: string): EmbedProvider | undefined => EMBED_PROVIDERS.find(({ patterns }) => patterns.some((pattern) => pattern.test(url)));
