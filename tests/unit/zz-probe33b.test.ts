// @vitest-environment jsdom
import { it } from 'vitest';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
const wp = blockEditor();
it('probe', () => {
  for (const extra of [{ lock: { move: true } }, { metadata: { name: 'n' } }, { style: { color: { text: '#123456' } } }, { className: 'x' }, { anchor: 'a' }, { backgroundColor: 'red' }, { layout: { type: 'constrained' } }, { tagName: 'section' }, { isRepeated: true }, {templateLock:'all'}, {allowedBlocks:['core/paragraph']}, {useFeaturedImage:true}, {fontSize:'large'}]) {
    for (const html of ['<section class="wp-block-cover-image has-background-dim" style="background-image:url(https://example.com/s.jpg)"><h2>Sea</h2></section>', '<div class="wp-block-cover-image has-background-dim" style="background-image:url(https://example.com/s.jpg)"><p class="wp-block-cover-image-text">Sea</p></div>']) {
      const m = `<!-- wp:cover-image ${JSON.stringify({ url: 'https://example.com/s.jpg', id: 5, ...extra })} -->\n${html}\n<!-- /wp:cover-image -->`;
      const p = quietly(() => wp.parse(m))[0];
      console.log('R', JSON.stringify(extra), html.slice(1, 8), p.isValid, quietly(() => wp.serialize([p])).split('\n')[0]);
    }
  }
});
