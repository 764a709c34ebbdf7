// @vitest-environment jsdom
// The cover's current save as cover-save.ts writes it (issue 29: the older covers' migrations write
// it, and a cover in its current form is known by it): over every kind of background (the post's
// featured image among them), overlay, dim and the wrapper's settings, it is exactly what the block
// editor's own save writes for the same attributes, and a cover so written is known as current (its
// older inner blocks then migrate with the first edit in it). Attributes it does not write leave the cover to be read as written.
import { describe, expect, it } from 'vitest';
import { COVER_DEFAULTS, currentCoverHtml, isCurrentCover } from '../../renderer/blocks/cover-save.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';

const DOOR = 'https://example.com/door.jpg';
const BACKGROUNDS: Record<string, unknown>[] = [
  {},
  { url: DOOR, id: 7, alt: 'A red door', focalPoint: { x: 0.25, y: 0.333 } },
  { url: DOOR, hasParallax: true, alt: 'Bricks', sizeSlug: 'large', focalPoint: { x: 0.2, y: 0.3 } },
  { url: DOOR, isRepeated: true },
  { url: 'https://example.com/sea.mp4', backgroundType: 'video', focalPoint: { x: 0.5, y: 0.1 } },
  // The post's featured image: the site puts it in, the save writes no image.
  { useFeaturedImage: true, sizeSlug: 'large' },
];
const OVERLAYS: Record<string, unknown>[] = [{}, { overlayColor: 'primary' }, { customOverlayColor: '#123456', isUserOverlayColor: true }, { gradient: 'midnight' }, { customGradient: 'linear-gradient(red,blue)' }];
const DIMS: Record<string, unknown>[] = [{}, { dimRatio: 0 }, { dimRatio: 30 }, { dimRatio: 50 }];
const WRAPPERS: Record<string, unknown>[] = [
  {},
  { minHeight: 300, minHeightUnit: 'px', contentPosition: 'top left', isDark: false, align: 'full' },
  { minHeight: 40, tagName: 'section', className: 'my-own', anchor: 'here', contentPosition: 'center center', layout: { type: 'constrained' } },
];

const cases = BACKGROUNDS.flatMap((background) => OVERLAYS.flatMap((overlay) => DIMS.flatMap((dim) => WRAPPERS.map((wrapper) => ({ ...background, ...overlay, ...dim, ...wrapper })))));

describe("the cover's current save", () => {
  it('is the block editor\'s for every kind of background, overlay, dim and wrapper, and known as current', () => {
    const wp = blockEditor();
    const problems = quietly(() => cases.flatMap((attributes) => {
      const markup = wp.serialize(wp.createBlock('core/cover', attributes));
      const html = currentCoverHtml({ ...COVER_DEFAULTS, ...attributes });
      const [piece] = splitBlocks(markup);
      const own = /^<!-- wp:cover(?: \{.*\})? -->\n([\s\S]*)\n<!-- \/wp:cover -->$/.exec(markup)?.[1];
      return [
        ...(html && own === html.join('') ? [] : [`${JSON.stringify(attributes)}: wrote ${html?.join('')}, the block editor ${own}`]),
        ...(piece?.kind === 'block' && isCurrentCover(piece.block) ? [] : [`${JSON.stringify(attributes)}: not known as current`]),
      ];
    }));
    expect(cases.length).toBe(360);
    expect(problems).toEqual([]);
  }, 120_000);

  it('is not written for attributes it does not write (a style, a text colour), nor known as current then', () => {
    const wp = blockEditor();
    for (const attributes of [{ url: DOOR, style: { spacing: { padding: { top: '2em' } } } }, { textColor: 'white' }, { useFeaturedImage: true, textColor: 'white' }]) {
      expect(currentCoverHtml({ ...COVER_DEFAULTS, ...attributes }), JSON.stringify(attributes)).toBeNull();
      const [piece] = splitBlocks(quietly(() => wp.serialize(wp.createBlock('core/cover', attributes))));
      expect(piece?.kind === 'block' && isCurrentCover(piece.block), JSON.stringify(attributes)).toBe(false);
    }
  });
});
