// The block editor's own output opened in Inkwell's editor in Chromium: every core block
// type's example and the writer-set variants (made by @wordpress/blocks), the Privacy Policy
// page and classic posts. For each: every word of it is visible in the editor, a word typed
// in a paragraph at the end is saved, and the block editor's validator finds every saved
// block valid, with every block the edit did not touch byte-identical. Prints, per sample:
// shown, editable, round-trips.
import { beforeAll, expect, it } from 'vitest';
import { splitBlocks } from '../renderer/blocks/split-blocks.ts';
import { corpus, type Sample } from '../tests/helpers/block-editor.ts';
import { checkSaved } from '../tests/helpers/strict-validity.ts';
import { keptText } from '../renderer/blocks/kept-markup.ts';
import { appForFile } from './harness.ts';

// The corpus is made by the block editor, loaded with the session.
const app = appForFile({ blockEditor: true });
let samples: Sample[];
const TYPED = 'Inkwelled';

beforeAll(() => {
  // BLOCK_CORPUS=core/video runs the samples whose name holds that text, to look into one.
  samples = corpus().filter((sample) => sample.name.includes(process.env.BLOCK_CORPUS ?? ''));
});

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
/** What the site shows of markup: a caption shortcode's opening and closing are not shown (its attributes are not words). */
const shownWords = (markup: string) => markup.replace(/\[\/?caption[^\]]*\]/g, '');
const topLevelBlocks = (markup: string) => splitBlocks(markup).flatMap((piece) => (piece.kind === 'block' ? [piece] : []));

it('shows every sample whole, and saves a word typed at the end with every block valid and untouched blocks identical', async () => {
  const { page } = app;
  const rows: string[] = [];
  const problems: string[] = [];
  for (const sample of samples) {
    const post = await app.openPost({ title: sample.name, content: sample.markup });
    const editor = page.getByRole('textbox', { name: 'Content' });
    // Word by word, as the text shows with its spacing taken out (a formula's letters show
    // without spaces, and in mathematical italic: 𝑥 for x). Images' views are drawn by React
    // a moment after the editor: the words are looked for until they show or 5 s pass.
    const expected = words(keptText(shownWords(sample.markup)));
    let hidden: string[] = [];
    const stillHidden = async () => {
      const visible = (await editor.innerText()).normalize('NFKC').replace(/\s+/g, '');
      hidden = expected.filter((word) => !visible.includes(word));
      return hidden.length;
    };
    await expect.poll(stillHidden, { timeout: 5_000 }).toBe(0).catch(() => {});
    const kept = await editor.locator('.unknown-block').count();
    // Focused, not clicked: a click in the middle could land in a block's own field (a spacer's height).
    await editor.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${TYPED}`);
    const saved = (await app.savedPost(post.id)).content.raw ?? '';
    const check = checkSaved(sample.markup, saved);
    // Typing at the end changes the last block only when it is a paragraph the caret went into.
    const blocks = topLevelBlocks(sample.markup);
    const last = blocks[blocks.length - 1];
    const changed = check.changed.filter((source) => !(source === last?.source && last.block.blockName === 'core/paragraph'));
    const roundTrips = check.invalid.length === 0 && changed.length === 0 && saved.includes(TYPED);
    rows.push(`${sample.name} | ${hidden.length === 0 ? 'yes' : 'NO'} | ${kept === 0 ? 'yes' : `NO (${kept} read-only)`} | ${roundTrips ? 'yes' : 'NO'}`);
    if (hidden.length > 0) problems.push(`${sample.name}: not visible: ${hidden.join(' ')}`);
    if (process.env.BLOCK_CORPUS) console.log(`${sample.name}\n--- read:\n${sample.markup}\n--- saved:\n${saved}\n--- shown:\n${await editor.innerText()}`);
    if (!roundTrips) problems.push(`${sample.name}: invalid ${check.invalid.join(', ')}; untouched blocks changed: ${changed.length}; typed word saved: ${saved.includes(TYPED)}`);
  }
  console.log(['sample | shown | editable | round-trips', ...rows].join('\n'));
  console.log(`${samples.length} samples in Chromium: ${rows.filter((row) => row.split(' | ')[1] === 'yes').length} shown whole, ${rows.filter((row) => row.split(' | ')[2] === 'yes').length} wholly editable, ${rows.filter((row) => row.endsWith('| yes')).length} round-trip`);
  expect(problems).toEqual([]);
}, 900_000);

it('keeps a read-only block when the writer types with it selected: the words go in a paragraph after it', async () => {
  const { page } = app;
  // Another plugin's block, made by the site when the page is shown, which the editor keeps as written.
  const kept = { markup: '<!-- wp:acme/calendar {"month":3} /-->' };
  const post = await app.openPost({ title: 'Typed on a block', content: kept.markup });
  await page.locator('.unknown-block').click();
  await page.locator('.unknown-block.ProseMirror-selectednode').waitFor();
  await page.keyboard.type('Straight after');
  const saved = (await app.savedPost(post.id)).content.raw;
  expect(saved).toBe(`${kept.markup}\n\n<!-- wp:paragraph -->\n<p>Straight after</p>\n<!-- /wp:paragraph -->`);
}, 120_000);
