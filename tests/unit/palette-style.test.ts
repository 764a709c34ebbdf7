// A theme's palette and gradients shown in the editor as the site's stylesheet shows them (issue
// 29): each preset's custom property on the writing area and the block toolbar, and its classes;
// a slug or value that could end the declaration is left out.
import { expect, it } from 'vitest';
import { paletteStyleSheet } from '../../renderer/editor/palette-style.ts';

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
