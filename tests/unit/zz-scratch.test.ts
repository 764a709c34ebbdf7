// @vitest-environment jsdom
import { it } from 'vitest';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
const openEditor = editorsForFile();
const LEAD = 'Lead words.';
function converted(html: string) {
  const editor = openEditor(`${LEAD}\n\n${html}`);
  editor.commands.setTextSelection(3);
  editor.commands.convertClassicToBlocks();
  const ours = docToMarkup(editor.state.doc);
  openEditor.done(editor);
  const wp = blockEditor();
  return { ours, theirs: quietly(() => wp.serialize(wp.rawHandler({ HTML: `<p>${LEAD}</p>\n${html}` }))) };
}
const IMG = '<img class="alignnone size-full wp-image-7" src="https://example.com/photo.jpg" alt="x" width="300" height="200" />';
it('explores', () => {
  for (const html of (process.env.CASES ?? '').split('\n').filter(Boolean).map((c) => c.replace('IMG', IMG))) {
    const doc = JSON.stringify(markupToDoc(`${LEAD}\n\n${html}`));
    const { ours, theirs } = converted(html);
    console.log(`=== ${html}\nunknown: ${doc.includes('unknownBlock')}\nEQUAL: ${ours === theirs}\nOURS:\n${ours}\nTHEIRS:\n${theirs}`);
  }
});
