// Buttons justified or stacked before they had a flex layout (WordPress 5.9), or aligned left,
// centre or right as a float: the block editor's deprecations make the justification (the
// alignment) and the orientation the layout's, and the classes that said them go.
import type { ParsedBlock } from './split-blocks.ts';
import { currentContainer, inDeclaredOrder } from './older-form-parts.ts';

/** core/buttons's attributes in the order the block type declares them (checked against the block editor by the test). */
export const BUTTONS_ATTRIBUTES = ['backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata'];

const FLOATS = ['left', 'center', 'right'];
const OLDER_OPENING = /^<div class="wp-block-buttons((?: [\w-]+)*)"((?: [a-z-]+="[^"]*")*)>(\s*)$/;

/** The buttons in their current form, or null when they are not the older form this migration knows. */
export function currentButtons(block: ParsedBlock, source: string): string | null {
  const { contentJustification, orientation = 'horizontal', ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const opening = typeof block.innerContent[0] === 'string' ? OLDER_OPENING.exec(block.innerContent[0].replace(/^\n/, '')) : null;
  if (!opening || others.layout !== undefined || !Object.keys(others).every((name) => BUTTONS_ATTRIBUTES.includes(name))) return null;
  // Floating buttons (aligned left, centre or right) are justified that way, with no orientation of their own.
  if (FLOATS.includes(String(others.align)) && contentJustification === undefined && block.attrs?.orientation === undefined) {
    const { align, ...rest } = others;
    return withLayout(block, source, opening, rest, { type: 'flex', justifyContent: align }, [`align${String(align)}`]);
  }
  if (!contentJustification && orientation === 'horizontal') return null;
  // The classes said the justification and orientation; any other is the block's own or a setting's.
  const said = [...(contentJustification ? [`is-content-justification-${String(contentJustification)}`] : []), ...(orientation === 'vertical' ? ['is-vertical'] : [])];
  const layout = { type: 'flex', ...(contentJustification ? { justifyContent: contentJustification } : {}), orientation };
  return withLayout(block, source, opening, others, layout, said);
}

/** The buttons with `layout` and without the classes that `said` it, or null when their wrapper does not have them all. */
function withLayout(block: ParsedBlock, source: string, opening: RegExpExecArray, attributes: Record<string, unknown>, layout: Record<string, unknown>, said: string[]): string | null {
  const classes = opening[1].trim().split(' ').filter(Boolean);
  if (!said.every((name) => classes.includes(name))) return null;
  const rest = classes.filter((name) => !said.includes(name));
  return currentContainer(block, source, inDeclaredOrder({ ...attributes, layout }, BUTTONS_ATTRIBUTES), () => `<div class="${['wp-block-buttons', ...rest].join(' ')}"${opening[2]}>${opening[3]}`, (html) => html);
}
