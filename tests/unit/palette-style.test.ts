// A theme's palette and gradients shown in the editor as the site's stylesheet shows them (issue
// 29): each preset's custom property on the writing area and the block toolbar, and its classes;
// a slug or value that could end the declaration is left out. Its colours grouped as the block
// editor's pickers group them (the toolbar's and a cover placeholder's).
import { expect, it } from 'vitest';
import { paletteStyleSheet } from '../../renderer/editor/palette-style.ts';
import { paletteGroups } from '../../renderer/editor/ColourChoices.tsx';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';

it('gives every theme colour and gradient its custom property and classes, and leaves out what is not fit for CSS', () => {
  const sheet = paletteStyleSheet(
    [{ slug: 'ink', colour: '#101010', name: 'Ink' }, { slug: 'bad', colour: 'red; } body { display: none', name: 'Bad' }],
    [{ slug: 'dusk', gradient: 'linear-gradient(135deg,rgb(6,147,227) 0%,#fafafa 100%)', name: 'Dusk' }, { slug: 'x"y', gradient: 'linear-gradient(#000,#fff)', name: 'Odd' }],
  );
  expect(sheet.split('\n')).toEqual([
    '.ProseMirror, .block-toolbar { --wp--preset--color--ink: #101010; --wp--preset--gradient--dusk: linear-gradient(135deg,rgb(6,147,227) 0%,#fafafa 100%); }',
    '.ProseMirror .has-ink-color { color: var(--wp--preset--color--ink); } .ProseMirror .has-ink-background-color { background-color: var(--wp--preset--color--ink); }',
    '.ProseMirror .has-dusk-gradient-background { background: var(--wp--preset--gradient--dusk); }',
  ]);
  expect(paletteStyleSheet([], [])).toBe('');
});

it('groups a theme’s colours under Theme and WordPress’s under Default, as the block editor does; the default ones alone unnamed', () => {
  const ink = { slug: 'ink', colour: '#101010', name: 'Ink' };
  expect(paletteGroups({ theme: [], withDefault: true })).toEqual([{ name: null, colours: DEFAULT_PALETTE }]);
  expect(paletteGroups({ theme: [ink], withDefault: true })).toEqual([{ name: 'Theme', colours: [ink] }, { name: 'Default', colours: DEFAULT_PALETTE }]);
  // A theme that leaves WordPress's palette out (theme.json's defaultPalette: false, a classic theme's own palette).
  expect(paletteGroups({ theme: [ink], withDefault: false })).toEqual([{ name: 'Theme', colours: [ink] }]);
});
