// Which addresses post HTML may hold: the reference site's allowed URL protocols and the
// attributes it reads as addresses. The site's HTML filter (server/content/html-filter.ts)
// drops the others from what people without `unfiltered_html` write; the editor drops them from
// what its page shows of a post (renderer/blocks/inert-html.ts), whoever wrote it.

/** URL schemes a link or a source may use (the reference's `wp_allowed_protocols()`). */
export const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set([
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed',
  'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
]);

/** Attributes whose value is a URL (the reference's `wp_kses_uri_attributes()`). */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'action', 'archive', 'background', 'cite', 'classid', 'codebase', 'data', 'formaction', 'href', 'icon',
  'longdesc', 'manifest', 'poster', 'profile', 'src', 'usemap', 'xmlns',
]);

/** Whether a URL has no scheme or an allowed one. Browsers skip controls and spaces inside a scheme, so the check does too. */
export function hasAllowedProtocol(url: string): boolean {
  const scheme = /^([^:/?#]+):/.exec(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
  return !scheme || ALLOWED_PROTOCOLS.has(scheme[1]!.toLowerCase());
}
