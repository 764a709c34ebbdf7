// Buttons (`core/buttons`) and each button (`core/button`): the buttons a block container holding
// buttons only, its background from the block's toolbar; a button its text, rich text in its link
// (or button) element held as read with its div (rich-blocks.ts), its link set in place
// (renderer/editor/ButtonControls.tsx, button-link.ts), its colours on its link, its words white
// on a background, as the site's button styles show them. A button goes only in buttons.
import { madeBlockMarkup, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import { PARAGRAPH_NAME } from './paragraph-block.ts';
import { richBlockReader } from './rich-blocks.ts';
import { ELEMENTS, LOOK, alignStyle, fromText, inlineStyleAttribute, lookClasses, lookedOpening, type PlainText } from './text-block-markup.ts';

const BUTTONS = 'core/buttons';
export const BUTTON = 'core/button';

/** Parts of a style a button's save writes on its div, or leaves out (its supports serialise them so), and the writing mode it writes there: not made here yet. */
const NOT_ON_THE_LINK = ['outline', 'dimensions', 'background'];
const notOnTheLink = (style: Record<string, unknown>) => NOT_ON_THE_LINK.some((name) => name in style) || (style.typography as { writingMode?: unknown } | undefined)?.writingMode !== undefined;
/** The typography's declarations, which a button's save writes on its link after the others (its order: border, colours, spacing, shadow, typography). */
const TYPOGRAPHY = /^(font-|letter-spacing|line-height|column-count|text-|writing-mode)/;
const typographyLast = (css: string) => {
  const declarations = css.split(';');
  return [...declarations.filter((declaration) => !TYPOGRAPHY.test(declaration)), ...declarations.filter((declaration) => TYPOGRAPHY.test(declaration))].join(';');
};

/**
 * A button the block editor's transform makes of a paragraph: empty (its words are not handed to the button's
 * text), with the paragraph's anchor and class on its div and its colours, text alignment, font size and inline
 * style (every attribute handed on, its spacing too) on its link.
 */
function buttonOfParagraph({ textAlign, look = {}, inline }: PlainText): string | null {
  // Parts the button's save writes on its div rather than its link: not made here yet.
  if (inline && notOnTheLink(inline.style)) return null;
  const { anchor, className, fontSize, ...colours } = look;
  const customSize = fontSize !== undefined || (inline?.style.typography as { fontSize?: unknown } | undefined)?.fontSize !== undefined;
  const linkClasses = ['wp-block-button__link', ...lookClasses(colours, inline), ...(textAlign ? [`has-text-align-${textAlign}`] : []), ...lookClasses({ fontSize }), ...(customSize ? ['has-custom-font-size'] : []), 'wp-element-button'];
  return madeBlockMarkup(BUTTON, { ...look, ...alignStyle(textAlign, inline) }, `${lookedOpening('div', 'wp-block-button', { anchor, className })}<a class="${linkClasses.join(' ')}"${inlineStyleAttribute(inline && { ...inline, css: typographyLast(inline.css) })}></a></div>`);
}

/** A paragraph's button, its drop cap and alignment left out as the block editor's transform leaves them. */
const paragraphButton = fromText(buttonOfParagraph, ['dropCap', 'align'], ['anchor', ...LOOK, 'style', 'spacing', ELEMENTS]);

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
