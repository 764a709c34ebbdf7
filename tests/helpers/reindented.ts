// Block markup re-indented as people and the block editor's fixture documents write it: a line
// break and indentation between two tags where one of them is not part of a line of text, and
// each attribute of an opening tag on a line of its own. The block editor's validator finds the
// result equivalent to the markup (isEquivalentHTML); preformatted text (pre, code, textarea) and
// the blocks whose HTML is their text (verse, preformatted, code, HTML, shortcode, classic) are
// left as written, where whitespace is the writer's.
import { Parser } from 'htmlparser2';
import { AS_WRITTEN, INLINE, PREFORMATTED } from '../../renderer/blocks/equivalent-form.ts';

/** The block named by a block comment's text (`wp:verse {…}`, `/wp:core/verse`), with the core prefix; null for any other comment. */
const commentBlock = (comment: string) => /^\/?wp:([a-z0-9/-]+)/.exec(comment)?.[1]?.replace(/^(?![a-z0-9-]+\/)/, 'core/') ?? null;

interface Tag { name: string; start: number; end: number; opening: boolean }

/** Every tag and block comment outside preformatted text and text-as-written blocks, by place. */
function tags(markup: string): Tag[] {
  const found: Tag[] = [];
  let preformatted = 0;
  let asWritten = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (preformatted === 0 && asWritten === 0) found.push({ name, start: parser.startIndex, end: parser.endIndex + 1, opening: true });
        if (PREFORMATTED.has(name)) preformatted++;
      },
      onclosetag(name, isImplied) {
        if (PREFORMATTED.has(name)) preformatted--;
        if (!isImplied && preformatted === 0 && asWritten === 0) found.push({ name, start: parser.startIndex, end: parser.endIndex + 1, opening: false });
      },
      oncomment(text) {
        const comment = text.trim();
        const name = commentBlock(comment);
        if (name !== null && AS_WRITTEN.has(name) && !comment.endsWith('/')) asWritten += comment.startsWith('/') ? -1 : 1;
        if (asWritten === 0) found.push({ name: '#comment', start: parser.startIndex, end: parser.endIndex + 1, opening: false });
      },
    },
    { decodeEntities: false },
  );
  parser.write(markup);
  parser.end();
  return found;
}

/** An opening tag with each attribute on a line of its own. */
const spreadTag = (tag: string) => (/\s/.test(tag) ? tag.replace(/("[^"]*"|'[^']*')|\s+/g, (_match, quoted: string | undefined) => quoted ?? '\n\t\t').replace(/\s*(\/?>)$/, '\n\t$1') : tag);

/** The markup re-indented: equivalent for the block editor, byte for byte another. */
export function reindented(markup: string): string {
  const found = tags(markup);
  let result = '';
  let written = 0;
  found.forEach((tag, index) => {
    const previous = found[index - 1];
    // Two tags side by side, one of them not in a line of text: formatting may stand between them.
    const adjacent = previous !== undefined && previous.end === tag.start && !(INLINE.has(previous.name) && INLINE.has(tag.name));
    const raw = markup.slice(tag.start, tag.end);
    result += markup.slice(written, tag.start) + (adjacent ? '\n\t' : '') + (tag.opening ? spreadTag(raw) : raw);
    written = tag.end;
  });
  return result + markup.slice(written);
}
