// A media block's placeholder (renderer/blocks/media-placeholder.ts) given its media: the files
// uploaded, picked from the library or dropped on it, or the address typed in it. The block is made
// where the placeholder stood as its inserter entry makes it around a file (a gallery around every
// image at once, a cover over its image's colour), so it is the same block as one made any other
// way; the placeholder's empty block goes, as the block editor's block takes its media.
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { TextSelection } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import type { MediaKind } from '../blocks/block-definition.ts';
import { MEDIA_PLACEHOLDER_NODE } from '../blocks/media-placeholder.ts';
import { CATALOGUE, type Creation } from './block-catalogue.ts';
import { insertMarkup } from './create-block.ts';
import { insertCoverFromImage } from './cover-image-colour.ts';
import { REMOVED_NAMES } from './safe-blocks.ts';

export type MediaCreation = Extract<Creation, { kind: 'media' }>;

/** How the block of the placeholder titled `title` is made (its inserter entry's creation), or null. */
export function placeholderCreation(title: string): MediaCreation | null {
  const creation = CATALOGUE.find((entry) => entry.title === title)?.creation;
  return creation?.kind === 'media' ? creation : null;
}

/** The creation of the placeholder at `position`, or null when none stands there. */
function placeholderAt(editor: Editor, position: number): MediaCreation | null {
  const node = editor.state.doc.nodeAt(position);
  return node?.type.name === MEDIA_PLACEHOLDER_NODE ? placeholderCreation(String(node.attrs.title)) : null;
}

/** Whether the file can stand in the block (a file block takes any). */
const fitsPlaceholder = (creation: MediaCreation, item: MediaItem) => placeholderKinds(creation).some((kind) => kind === 'file' || item.mime_type.startsWith(`${kind}/`));

/** The kinds of file the placeholder takes. */
export const placeholderKinds = (creation: MediaCreation): readonly MediaKind[] => creation.kinds ?? [creation.media];

/**
 * The placeholder at `position` replaced by an empty line holding the caret, where the block is then
 * made as the inserter makes it: the placeholder giving way to its block is no removal to report,
 * and starts an undo step of its own, which the block made at once joins (one Undo brings the
 * placeholder back).
 */
function emptyLineFor(editor: Editor, position: number): void {
  const node = editor.state.doc.nodeAt(position);
  if (!node) return;
  const tr = closeHistory(editor.state.tr.replaceWith(position, position + node.nodeSize, editor.schema.nodes.paragraph.create()));
  editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, position + 1)).setMeta(REMOVED_NAMES, []));
}

/**
 * The placeholder at `position` made into its block around `items` (those of its kind: a gallery
 * takes every image, another block the first file); false, changing nothing, when no placeholder
 * stands there or no item fits it.
 */
export function fillPlaceholder(editor: Editor, position: number, items: readonly MediaItem[]): boolean {
  const creation = placeholderAt(editor, position);
  const fitting = creation ? items.filter((item) => fitsPlaceholder(creation, item)) : [];
  if (!creation || fitting.length === 0) return false;
  emptyLineFor(editor, position);
  if (creation.several && fitting.length > 1) insertMarkup(editor, creation.several(fitting));
  // A cover of an image at once where the writer is; its colour follows when its image is read.
  else if (creation.judgesImageColour && fitting[0].mime_type.startsWith('image/')) void insertCoverFromImage(editor, fitting[0]);
  else insertMarkup(editor, creation.markup(fitting[0]));
  return true;
}

/** The placeholder at `position` made into its block around the address `url`, where its block takes one; false otherwise. */
export function fillPlaceholderFromUrl(editor: Editor, position: number, url: string): boolean {
  const creation = placeholderAt(editor, position);
  if (!creation?.fromUrl || url.trim() === '') return false;
  emptyLineFor(editor, position);
  insertMarkup(editor, creation.fromUrl(url.trim()));
  return true;
}

/** The event by which a placeholder asks the screen for the media library (its picker dialog), with what to do with the file picked. */
export const LIBRARY_ASKED = 'inkwell:placeholder-library';

export interface LibraryAsked {
  kind: readonly MediaKind[];
  /** A gallery's: further images picked go into it until the writer is done. */
  several: boolean;
  done(item: MediaItem): void;
}
