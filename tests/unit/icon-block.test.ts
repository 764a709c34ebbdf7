// @vitest-environment jsdom
// The icon block (issue 29), dynamic: over every combination of its own settings (flips, rotation)
// with held attributes, read as an icon block showing the icon, untouched byte for byte; each
// setting changed from its controls saved as the block editor's serialiser saves the same attributes.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const openEditor = editorsForFile();

const wpIcon = (attributes: Record<string, unknown>) => quietly(() => blockEditor().serialize(blockEditor().createBlock('core/icon', attributes)));

const SETTINGS = [false, true].flatMap((flipHorizontal) => [false, true].flatMap((flipVertical) => [0, 90, 270].map((rotation) => ({ flipHorizontal, flipVertical, rotation }))));
const HELD: Record<string, unknown>[] = [{}, { anchor: 'mark', align: 'center' }, { style: { dimensions: { width: '48px' } }, className: 'is-big' }];

function press(editor: Editor, label: string): void {
  const button = [...editor.view.dom.querySelectorAll<HTMLButtonElement>('.icon-block button')].find((candidate) => candidate.textContent === label);
  if (!button) throw new Error(`no ${label} button`);
  button.click();
}

describe('the icon block', () => {
  for (const settings of SETTINGS) {
    for (const held of HELD) {
      const attributes = { icon: 'core/arrow-right', ...settings, ...held };
      it(`${JSON.stringify(attributes)}: read, shown, untouched byte for byte; flipped both ways and rotated, saved as the block editor saves it`, () => {
        const markup = wpIcon(attributes);
        expect(markupToDoc(markup).content?.[0]).toMatchObject({ type: 'iconBlock', attrs: { icon: 'core/arrow-right', ...settings } });
        const editor = openEditor(markup, { inPage: true });
        expect(editor.view.dom.querySelector('.icon-block-preview svg')).not.toBeNull();
        expect(docToMarkup(editor.state.doc)).toBe(markup);
        press(editor, 'Flip horizontal');
        press(editor, 'Flip vertical');
        press(editor, 'Rotate');
        const changed = { ...attributes, flipHorizontal: !settings.flipHorizontal, flipVertical: !settings.flipVertical, rotation: (settings.rotation + 90) % 360 };
        expect(strictlyValid(docToMarkup(editor.state.doc), markup)).toBe(wpIcon(changed));
      });
    }
  }

  it('its icon named in its field, an unknown name said in words', () => {
    const editor = openEditor(wpIcon({ icon: 'core/info' }), { inPage: true });
    const field = editor.view.dom.querySelector<HTMLInputElement>('.icon-block input');
    if (!field) throw new Error('no field');
    field.value = 'core/star-filled';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(docToMarkup(editor.state.doc)).toBe(wpIcon({ icon: 'core/star-filled' }));
    expect(editor.view.dom.querySelector('.icon-block-preview svg')).not.toBeNull();
    field.value = 'core/no-such-icon';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(editor.view.dom.querySelector('.icon-block-unknown')?.textContent).toMatch(/no icon/i);
  });

  it('is offered by the inserter as the block editor makes a new one (its default variation, the info icon)', () => {
    expect(CATALOGUE.find((entry) => entry.title === 'Icon')?.creation).toEqual({ kind: 'markup', markup: wpIcon({ icon: 'core/info' }) });
  });
});
