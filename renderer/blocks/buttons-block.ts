// Buttons (`core/buttons`) and each button (`core/button`): the buttons a block container holding
// buttons only, its background from the block's toolbar; a button its text, rich text in its link
// (or button) element held as read with its div (rich-blocks.ts), its link set in place
// (renderer/editor/ButtonControls.tsx, button-link.ts), its colours on its link, its words white
// on a background, as the site's button styles show them. A button goes only in buttons.
import { madeBlockMarkup, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import { PARAGRAPH_NAME } from './paragraph-block.ts';
import { richBlockReader } from './rich-blocks.ts';
import { escapeAttribute } from './inline-html.ts';
import { ELEMENTS, HANDED_ON, LOOK, fromText, madeAttributes, lookClasses, type PlainText } from './text-block-markup.ts';

const BUTTONS = 'core/buttons';
export const BUTTON = 'core/button';

/**
 * Where a button's save writes each declaration of a paragraph's style: its supports serialise the border,
 * colours, spacing, shadow and most of the typography on its link (after the others: its order is border,
 * colours, spacing, shadow, typography), the rest on its div (dimensions, an outline, a writing mode; a text
 * indent and columns on both), a width nowhere (its dimension written by neither).
 */
const ON_THE_LINK_ONLY = /^(border|color|background|padding|margin|box-shadow|font-|line-height|letter-spacing|text-transform|text-decoration)/;
const ON_THE_DIV_ONLY = /^(height|min-height|aspect-ratio|outline|writing-mode)/;
const TYPOGRAPHY = /^(font-|letter-spacing|line-height|column-count|text-|writing-mode)/;
const property = (declaration: string) => declaration.split(':')[0].trim();
const declarationsWhere = (css: string, keep: (name: string) => boolean) => css.split(';').filter((declaration) => declaration && keep(property(declaration)) && property(declaration) !== 'width');
function splitForTheButton(css: string): { div: string; link: string } {
  const link = declarationsWhere(css, (name) => !ON_THE_DIV_ONLY.test(name));
  const typography = (declaration: string) => TYPOGRAPHY.test(property(declaration));
  return {
    div: declarationsWhere(css, (name) => !ON_THE_LINK_ONLY.test(name)).join(';'),
    link: [...link.filter((declaration) => !typography(declaration)), ...link.filter(typography)].join(';'),
  };
}

/**
 * A button the block editor's transform makes of a paragraph: empty (its words are not handed to the button's
 * text), with the paragraph's anchor and class on its div and its colours, text alignment, font size and inline
 * style (every attribute handed on) on its link, but the parts of that style its supports write on its div.
 */
function buttonOfParagraph({ textAlign, look = {}, inline }: PlainText): string {
  const { anchor, className, fontSize, ...colours } = look;
  const customSize = fontSize !== undefined || (inline?.style.typography as { fontSize?: unknown } | undefined)?.fontSize !== undefined;
  const linkClasses = ['wp-block-button__link', ...lookClasses(colours, inline), ...(textAlign ? [`has-text-align-${textAlign}`] : []), ...lookClasses({ fontSize }), ...(customSize ? ['has-custom-font-size'] : []), 'wp-element-button'];
  const css = splitForTheButton(inline?.css ?? '');
  // The div's style before its class, but after a class of the writer's (as React orders the save's attributes).
  const id = typeof anchor === 'string' ? ` id="${escapeAttribute(anchor)}"` : '';
  const divClass = ` class="${escapeAttribute(['wp-block-button', ...lookClasses({ className })].join(' '))}"`;
  const divStyle = css.div ? ` style="${css.div}"` : '';
  const div = `<div${id}${className === undefined ? `${divStyle}${divClass}` : `${divClass}${divStyle}`}>`;
  return madeBlockMarkup(BUTTON, madeAttributes({ textAlign, look, inline }), `${div}<a class="${linkClasses.join(' ')}"${css.link ? ` style="${css.link}"` : ''}></a></div>`);
}

/** A paragraph's button, its drop cap and alignment left out as the block editor's transform leaves them. */
const paragraphButton = fromText(buttonOfParagraph, ['placeholder', 'anchor', ...LOOK, 'style', 'spacing', ELEMENTS, ...HANDED_ON]);

/** Buttons holding `buttons` (their markup). */
const madeButtons = (buttons: readonly string[]) => madeBlockMarkup(BUTTONS, {}, `<div class="wp-block-buttons">${madeBlocks(buttons)}</div>`);

/** Paragraphs turned into buttons, one each, as the block editor's transform does; null when one is not made. */
function buttonsOfParagraphs(paragraphs: readonly WrittenSource[]): string | null {
  const buttons = paragraphs.map(({ block }) => paragraphButton(block));
  return buttons.every((button) => button !== null) ? madeButtons(buttons as string[]) : null;
}

export const buttonsBlock: BlockDefinition = {
  transforms: { [PARAGRAPH_NAME]: [{ to: BUTTONS, title: 'Buttons', make: (block, source) => buttonsOfParagraphs([{ block, source }]), several: buttonsOfParagraphs }] },
  containers: [BUTTONS],
  placeholders: { [BUTTON]: ['Add text…'] },
  readers: {
    [BUTTON]: richBlockReader((html) => {
      const match = /^\s*(<div [^>]*>)(<(a|button)(?:\s[^>]*)?>)([\s\S]*)(<\/\3>)(<\/div>)\s*$/.exec(html);
      return match && { before: match[1], pieces: [{ open: match[2], html: match[4], close: match[5] }], after: match[6] };
    }),
  },
  colours: { [BUTTONS]: { title: 'Buttons', text: false }, [BUTTON]: { title: 'Button', text: true, onText: true, plainText: '#fff' } },
  // Its padding on its link (styles.css).
  paddedInside: [BUTTON],
  nesting: {
    [BUTTON]: { onlyIn: { names: [BUTTONS], why: 'A button goes only in buttons.' } },
    [BUTTONS]: { holdsOnly: { names: [BUTTON], why: 'Buttons hold only buttons.' } },
  },
  inserter: [{ title: 'Buttons', keywords: 'button link call to action', after: 'Group', markup: newBlockMarkup('buttons', `<div class="wp-block-buttons">${newBlockMarkup('button', '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button"></a></div>')}</div>`) }],
};
