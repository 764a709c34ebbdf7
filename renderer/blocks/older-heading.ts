// A heading in an older form, written before headings had a class of their own (WordPress 6.2),
// maybe aligned (`align` left, center, right, or `textAlign`) and coloured (`textColor`,
// `customTextColor`) as older saves wrote them. The block editor's deprecations make the alignment
// a typography setting (the has-text-align class), a custom colour the text colour of `style`,
// and add the heading's class and has-text-color; its other classes stay its className.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { customClassName, inDeclaredOrder } from './older-form-parts.ts';
import { htmlBody } from './html-nodes.ts';

/** core/heading's attributes in the order the block type declares them (checked against the block editor by the test). */
export const HEADING_ATTRIBUTES = ['content', 'level', 'levelOptions', 'placeholder', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'fitText', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];

/** The attributes an older heading may carry that its migration knows. */
const OLDER_HEADING_ATTRIBUTES = new Set(['level', 'anchor', 'textAlign', 'align', 'className', 'textColor', 'customTextColor', 'placeholder', 'lock']);
const TEXT_ALIGNMENTS = ['left', 'center', 'right'];

/** A heading in its current form, or null when it is not an older form this migration knows. */
export function currentHeading(block: ParsedBlock): string | null {
  const { align, textAlign: alignedText, customTextColor, textColor, className, ...kept } = (block.attrs ?? {}) as Record<string, unknown>;
  const level = Number(kept.level ?? 2);
  const body = htmlBody(block.innerHTML);
  const heading = body.firstElementChild;
  // A heading with its class is read as it stands (older-forms.ts migrates only those written before it).
  if (block.innerBlocks.length > 0 || body.children.length !== 1 || heading?.tagName !== `H${level}` || heading.classList.contains('wp-block-heading') || !Object.keys(block.attrs ?? {}).every((name) => OLDER_HEADING_ATTRIBUTES.has(name))) return null;
  const textAlign = alignedText ?? (TEXT_ALIGNMENTS.includes(String(align)) ? align : undefined);
  const blockAlign = textAlign === align ? undefined : align;
  // The older saves wrote the alignment and a custom colour inline, or as classes.
  const style = (heading.getAttribute('style') ?? '').replace(/;\s*$/, '');
  const inline = [...(typeof customTextColor === 'string' ? [`color:${customTextColor}`] : []), ...(textAlign && style.includes('text-align') ? [`text-align:${String(textAlign)}`] : [])].join(';');
  if (style !== inline || [...heading.attributes].some((attribute) => !['class', 'style', 'id'].includes(attribute.name))) return null;
  const colourClasses = [...(typeof textColor === 'string' ? [`has-${textColor}-color`] : []), ...(textColor || customTextColor ? ['has-text-color'] : [])];
  const written = ['wp-block-heading', ...(textAlign ? [`has-text-align-${String(textAlign)}`] : []), ...(blockAlign ? [`align${String(blockAlign)}`] : []), ...colourClasses];
  const custom = customClassName(block.innerHTML, written);
  if (className !== undefined && className !== custom) return null;
  const styleAttribute = { ...(textAlign ? { typography: { textAlign } } : {}), ...(customTextColor ? { color: { text: customTextColor } } : {}) };
  if (Object.keys(styleAttribute).length > 1) return null;
  const attributes = inDeclaredOrder({ ...kept, textColor, align: blockAlign, className: custom, style: Object.keys(styleAttribute).length > 0 ? styleAttribute : undefined }, HEADING_ATTRIBUTES);
  const id = heading.getAttribute('id');
  const classes = [...written, ...(custom ? [custom] : [])].join(' ');
  const migrated = `<h${level}${id ? ` id="${id}"` : ''} class="${classes}"${customTextColor ? ` style="color:${String(customTextColor)}"` : ''}>${heading.innerHTML}</h${level}>`;
  return blockMarkup('heading', attributes, migrated);
}
