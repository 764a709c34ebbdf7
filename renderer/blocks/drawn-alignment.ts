// WordPress's alignment of a captioned image in classic content (a figure's `class="wp-caption
// alignright"`, a caption shortcode's `align="alignright"`), as the class the editor draws its
// rich block with: WordPress's themes float `.alignleft` and `.alignright` with the words beside
// them and centre `.aligncenter`, and styles.css draws those classes so in classic content (an
// image held as read is drawn with its own class already: held-image.ts).
import { CLASSIC_CAPTION } from './caption-shortcode.ts';
import { CLASSIC_FIGURE } from './classic-figure.ts';

const ALIGNMENT = /(?:^|\s)(align(?:left|right|center))(?:$|\s)/;

/** What aligns each captioned image's rich block, read from its HTML held before its words: the figure's class, the shortcode's align. */
const ALIGNED_BY: Readonly<Record<string, RegExp>> = {
  [CLASSIC_FIGURE]: /^\s*<figure\b[^>]*?\sclass="([^"]*)"/i,
  [CLASSIC_CAPTION]: /^\s*\[caption\b[^\]]*?\salign="([^"]*)"/i,
};

/** The alignment class a rich block of `name` is drawn with (`alignright` …), or none. */
export function drawnAlignment(name: string, before: string): string | null {
  const written = Object.hasOwn(ALIGNED_BY, name) ? ALIGNED_BY[name].exec(before)?.[1] : undefined;
  return written === undefined ? null : (ALIGNMENT.exec(written)?.[1] ?? null);
}
