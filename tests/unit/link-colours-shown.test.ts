// @vitest-environment jsdom
// A block's link colour shown on its links in the writing area (issue 29): every block that takes
// one, given a preset or a custom link colour, carries it as a custom property on its element in
// the editor (styles.css colours its links from it); a block with none carries nothing.
import { expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { LinkColoursShown } from '../../renderer/editor/link-colours-shown.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const wp = () => blockEditor();
editorsForFile();

const link = (text: string) => ({ elements: { link: { color: { text } } } });
const words = (content: string, style?: object) => wp().createBlock('core/paragraph', { content, ...(style ? { style } : {}) });

it('every block with a link colour carries it on its element, a preset as its custom property; others carry none', () => {
  const markup = wp().serialize([
    words('Plain <a href="https://example.com">link</a>'),
    words('Preset <a href="https://example.com">link</a>', link('var:preset|color|contrast')),
    wp().createBlock('core/heading', { content: 'Custom', level: 2, style: link('#123456') }),
    wp().createBlock('core/group', { layout: { type: 'constrained' }, style: link('var:preset|color|primary') }, [words('Inside')]),
    wp().createBlock('core/columns', { style: link('#abcdef') }, [wp().createBlock('core/column', { style: link('var:preset|color|base') }, [words('In a column')])]),
  ]);
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({ element, extensions: [...editorExtensions, LinkColoursShown], content: markupToDoc(markup) });
  try {
    const shown = [...editor.view.dom.querySelectorAll<HTMLElement>('[style*="--link-colour"]')].map((node) => node.style.getPropertyValue('--link-colour').trim());
    expect(shown).toEqual(['var(--wp--preset--color--contrast)', '#123456', 'var(--wp--preset--color--primary)', '#abcdef', 'var(--wp--preset--color--base)']);
  } finally {
    editor.destroy();
    element.remove();
  }
});
