// How a post in a connected site's copy names a synced pattern the copy made itself. A copy's
// `{"ref":N}` names the site's pattern N (a pulled post's markup travels byte for byte), so the
// copy's own id cannot be used as well: it is a number the site may use for another pattern, now
// or after a later pull (ids here and there are counted apart, and a copy's ids share one sequence
// with its posts, pages and media, so no range of them can be kept for patterns). A pattern of the
// copy is named above every id a site reaches instead (a site counts its items one by one: no site
// comes near a million billion), and stays within the numbers JSON and JavaScript read exactly.
// The push names it by its id there once the site holds it (electron/remote/push/pattern-refs.ts).

/** References from here on name a pattern of the copy, by its id here added to this. */
const OWN_PATTERN_BASE = 10 ** 15;

/** The reference a post in a copy holds for the copy's pattern `id`. */
export function ownPatternRef(id: number): number {
  return OWN_PATTERN_BASE + id;
}

/** The copy's pattern a reference names, by its id here; undefined where it names the site's pattern. */
export function ownPatternOf(ref: number): number | undefined {
  return ref > OWN_PATTERN_BASE ? ref - OWN_PATTERN_BASE : undefined;
}
