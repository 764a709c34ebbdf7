// The More block (`core/more`): where the blog and archive pages stop showing the post. Its
// "Read more" text is edited in a field in the block; whether the full post hides what comes
// before it (noTeaser) is set in the block's own toolbar (renderer/editor/block-settings.ts).
// Both live in the block's comment and in the more tag, written as the block editor saves them.
import { Node, type JSONContent } from '@tiptap/core';
import type { BlockDefinition, WrittenBlock } from './block-definition.ts';
import { COMMENT_ATTRIBUTES, commentAttrs, commentOnly, heldComment } from './comment-attributes.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/more';
/** The block's node, by which its toolbar finds it. */
export const MORE_NODE = 'moreBlock';

interface MoreSettings { customText: string; noTeaser: boolean }

/** What the block editor's save writes for the block's attributes. */
function moreHtml({ customText, noTeaser }: MoreSettings): string {
  return [customText ? `<!--more ${customText}-->` : '<!--more-->', noTeaser ? '<!--noteaser-->' : ''].filter(Boolean).join('\n');
}

/** The block's attributes as the block editor writes them: in its block type's order, each left out at its default. */
function moreAttributes({ customText, noTeaser }: MoreSettings): Record<string, unknown> {
  return { ...(customText ? { customText } : {}), ...(noTeaser ? { noTeaser } : {}) };
}

/**
 * Text that cannot end the more tag early: `-->` (or `--!>`) would close the comment and show
 * the rest on the page, so it is not kept (the block editor would write it and break the post).
 */
export const moreTextOf = (typed: string) => typed.replace(/--!?>/g, '').replace(/[\r\n]+/g, ' ');

/** A More block whose comment and tag say the same, with no other attribute but its lock and name; null keeps it as written. */
function readMore(block: ParsedBlock): JSONContent | null {
  const { customText = '', noTeaser = false, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const held = commentOnly(others);
  if (!held || typeof customText !== 'string' || typeof noTeaser !== 'boolean' || block.innerBlocks.length > 0) return null;
  if (moreTextOf(customText) !== customText || block.innerHTML.trim() !== moreHtml({ customText, noTeaser })) return null;
  return { type: MORE_NODE, attrs: { customText, noTeaser, ...commentAttrs(held) } };
}

/** The more tag of classic content (`<!--more-->`, maybe with its text) as the block's node, when the node writes it back the same; else null. */
export function classicMore(tag: string): JSONContent | null {
  const customText = /^<!--more(?: ([\s\S]*))?-->$/.exec(tag)?.[1] ?? '';
  return moreHtml({ customText, noTeaser: false }) === tag && moreTextOf(customText) === customText ? { type: MORE_NODE, attrs: { customText, noTeaser: false } } : null;
}

function writeMore(node: JSONContent): WrittenBlock {
  const settings = { customText: String(node.attrs?.customText ?? ''), noTeaser: node.attrs?.noTeaser === true } satisfies MoreSettings;
  return { name: NAME, attributes: { ...moreAttributes(settings), ...heldComment(node.attrs) }, html: moreHtml(settings) };
}

const MoreBlock = Node.create({
  name: MORE_NODE,
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      customText: { default: '', parseHTML: (element) => element.getAttribute('data-custom-text') ?? '', renderHTML: (attributes) => ({ 'data-custom-text': String(attributes.customText) }) },
      noTeaser: { default: false, parseHTML: (element) => element.hasAttribute('data-no-teaser'), renderHTML: (attributes) => (attributes.noTeaser ? { 'data-no-teaser': '' } : {}) },
      ...COMMENT_ATTRIBUTES,
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-more-block]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { ...HTMLAttributes, 'data-more-block': '', class: 'more-block' }, 'More'];
  },
  addNodeView() {
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.className = 'more-block';
      dom.contentEditable = 'false';
      const field = document.createElement('input');
      field.type = 'text';
      field.placeholder = 'Read more';
      field.setAttribute('aria-label', '“Read more” text');
      field.value = String(node.attrs.customText);
      const note = document.createElement('span');
      note.className = 'more-block-note';
      // The field as wide as its text (or the placeholder), as the block editor's is.
      const fit = () => {
        field.size = Math.max(field.placeholder.length, field.value.length) + 1;
      };
      fit();
      const show = (noTeaser: boolean) => {
        note.textContent = noTeaser ? 'The blog shows the post up to here; the full post starts after it.' : 'The blog shows the post up to here.';
      };
      show(Boolean(node.attrs.noTeaser));
      // In the field, the block counts as selected, so its toolbar offers its settings.
      field.addEventListener('focus', () => {
        const position = getPos();
        if (typeof position === 'number') editor.commands.setNodeSelection(position);
      });
      field.addEventListener('input', () => {
        const position = getPos();
        const text = moreTextOf(field.value);
        if (text !== field.value) field.value = text;
        fit();
        if (typeof position === 'number') editor.view.dispatch(editor.state.tr.setNodeAttribute(position, 'customText', text));
      });
      // Enter goes on writing in a new paragraph after the block, as in the block editor.
      field.addEventListener('keydown', (event) => {
        const position = getPos();
        if (event.key !== 'Enter' || event.isComposing || typeof position !== 'number') return;
        event.preventDefault();
        editor.chain().setNodeSelection(position).createParagraphNear().run();
        // At once: tiptap's focus command would wait a frame, and the next keys would go to the field.
        editor.view.focus();
      });
      dom.append(field, note);
      return {
        dom,
        // The field's own keys and clicks are its own, not the editor's.
        stopEvent: (event) => event.target === field,
        ignoreMutation: () => true,
        update: (next) => {
          if (next.type.name !== MORE_NODE) return false;
          if (field.value !== next.attrs.customText) field.value = String(next.attrs.customText);
          fit();
          show(Boolean(next.attrs.noTeaser));
          return true;
        },
      };
    };
  },
});

export const moreBlock: BlockDefinition = {
  readers: { [NAME]: readMore },
  carried: { [NAME]: { classless: true } },
  extensions: [MoreBlock],
  writers: { [MORE_NODE]: writeMore },
  inserter: [{ title: 'More', keywords: 'read more excerpt teaser', markup: '<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->', after: 'Spacer' }],
  remembersReading: true,
};
