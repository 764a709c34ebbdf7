// An audio block captioned before captions had a class of their own (`wp-element-caption`,
// WordPress 6.1): the block editor's save gives the caption that class.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';

const OLDER_AUDIO = /^\s*(<figure class="wp-block-audio[^"]*"><audio controls(?: src="[^"]*")?(?: autoplay)?(?: loop)?(?: preload="[a-z]+")?><\/audio>)<figcaption>([\s\S]*)<\/figcaption><\/figure>\s*$/;

/** The audio block in its current form, or null when it is not the older form this migration knows. */
export function currentAudio(block: ParsedBlock): string | null {
  const html = OLDER_AUDIO.exec(block.innerHTML);
  if (!html || block.innerBlocks.length > 0 || !html[1].includes(' src="')) return null;
  return blockMarkup('audio', block.attrs ?? {}, `${html[1]}<figcaption class="wp-element-caption">${html[2]}</figcaption></figure>`);
}
