// A caption as a piece of rich text of its own (an image's, edited in place under it): the
// schema of its small editor (one paragraph of text with the writing area's formats, links
// written as the writing area writes them, and what the writing area holds as read in rich text:
// elements of no format and their attributes, an image among the words, a footnote mark, code
// among formats), and the caption's HTML read into it and written from it as the block editor's
// rich text writes it, what the writer did not touch as it was read.
import { Node, getSchema, type Extensions, type JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { LINK_OPTIONS } from './built-in-extensions.ts';
import { inlineFormats } from './inline-formats.ts';
import { inlineHtml } from './inline-html.ts';
import { richTextWithImagesHeld } from './html-nodes.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { CodeAmongFormats } from './code-mark.ts';
import { HeldInline, HeldMarkAttributes } from './held-inline.ts';
import { HeldImage } from './held-image.ts';
import { FootnoteMark } from './footnote-marks.ts';
import { LinkAsRead } from './link-as-read.ts';
import { InertPage } from './inert-html.ts';

/** The caption is one paragraph: Enter never makes a second. */
const CaptionDocument = Node.create({ name: 'doc', topNode: true, content: PARAGRAPH_NODE });

export const CAPTION_EXTENSIONS: Extensions = [
  StarterKit.configure({
    document: false,
    heading: false,
    blockquote: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    listKeymap: false,
    codeBlock: false,
    horizontalRule: false,
    dropcursor: false,
    gapcursor: false,
    trailingNode: false,
    link: LINK_OPTIONS,
    // Code among the other formats, as in the writing area (code-mark.ts).
    code: false,
  }),
  CaptionDocument,
  CodeAmongFormats,
  ...inlineFormats,
  HeldInline,
  HeldMarkAttributes,
  HeldImage,
  FootnoteMark,
  LinkAsRead,
  // What the caption shows of its HTML is inert, as in the writing area.
  InertPage,
];

const CAPTION_SCHEMA = getSchema(CAPTION_EXTENSIONS);

/**
 * The caption's document, or null when its HTML holds what the caption's editor would lose
 * (an element or attribute it does not model, a footnote): such a caption is kept as written.
 */
export function captionDocument(html: string): JSONContent | null {
  const content = richTextWithImagesHeld(html);
  if (!content) return null;
  const doc: JSONContent = { type: 'doc', content: [{ type: PARAGRAPH_NODE, ...(content.length > 0 ? { content } : {}) }] };
  try {
    CAPTION_SCHEMA.nodeFromJSON(doc).check();
    return doc;
  } catch {
    return null;
  }
}

/** The caption's HTML as the block editor saves it (inside its figcaption). */
export function captionHtml(doc: JSONContent): string {
  return inlineHtml(doc.content?.[0]?.content);
}
