// An audio or video block captioned before captions had a class of their own (`wp-element-caption`,
// WordPress 6.1): the block editor's save gives the caption that class, the player as it was. One
// without a file (its first form wrote a player with none) becomes an audio block without a file,
// which its save writes nothing for: `<!-- wp:audio /-->`, its comment's attributes kept.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup, richBlockMarkup } from './serialize-blocks.ts';

const OLDER_AUDIO = /^\s*(<figure class="wp-block-audio[^"]*"><audio controls(?: src="[^"]*")?(?: autoplay)?(?: loop)?(?: preload="[a-z]+")?><\/audio>)<figcaption>([\s\S]*)<\/figcaption><\/figure>\s*$/;
/** The video's player with its settings in the order the save writes them. */
const OLDER_VIDEO = /^\s*(<figure class="wp-block-video[^"]*"><video(?: autoplay)? controls(?: loop)?(?: muted)?(?: poster="[^"]*")?(?: preload="[a-z]+")? src="[^"]*"(?: playsinline)?><\/video>)<figcaption>([\s\S]*)<\/figcaption><\/figure>\s*$/;

/** The block with its caption's class, or null when its HTML is not that older form. */
function captioned(block: ParsedBlock, name: string, form: RegExp): string | null {
  const html = form.exec(block.innerHTML);
  if (!html || block.innerBlocks.length > 0 || !html[1].includes(' src="')) return null;
  return blockMarkup(name, block.attrs ?? {}, `${html[1]}<figcaption class="wp-element-caption">${html[2]}</figcaption></figure>`);
}

/** An audio's player without a file, as its first form saved it (no caption: there was none to write without a file). */
const OLDER_AUDIO_WITHOUT_FILE = /^\s*<figure class="wp-block-audio[^"]*"><audio controls(?: autoplay)?(?: loop)?(?: preload="[a-z]+")?><\/audio><\/figure>\s*$/;

/** The audio block in its current form, or null when it is not the older form this migration knows. */
export function currentAudio(block: ParsedBlock): string | null {
  if (block.innerBlocks.length === 0 && OLDER_AUDIO_WITHOUT_FILE.test(block.innerHTML)) return richBlockMarkup('audio', block.attrs ?? {}, '');
  return captioned(block, 'audio', OLDER_AUDIO);
}

/** The video block in its current form, or null when it is not the older form this migration knows. */
export const currentVideo = (block: ParsedBlock) => captioned(block, 'video', OLDER_VIDEO);
