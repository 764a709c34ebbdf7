// The pullquote block (`core/pullquote`): its words and citation are rich text, edited in place;
// its figure and its comment's attributes (colours, alignment, a style) are held as read
// (rich-blocks.ts). Its colours are set from its toolbar.
import type { BlockDefinition } from './block-definition.ts';
import { richBlockReader, type RichFrame } from './rich-blocks.ts';

const NAME = 'core/pullquote';

/** Its words in a paragraph, and a citation the block editor leaves out when it is empty. */
const pullquoteFrame: RichFrame = (html) => {
  const match = /^\s*(<figure [^>]*><blockquote>)<p>([\s\S]*?)<\/p>(?:<cite>([\s\S]*?)<\/cite>)?(<\/blockquote><\/figure>)\s*$/.exec(html);
  if (!match) return null;
  const citation = match[3] === undefined ? [] : [{ open: '<cite>', html: match[3], close: '</cite>', optional: true }];
  return { before: match[1], pieces: [{ open: '<p>', html: match[2], close: '</p>' }, ...citation], after: match[4] };
};

export const pullquoteBlock: BlockDefinition = {
  readers: { [NAME]: richBlockReader(pullquoteFrame) },
  inserter: [{ title: 'Pullquote', keywords: 'quote highlight', markup: '<!-- wp:pullquote -->\n<figure class="wp-block-pullquote"><blockquote><p></p></blockquote></figure>\n<!-- /wp:pullquote -->', after: 'Quote' }],
  colours: { [NAME]: { title: 'Pullquote', text: true, link: true } },
};
