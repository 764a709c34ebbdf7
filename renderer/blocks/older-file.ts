// A file written before its download button took the theme's element style
// (`wp-element-button`, WordPress 6.1): the block editor's deprecation adds that class, and
// drops `showDownloadButton: true`, which is the default now. Its PDF preview was labelled
// "Embed of <file name>."; the current save labels it with the file name alone ("PDF embed"
// when there is none).
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { tidyTags } from './older-inner-blocks.ts';

const OLDER_BUTTON_CLASS = ' class="wp-block-file__button"';
const OLDER_EMBED_LABEL = / aria-label="Embed of (.*?)\."/;

/** The file block in its current form, or null when it is not the older form this migration knows. */
export function currentFile(block: ParsedBlock): string | null {
  const { showDownloadButton, ...attributes } = (block.attrs ?? {}) as Record<string, unknown>;
  // Tags an older save or a hand spread over lines are written as the save writes them.
  const html = tidyTags(block.innerHTML.trim());
  if (block.innerBlocks.length > 0 || showDownloadButton === false || html.split(OLDER_BUTTON_CLASS).length !== 2 || !/^<div class="wp-block-file"[^>]*>/.test(html)) return null;
  const current = html.replace(OLDER_BUTTON_CLASS, ' class="wp-block-file__button wp-element-button"').replace(OLDER_EMBED_LABEL, (_label, name: string) => ` aria-label="${name === '' ? 'PDF embed' : name}"`);
  return blockMarkup('file', attributes, current);
}
