// Block comments as the block serializer writes them, and a block's HTML without them: the form
// classic content holds a block in (a Classic block saves plain HTML, and one comment in a classic
// post makes the site take it for blocks and stop forming its paragraphs).

/** A block comment as the block serializer writes it, with the newlines it puts inside the block and between blocks; a self-closing one with its block. */
const BLOCK_COMMENT = /<!-- wp:[a-z][a-z0-9_/-]*(?: \{[\s\S]*?\})? (?:\/-->|-->\n?)|\n?<!-- \/wp:[a-z][a-z0-9_/-]* -->(?:\n\n(?=<!-- wp:))?/g;

/** A block's HTML as classic content holds it: without block comments, its inner blocks' too. */
export function withoutBlockComments(markup: string): string {
  return markup.replace(BLOCK_COMMENT, '');
}
