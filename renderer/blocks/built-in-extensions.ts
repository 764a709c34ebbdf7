// The editor's schema but for the blocks defined each in one module (extensions.ts adds them): what
// a writer can make, and what block markup it maps to. HTML is read into nodes with this schema
// (html-nodes.ts), which the defined blocks' readers use in turn.
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { BlockSource } from './block-source.ts';
import { DocumentLayout } from './document-layout.ts';
import { WrittenOnce } from './written-once.ts';
import { FootnoteMark } from './footnote-marks.ts';
import { KeptAttributes } from './kept-attributes.ts';
import { MoveBlock } from './move-block.ts';
import { HistoryKeys } from './history-keys.ts';
import { PastedContent } from './pasted-content.ts';
import { BlockContainer, CaptionPart, ClassicBlock, RichBlock, RichPart, UnknownBlock } from './nodes.ts';
import { DynamicBlock } from './dynamic-block-node.ts';
import { inlineFormats } from './inline-formats.ts';
import { HeldInline, HeldMarkAttributes } from './held-inline.ts';
import { HeldImage } from './held-image.ts';
import { HeldHtml } from './held-html-node.ts';
import { HeldComment } from './held-comment.ts';
import { LinkAsRead } from './link-as-read.ts';
import { CodeAmongFormats } from './code-mark.ts';
import { HTML_READ_EXTENSIONS } from './html-read-blocks.ts';

/** Links keep the target and rel they were written with; new links get none, as in the block editor. */
export const LINK_OPTIONS = { openOnClick: false, HTMLAttributes: { target: null, rel: null } };

export const builtInExtensions: Extensions = [
  StarterKit.configure({
    // The paragraph, the headings, the lists, the quote, the code block and the separator's rule are their own (html-read-blocks.ts).
    paragraph: false,
    heading: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    listKeymap: false,
    blockquote: false,
    codeBlock: false,
    horizontalRule: false,
    link: LINK_OPTIONS,
    // Code among the other formats (code-mark.ts).
    code: false,
  }),
  CodeAmongFormats,
  UnknownBlock,
  BlockContainer,
  ClassicBlock,
  RichBlock,
  RichPart,
  CaptionPart,
  DynamicBlock,
  FootnoteMark,
  ...inlineFormats,
  HeldInline,
  HeldMarkAttributes,
  HeldImage,
  HeldHtml,
  HeldComment,
  LinkAsRead,
  ...HTML_READ_EXTENSIONS,
  BlockSource,
  DocumentLayout,
  WrittenOnce,
  KeptAttributes,
  PastedContent,
  MoveBlock,
  HistoryKeys,
];
