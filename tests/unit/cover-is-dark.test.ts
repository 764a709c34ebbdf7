// @vitest-environment jsdom
// A cover's overlay colour chosen from the palette judges the cover dark or light as the block
// editor does (issue 29): over every palette colour, opacities from none to full, without an
// image and over images of several average colours, the cover is saved exactly as the block
// editor's serialiser writes it with the isDark its own compositeIsDark gives (is-light when
// light), which its strict validator accepts; a gradient leaves the judgement as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from '@wordpress/block-serialization-default-parser';
import { withOverlay } from '../../renderer/blocks/cover-overlay.ts';
import { NO_IMAGE_COLOUR } from '../../renderer/blocks/cover-block.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorCompositeIsDark, type CompositeIsDark } from '../helpers/cover-darkness.ts';

/** The block editor's own judge, from the cover block's editor code. */
let editorIsDark: CompositeIsDark;

beforeAll(async () => {
  blockEditor();
  editorIsDark = await blockEditorCompositeIsDark();
}, 300_000);

const IMAGE = 'http://localhost/uploads/picture.jpg';
const words = () => blockEditor().createBlock('core/paragraph', { content: 'Words on a cover.' });
const cover = (attributes: Record<string, unknown>) => quietly(() => blockEditor().serialize([blockEditor().createBlock('core/cover', attributes, [words()])]));

/** The cover's markup with its overlay chosen as the Inkwell editor sets it. */
function chosen(markup: string, kind: 'color' | 'gradient', slug: string, behind?: string): string {
  const [block] = parse(markup);
  const opening = block!.innerContent[0]!;
  const next = withOverlay(block!.attrs, opening, kind, slug, behind);
  if (!next) throw new Error('The cover has no overlay span');
  const delimiter = `<!-- wp:cover ${next.blockAttributes ? `${serializeBlockAttributes(next.blockAttributes)} ` : ''}-->`;
  return markup.replace(/^<!-- wp:cover [^\n]*-->/, delimiter).replace(opening, next.opening);
}

const RATIOS = [0, 20, 50, 80, 100];
/** Without an image (white behind, as the block editor takes it), and over images whose average colours are light, mid and dark. */
const BEHIND: readonly [string, Record<string, unknown>, string | undefined][] = [
  ['no image', {}, undefined],
  ['a light image', { url: IMAGE, id: 7 }, '#f4efe6'],
  ['a mid image', { url: IMAGE, id: 7 }, '#808080'],
  ['a dark image', { url: IMAGE, id: 7 }, '#1b2a3c'],
];

describe.each(BEHIND)('a cover with %s', (_name, media, behind) => {
  it.each(RATIOS)('dimmed %i%: every palette colour saved as the block editor saves it, dark or light as it judges', (dimRatio) => {
    const judged = new Set<boolean>();
    for (const { slug, colour } of DEFAULT_PALETTE) {
      const isDark = editorIsDark(dimRatio, colour, behind ?? NO_IMAGE_COLOUR);
      judged.add(isDark);
      const saved = chosen(cover({ ...media, dimRatio }), 'color', slug, behind);
      expect(saved, slug).toBe(cover({ ...media, dimRatio, overlayColor: slug, isUserOverlayColor: true, isDark }));
      expect(saved.includes('is-light'), slug).toBe(!isDark);
      expect(strictlyInvalid(saved), slug).toEqual([]);
    }
    // Over white, a palette dimmed by half or less is all light; at 80% and more both judgements are met.
    if (behind === undefined && dimRatio >= 80) expect([...judged].sort()).toEqual([false, true]);
  });
});

it('judges again when the colour changes, from light back to dark, and when none is chosen', () => {
  const light = chosen(cover({ dimRatio: 80 }), 'color', 'white');
  expect(light).toContain('"isDark":false');
  const dark = chosen(light, 'color', 'black');
  expect(dark).toBe(cover({ dimRatio: 80, overlayColor: 'black', isUserOverlayColor: true }));
  // No colour: the block editor judges the overlay it no longer has as black at its opacity.
  expect(chosen(light, 'color', '')).toBe(cover({ dimRatio: 80, isUserOverlayColor: true, isDark: editorIsDark(80, undefined, NO_IMAGE_COLOUR) }));
});

it('leaves the judgement as it was when a gradient is chosen, as the block editor does', () => {
  const light = chosen(cover({ dimRatio: 80 }), 'color', 'white');
  const gradient = chosen(light, 'gradient', 'midnight');
  expect(gradient).toBe(cover({ dimRatio: 80, gradient: 'midnight', isUserOverlayColor: true, isDark: false }));
  expect(strictlyInvalid(gradient)).toEqual([]);
});
