// A block holding blocks shows its colours in the editor as the site does
// (renderer/blocks/container-colours.ts): every way the block editor writes a background,
// a text colour or a cover's overlay, and nothing that is not a colour.
import { describe, expect, it } from 'vitest';
import { containerColourStyle } from '../../renderer/blocks/container-colours.ts';

const CONTAINERS = ['core/group', 'core/columns', 'core/column', 'core/media-text', 'core/buttons', 'core/details'];

describe('container colours', () => {
  describe.each(CONTAINERS)('%s', (name) => {
    it.each([
      [{ backgroundColor: 'pale-pink' }, 'background: var(--wp--preset--color--pale-pink)'],
      [{ style: { color: { background: '#123456' } } }, 'background: #123456'],
      [{ style: { color: { background: 'var:preset|color|vivid-red' } } }, 'background: var(--wp--preset--color--vivid-red)'],
      [{ gradient: 'pale-ocean' }, 'background: var(--wp--preset--gradient--pale-ocean)'],
      [{ style: { color: { gradient: 'linear-gradient(135deg,rgb(1,2,3) 0%,rgb(4,5,6) 100%)' } } }, 'background: linear-gradient(135deg,rgb(1,2,3) 0%,rgb(4,5,6) 100%)'],
    ])('draws the background of %j', (attributes, background) => {
      expect(containerColourStyle(name, attributes).split('; ')).toContain(background);
    });

    it('draws its text colour, custom before preset, and the site\'s text on a background without one', () => {
      expect(containerColourStyle(name, { textColor: 'white', style: { color: { text: '#fefefe' } } })).toContain('color: #fefefe');
      expect(containerColourStyle(name, { textColor: 'white' })).toContain('color: var(--wp--preset--color--white)');
      expect(containerColourStyle(name, { backgroundColor: 'black' })).toContain('color: #1e1e1e');
    });

    it.each([null, {}, { backgroundColor: 'Not A Slug!' }, { style: { color: { background: 'red; position: fixed' } } }, { style: { color: { text: 'url(javascript:x)' } } }])('draws nothing for %j', (attributes) => {
      expect(containerColourStyle(name, attributes)).toBe('');
    });
  });

  it('draws a cover\'s overlay, in white text unless the cover is light', () => {
    expect(containerColourStyle('core/cover', { overlayColor: 'vivid-red' })).toBe('background: var(--wp--preset--color--vivid-red); color: #fff; padding: .75rem 1rem');
    expect(containerColourStyle('core/cover', { customOverlayColor: '#abcdef', isDark: false })).toContain('color: #1e1e1e');
    expect(containerColourStyle('core/cover', { customGradient: 'linear-gradient(0deg,#000 0%,#fff 100%)' })).toContain('background: linear-gradient(0deg,#000 0%,#fff 100%)');
    // A cover's colour is its overlay, never a background attribute it does not have.
    expect(containerColourStyle('core/cover', { backgroundColor: 'pale-pink' })).toBe('');
  });
});
