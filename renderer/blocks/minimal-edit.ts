// An edited block written as its source with only the writer's change in it: the change
// between the markup the editor wrote for the block as read and the markup it writes now is
// found, placed in the source at the same place in the text (tags, spacing and entity
// spelling around it stay as they were read; a tag changed, elements inserted before one or put
// around one are placed at that tag of the source, a format added or taken off over words where
// those words are), and taken only when the editor reads the
// patched source back into exactly the block it now holds (in classic content, an insertion, a
// block put in a quote, also when it reads back as the block written anew would, but for the
// spacing between tags). Else the block is written anew.

import { diffArrays } from 'diff';

/** A piece of HTML: a tag or comment, a run of whitespace, or one character of text (an entity counts as one). */
interface Token { kind: 'tag' | 'space' | 'char'; start: number; end: number }

/** HTML's own whitespace (a no-break space is text, whether written as a character or an entity). */
const TOKEN = /<!--[\s\S]*?-->|<[^>]*>|[ \t\n\r\f]+|&#?[a-zA-Z0-9]+;|[\s\S]/gu;

function tokens(html: string): Token[] {
  return [...html.matchAll(TOKEN)].map((match) => {
    const text = match[0];
    const kind = text.startsWith('<') && text.length > 1 ? 'tag' : /^[ \t\n\r\f]/.test(text) ? 'space' : 'char';
    return { kind, start: match.index, end: match.index + text.length };
  });
}

/** The index of the token holding offset `at`, or the count when past the end. */
function tokenAt(list: Token[], at: number): number {
  const index = list.findIndex((token) => token.end > at);
  return index === -1 ? list.length : index;
}

const charsBefore = (list: Token[], index: number) => list.slice(0, index).filter((token) => token.kind === 'char').length;

/** The offset in `source` after its `count`-th text character, followed by tokens shaped like `shape` (the tags and spacing before the change). */
function placeInSource(source: Token[], count: number, shape: Token[]): number | null {
  let index = 0;
  for (let seen = 0; seen < count; index++) {
    if (index >= source.length) return null;
    if (source[index].kind === 'char') seen++;
  }
  let at = index === 0 ? 0 : source[index - 1].end;
  for (const token of shape) {
    if (source[index]?.kind !== token.kind) break;
    at = source[index++].end;
  }
  return at;
}

/**
 * For a change right after a tag of `canonical` (spacing between aside), the offset in `source`
 * after that same tag (the same count of its element's tags in) and its spacing there, when as many
 * characters stand before it: the tags and spacing before that tag may be written otherwise there
 * (a Classic block's comment, a paragraph the line is written in, line breaks).
 */
function afterSameTag(source: string, sourceTokens: Token[], canonicalTokens: Token[], canonical: string, first: number, count: number): number | null {
  let before = first - 1;
  while (before >= 0 && canonicalTokens[before].kind === 'space') before--;
  const tag = before >= 0 && canonicalTokens[before].kind === 'tag' ? sameTagInSource(source, canonicalTokens, canonical, before) : null;
  if (!tag) return null;
  let index = tokenAt(sourceTokens, tag.start);
  if (charsBefore(sourceTokens, index) !== count) return null;
  let at = tag.end;
  for (index++; before + 1 < first && sourceTokens[index]?.kind === 'space'; before++) at = sourceTokens[index++].end;
  return before + 1 === first ? at : null;
}

/** The offset in `source` after `count` more text characters from `from`. */
function afterChars(source: Token[], from: number, count: number): number | null {
  let index = tokenAt(source, from);
  let at = from;
  for (let seen = 0; seen < count; index++) {
    if (index >= source.length) return null;
    if (source[index].kind === 'char') seen++;
    at = source[index].end;
  }
  return at;
}

/** How many tags end `html`, after its last character (spacing between them aside). */
function trailingTags(html: string): number {
  const list = tokens(html);
  let count = 0;
  for (let index = list.length - 1; index >= 0 && list[index].kind !== 'char'; index--) if (list[index].kind === 'tag') count++;
  return count;
}

/** The offset in `source` after `count` more tags from `from` (none past a character). */
function afterTags(source: Token[], from: number, count: number): number {
  let index = tokenAt(source, from);
  let at = from;
  for (let seen = 0; seen < count && index < source.length && source[index].kind === 'tag'; index++, seen++) at = source[index].end;
  return at;
}

/** A tag's element, `/` before it for a closing tag. */
const tagName = (html: string, token: Token) => /^<(\/?[a-zA-Z][a-zA-Z0-9]*)/.exec(html.slice(token.start, token.end))?.[1].toLowerCase() ?? null;

/** The tag of `source` that is the `index`-th token of `canonical`: the same count of its element's tags in, or null. */
function sameTagInSource(source: string, canonicalTokens: Token[], canonical: string, index: number): Token | null {
  const tag = canonicalTokens[index];
  const name = tag?.kind === 'tag' ? tagName(canonical, tag) : null;
  if (name === null) return null;
  const count = canonicalTokens.slice(0, index).filter((token) => token.kind === 'tag' && tagName(canonical, token) === name).length;
  return tokens(source).filter((token) => token.kind === 'tag' && tagName(source, token) === name)[count] ?? null;
}

/**
 * `source` with a change inside one tag of `canonical` (an image's text alternative or class, a
 * link's address: the change from `first` to `end`) in it: that tag of the source written as the
 * editor writes it now, the rest as read.
 */
function patchedTag(source: string, canonicalTokens: Token[], canonical: string, written: string, first: number, end: number, reread: (patched: string) => string | null): string | null {
  const tag = canonicalTokens[first];
  const sourceTag = sameTagInSource(source, canonicalTokens, canonical, first);
  if (!tag || !sourceTag || end > tag.end) return null;
  const writtenTag = written.slice(tag.start, tag.end + written.length - canonical.length);
  if (!/^<[^<>]*>$/.test(writtenTag) || tagName(writtenTag, { kind: 'tag', start: 0, end: writtenTag.length }) !== tagName(canonical, tag)) return null;
  const patched = `${source.slice(0, sourceTag.start)}${writtenTag}${source.slice(sourceTag.end)}`;
  return reread(patched) === written ? patched : null;
}

/**
 * `source` with elements inserted before one tag of `canonical` (a list's new item with its
 * spacing, before the next item or the list's closing tag) in it, before that tag of the source:
 * the change reads as the start of the tag (`removed`) made the elements and that start.
 */
function patchedInsertion(source: string, canonicalTokens: Token[], canonical: string, written: string, first: number, change: { removed: string; inserted: string }, reread: (patched: string) => string | null): string | null {
  const elements = change.inserted.slice(0, change.inserted.length - change.removed.length);
  const sourceTag = sameTagInSource(source, canonicalTokens, canonical, first);
  if (!sourceTag || !change.inserted.endsWith(change.removed) || !/^\s*<[\s\S]*>\s*$/.test(elements)) return null;
  const patched = `${source.slice(0, sourceTag.start)}${elements}${source.slice(sourceTag.start)}`;
  return reread(patched) === written ? patched : null;
}

/**
 * `source` with elements put around one tag of `canonical` (a link around an image), that tag
 * maybe changed too (the image's attributes chosen before), in it: around that tag of the source,
 * the tag written as the editor writes it now. The change reads as that tag (whole tokens around
 * the change) become the elements' opening tags, the tag and their closing tags.
 */
function patchedWrap(source: string, canonicalTokens: Token[], canonical: string, written: string, change: { start: number; end: number }, reread: (patched: string) => string | null): string | null {
  const first = tokenAt(canonicalTokens, change.start);
  const tag = canonicalTokens[first];
  const name = tag?.kind === 'tag' ? tagName(canonical, tag) : null;
  if (first !== tokenAt(canonicalTokens, Math.max(change.start, change.end - 1)) || !tag || name === null || name.startsWith('/')) return null;
  const inserted = written.slice(tag.start, written.length - (canonical.length - tag.end));
  const wrapped = new RegExp(`^((?:<[^<>]*>)+?)(<${name}(?:\\s[^<>]*)?>)((?:<[^<>]*>)*)$`, 'i').exec(inserted);
  const sourceTag = sameTagInSource(source, canonicalTokens, canonical, first);
  if (!wrapped || !sourceTag) return null;
  // (The tag unchanged stays as read.)
  const own = wrapped[2] === canonical.slice(tag.start, tag.end) ? source.slice(sourceTag.start, sourceTag.end) : wrapped[2];
  const patched = `${source.slice(0, sourceTag.start)}${wrapped[1]}${own}${wrapped[3]}${source.slice(sourceTag.end)}`;
  return reread(patched) === written ? patched : null;
}

/** How many of each tag (its element's name, `/` before a closing tag's) `html` holds. */
function tagCounts(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens(html)) {
    const name = token.kind === 'tag' ? tagName(html, token) : null;
    if (name !== null) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/**
 * Whether `patched` adds to `source` no tag beyond those `written` adds to `canonical`. (Two changes
 * apart are placed as one over what lies between them; where the source writes that otherwise, as a
 * classic post without the paragraphs the site forms, the patch would write the canonical tags there,
 * a `</p>` closing nothing, which reads back the same. A tag the source spells otherwise, `<b>` for
 * `<strong>`, may still be taken off.)
 */
function addsNoOtherTag(source: string, patched: string, canonical: string, written: string): boolean {
  const [before, after, read, now] = [source, patched, canonical, written].map(tagCounts);
  return [...after.keys()].every((name) => (after.get(name) ?? 0) - (before.get(name) ?? 0) <= Math.max(0, (now.get(name) ?? 0) - (read.get(name) ?? 0)));
}

/** Whether `patched` adds to and takes from `source` the tags `written` adds to and takes from `canonical`, no other. */
function changesNoOtherTag(source: string, patched: string, canonical: string, written: string): boolean {
  const [before, after, read, now] = [source, patched, canonical, written].map(tagCounts);
  return [...new Set([...before.keys(), ...after.keys()])].every((name) => (after.get(name) ?? 0) - (before.get(name) ?? 0) === (now.get(name) ?? 0) - (read.get(name) ?? 0));
}

/** At most this many tokens changed when looking for the changes apart (a few changes in a long classic post); more is written anew. */
const MAX_TOKENS_CHANGED = 2_000;

/** The changes from `canonical` to `written` apart from one another (their offsets in each), found over whole tokens; null past the limit. */
function changesApart(canonical: string, written: string): { from: [number, number]; to: [number, number] }[] | null {
  const [a, b] = [tokens(canonical), tokens(written)];
  const parts = diffArrays(a.map((token) => canonical.slice(token.start, token.end)), b.map((token) => written.slice(token.start, token.end)), { maxEditLength: MAX_TOKENS_CHANGED });
  if (!parts) return null;
  // (Past the last token: the end of the markup.)
  const startOf = (list: Token[], index: number, html: string) => list[index]?.start ?? html.length;
  const changes: { from: [number, number]; to: [number, number] }[] = [];
  let [i, j] = [0, 0];
  let open: { i: number; j: number } | null = null;
  const close = () => {
    if (open) changes.push({ from: [startOf(a, open.i, canonical), startOf(a, i, canonical)], to: [startOf(b, open.j, written), startOf(b, j, written)] });
    open = null;
  };
  for (const part of parts) {
    if (!part.added && !part.removed) {
      close();
      i += part.count;
      j += part.count;
      continue;
    }
    open ??= { i, j };
    if (part.removed) i += part.count;
    else j += part.count;
  }
  close();
  return changes;
}

/**
 * `source` with the change from `canonical` to `written` in it, or null when that cannot be
 * done exactly (`reread` is the markup the editor writes for a source it reads). In classic
 * content (`classic`) a format added or taken off over words is placed where those words are, and a
 * change right after a tag at that tag of the source; a block is written anew for those (on its
 * first edit an older form is written in its current one). Changes apart (words typed in two places
 * before a save) that cannot be placed as one are placed one by one in classic content, the last first.
 */
export function patchedSource(source: string, canonical: string, written: string, rereadEach: (patched: string) => string | null, classic = false): string | null {
  // Each candidate is read back once a save: the tries below meet the same ones again (the
  // insertion's second pass, the tries before a tag and after each tag), and reading classic
  // content back is most of a save's cost.
  const reread = readOnceEach(rereadEach);
  const exact = patchedAsWritten(source, canonical, written, reread, classic);
  if (exact !== null || !classic || !insertsOnly(canonical, written)) return exact;
  // Classic content written anew need not read back as written (paragraph forming drops the empty
  // line the editor leaves after a block put in a quote, and spaces the tags it forms around): an
  // insertion placed in the source that reads back as the markup written anew would, but for the
  // spacing between tags, is saved instead, the rest of the source as read.
  const anew = reread(written);
  return anew === null ? null : patchedAsWritten(source, canonical, written, (patched) => (sameButSpacing(reread(patched), anew) ? written : null), classic);
}

/** `read`, each markup read once: what it gave the first time given again. */
function readOnceEach(read: (markup: string) => string | null): (markup: string) => string | null {
  const readings = new Map<string, string | null>();
  return (markup) => {
    if (!readings.has(markup)) readings.set(markup, read(markup));
    return readings.get(markup) ?? null;
  };
}

/** Whether `written` is `canonical` with something inserted in one place (nothing of it removed). */
function insertsOnly(canonical: string, written: string): boolean {
  let prefix = 0;
  while (prefix < canonical.length && canonical[prefix] === written[prefix]) prefix++;
  return written.endsWith(canonical.slice(prefix)) && written.length > canonical.length;
}

/** Whether two markups are the same but for the spacing between their tags. */
const sameButSpacing = (markup: string | null, other: string) => markup !== null && markup.replace(/>\s+</g, '><') === other.replace(/>\s+</g, '><');

/** `source` with the change from `canonical` to `written` in it, read back exactly as `written` (patchedSource). */
function patchedAsWritten(source: string, canonical: string, written: string, reread: (patched: string) => string | null, classic: boolean): string | null {
  const whole = patchedOnce(source, canonical, written, reread, classic);
  if (whole !== null && addsNoOtherTag(source, whole, canonical, written)) return whole;
  // (In classic content the same insertion seen before the tag it ends like: `<p></p>` before a paragraph's `<p>`, where the source writes no `<p>` to open a paragraph after.)
  const beforeTag = classic ? patchedOnce(source, canonical, written, reread, classic, true) : null;
  if (beforeTag !== null && addsNoOtherTag(source, beforeTag, canonical, written)) return beforeTag;
  const changes = classic ? changesApart(canonical, written) : null;
  if (!changes || changes.length < 2) return null;
  let [current, patched] = [canonical, source];
  for (const { from, to } of changes.reverse()) {
    const next = `${current.slice(0, from[0])}${written.slice(to[0], to[1])}${current.slice(from[1])}`;
    const step = patchedOnce(patched, current, next, reread, classic);
    if (step === null || !addsNoOtherTag(patched, step, current, next)) return null;
    [current, patched] = [next, step];
  }
  return current === written ? patched : null;
}

/**
 * `source` with the change from `canonical` to `written` placed as one change (patchedSource);
 * `beforeTag`: an insertion right after a tag it ends with placed before that tag instead.
 */
function patchedOnce(source: string, canonical: string, written: string, reread: (patched: string) => string | null, classic: boolean, beforeTag = false): string | null {
  let prefix = 0;
  const shortest = Math.min(canonical.length, written.length);
  while (prefix < shortest && canonical[prefix] === written[prefix]) prefix++;
  const canonicalTokens = tokens(canonical);
  if (beforeTag) {
    const tag = canonicalTokens[tokenAt(canonicalTokens, prefix) - 1];
    const ownTag = tag?.kind === 'tag' && tag.end === prefix ? canonical.slice(tag.start, tag.end) : null;
    if (ownTag === null || !insertsOnly(canonical, written) || !written.slice(prefix, prefix + written.length - canonical.length).endsWith(ownTag)) return null;
    prefix = tag.start;
  }
  // The change starts and ends on whole tokens of the markup as read (an entity is not cut in two).
  let first = tokenAt(canonicalTokens, prefix);
  if (first < canonicalTokens.length && canonicalTokens[first].kind !== 'space' && canonicalTokens[first].start < prefix) prefix = canonicalTokens[first].start;
  else if (first < canonicalTokens.length && canonicalTokens[first].start < prefix) first++;
  // (The same end after the start moved back to a tag's: elements inserted before a tag they begin like, `<hr>` before `<p>`, are an insertion there.)
  let suffix = 0;
  while (suffix < shortest - prefix && canonical[canonical.length - 1 - suffix] === written[written.length - 1 - suffix]) suffix++;
  const removed = canonical.slice(prefix, canonical.length - suffix);
  const inserted = written.slice(prefix, written.length - suffix);
  // A change inside one tag, elements inserted before one or put around one is placed at that tag;
  // in classic content any other change of elements (a format added over words) where its words are, as a change of text.
  if (/[<>]/.test(removed + inserted)) {
    const atTag =
      patchedTag(source, canonicalTokens, canonical, written, first, canonical.length - suffix, reread) ??
      patchedInsertion(source, canonicalTokens, canonical, written, first, { removed, inserted }, reread) ??
      patchedWrap(source, canonicalTokens, canonical, written, { start: prefix, end: canonical.length - suffix }, reread);
    if (atTag !== null || !classic) return atTag;
  }
  const count = charsBefore(canonicalTokens, first);
  // The tags and spacing between the last character before the change and the change.
  let lastChar = first;
  while (lastChar > 0 && canonicalTokens[lastChar - 1].kind !== 'char') lastChar--;
  const shape = canonicalTokens.slice(lastChar, first).filter((token) => token.start < prefix);
  const sourceTokens = tokens(source);
  const placed = (classic ? afterSameTag(source, sourceTokens, canonicalTokens, canonical, first, count) : null) ?? placeInSource(sourceTokens, count, shape);
  const removedChars = tokens(removed).filter((token) => token.kind === 'char').length;
  const patchedAt = (at: number): string | null => {
    const after = afterChars(sourceTokens, at, removedChars);
    if (after === null) return null;
    // The tags the change removed after its last character (a format's closing tag) are the source's next tags.
    const until = afterTags(sourceTokens, after, trailingTags(removed));
    // Spacing the change removed with its characters (a word deleted with the space before it).
    const removedSpace = /[ \t\n\r\f]+$/.exec(removed)?.[0].length ?? 0;
    const leadingSpace = /^[ \t\n\r\f]+/.exec(removed) && removedChars === 0 ? removed.length : 0;
    const end = Math.min(source.length, until + removedSpace + leadingSpace);
    const patched = `${source.slice(0, at)}${inserted}${source.slice(end)}`;
    if (reread(patched) === written) return patched;
    // A line break first in a box of a classic post, which paragraph forming drops (as WordPress shows
    // the post too): after a newline, which it makes a break of its own and drops instead.
    const afterNewline = classic && /^<br\s*\/?>$/.test(inserted) ? `${source.slice(0, at)}\n${inserted}${source.slice(end)}` : null;
    return afterNewline !== null && reread(afterNewline) === written ? afterNewline : null;
  };
  if (placed === null) return null;
  const exact = (patched: string | null) => patched !== null && changesNoOtherTag(source, patched, canonical, written);
  const asPlaced = patchedAt(placed);
  if (!classic || exact(asPlaced)) return asPlaced;
  // In classic content tags the editor reads otherwise may stand there (a more tag's own paragraph in a
  // quote, read as the marker alone, the change placed in it): the change is then tried after each tag
  // up to the next character, for a place that keeps every tag it did not change.
  return offsetsBeforeNextChar(sourceTokens, placed).map(patchedAt).find(exact) ?? asPlaced;
}

/** The offsets in `source` after each tag and run of spacing from `from` up to its next character. */
function offsetsBeforeNextChar(source: Token[], from: number): number[] {
  const offsets: number[] = [];
  for (let index = tokenAt(source, from); index < source.length && source[index].kind !== 'char'; index++) offsets.push(source[index].end);
  return offsets;
}
