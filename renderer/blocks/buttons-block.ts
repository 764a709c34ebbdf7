// Buttons (`core/buttons`) and each button (`core/button`): the buttons a block container holding
// buttons only, its background from the block's toolbar; a button its text, rich text in its link
// (or button) element held as read with its div (rich-blocks.ts), its link set in place
// (renderer/editor/ButtonControls.tsx, button-link.ts), its colours on its link, its words white
// on a background, as the site's button styles show them. A button goes only in buttons.
import { newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { richBlockReader } from './rich-blocks.ts';

const BUTTONS = 'core/buttons';
export const BUTTON = 'core/button';

export const buttonsBlock: BlockDefinition = {
  containers: [BUTTONS],
  readers: {
    [BUTTON]: richBlockReader((html) => {
      const match = /^\s*(<div [^>]*>)(<(a|button)(?:\s[^>]*)?>)([\s\S]*)(<\/\3>)(<\/div>)\s*$/.exec(html);
      return match && { before: match[1], pieces: [{ open: match[2], html: match[4], close: match[5] }], after: match[6] };
    }),
  },
  colours: { [BUTTONS]: { title: 'Buttons', text: false }, [BUTTON]: { title: 'Button', text: true, onText: true, plainText: '#fff' } },
  nesting: {
    [BUTTON]: { onlyIn: { names: [BUTTONS], why: 'A button goes only in buttons.' } },
    [BUTTONS]: { holdsOnly: { names: [BUTTON], why: 'Buttons hold only buttons.' } },
  },
  inserter: [{ title: 'Buttons', keywords: 'button link call to action', after: 'Group', markup: newBlockMarkup('buttons', `<div class="wp-block-buttons">${newBlockMarkup('button', '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button"></a></div>')}</div>`) }],
};
