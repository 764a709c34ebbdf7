// Which addresses the app hands to the system's browser or mail program. Links can come
// from synced remote content, so only web pages and e-mail addresses leave the app: a
// `file:`, `smb:` or custom-scheme link could open a local program or file.
const OUTSIDE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

export function opensOutside(url: string): boolean {
  try {
    return OUTSIDE_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
