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

  describe('a cover: its overlay over its image, as the site lays it', () => {
    const style = (attributes: unknown, opening: string) => Object.fromEntries(containerColourStyle('core/cover', attributes, opening).split('; ').map((declaration) => declaration.split(/:\s(.*)/s).slice(0, 2)));
    /** The cover's markup before its blocks, in the form the block editor saves now (the overlay a span) and in the older one (the classes on the cover). */
    const current = (classes: string) => `<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background ${classes}"></span><div class="wp-block-cover__inner-container">`;
    const older = (classes: string, style = '') => `<div class="wp-block-cover ${classes}"${style}><div class="wp-block-cover__inner-container">`;
    const tenths = Array.from({ length: 11 }, (_, index) => index * 10);

    it.each(tenths)('dimmed %i%: the overlay that opaque, in either form', (ratio) => {
      expect(style({ dimRatio: ratio }, current(`has-background-dim-${ratio} has-background-dim`))['--cover-dim']).toBe(String(ratio / 100));
      expect(style({ dimRatio: ratio }, older(`has-background-dim-${ratio} has-background-dim`))['--cover-dim']).toBe(String(ratio / 100));
      // A cover made here, its markup not read: from its attribute.
      expect(style({ dimRatio: ratio }, '')['--cover-dim']).toBe(String(ratio / 100));
    });

    it('dimmed without a ratio: a half (an older form\'s default); an older form not dimmed: its colour whole, or no overlay', () => {
      expect(style({}, older('has-background-dim'))['--cover-dim']).toBe('0.5');
      expect(style({ overlayColor: 'vivid-red' }, older('has-vivid-red-background-color'))['--cover-dim']).toBe('1');
      expect(style({}, older(''))['--cover-dim']).toBe('0');
      expect(style({}, '')['--cover-dim']).toBe('1');
    });

    it.each([
      [{ overlayColor: 'vivid-red' }, 'var(--wp--preset--color--vivid-red)'],
      [{ customOverlayColor: '#abcdef' }, '#abcdef'],
      [{ gradient: 'midnight' }, 'var(--wp--preset--gradient--midnight)'],
      [{ customGradient: 'linear-gradient(0deg,#000 0%,#fff 100%)', overlayColor: 'vivid-red' }, 'linear-gradient(0deg,#000 0%,#fff 100%)'],
      [{}, '#000'],
      [{ customOverlayColor: 'red; position: fixed' }, '#000'],
    ])('overlay of %j: %s', (attributes, overlay) => {
      expect(style(attributes, current('has-background-dim-50 has-background-dim'))['--cover-overlay']).toBe(overlay);
    });

    it('shows white text on a dark cover and the site\'s text on a light one; its own background never', () => {
      expect(style({}, '').color).toBe('#fff');
      expect(style({ isDark: false }, '').color).toBe('#1e1e1e');
      expect(containerColourStyle('core/cover', { backgroundColor: 'pale-pink' }, '')).not.toContain('pink');
    });

    it('shows an older form\'s background image, and nothing that is not a plain web address', () => {
      expect(style({}, older('has-background-dim', ' style="background-image:url(http://localhost/uploads/a.jpg)"')).background).toBe('center / cover no-repeat url("http://localhost/uploads/a.jpg") #fff');
      expect(style({}, older('', ' style="background-image:url(&quot;/uploads/b.jpg&quot;)"')).background).toBe('center / cover no-repeat url("/uploads/b.jpg") #fff');
      for (const address of ['javascript:alert(1)', 'x);position:fixed', 'data:image/png;base64,AAAA']) {
        expect(style({}, older('', ` style="background-image:url(${address})"`)).background).toBeUndefined();
      }
    });
  });
});
