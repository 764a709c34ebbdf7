// A media block's placeholder (renderer/blocks/media-placeholder.ts) given its media: the files
// uploaded, picked from the library or dropped on it, or the address typed in it. The block is made
// where the placeholder stood as its inserter entry makes it around a file (a gallery around every
// image at once, a cover over its image's colour), so it is the same block as one made any other
// way; the placeholder's empty block goes, as the block editor's block takes its media. A cover's
// is made of a palette colour picked there too, or to show the post's featured image.
import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { TextSelection } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { replacedMedia } from '../blocks/media-switch.ts';
import type { MediaItem, PaletteColour } from '../../shared/site-types.ts';
import type { MediaKind } from '../blocks/block-definition.ts';
import { MEDIA_PLACEHOLDER_NODE } from '../blocks/media-placeholder.ts';
import { embedOfAddress } from '../blocks/embed-block.ts';
import { CATALOGUE, type Creation } from './block-catalogue.ts';
import { insertMarkup } from './create-block.ts';
import { insertCoverFromImage } from './cover-image-colour.ts';
import { coverOfFeaturedImage } from '../blocks/cover-featured.ts';
import { REMOVED_NAMES } from './safe-blocks.ts';

export type MediaCreation = Extract<Creation, { kind: 'media' }>;

/** How the block of the placeholder titled `title` is made (its inserter entry's creation), or null. */
export function placeholderCreation(title: string): MediaCreation | null {
  const creation = CATALOGUE.find((entry) => entry.title === title)?.creation;
  return creation?.kind === 'media' ? creation : null;
}

/** The creation of the block awaiting its media in its figure (media & text's) that `node` is, or null. */
export function awaitingCreation(node: PmNode): MediaCreation | null {
  if (node.type.name !== 'blockContainer') return null;
  const entry = CATALOGUE.find(({ creation }) => creation.kind === 'media' && creation.awaitsMedia?.(String(node.attrs.name), String(node.attrs.opening)));
  return entry?.creation.kind === 'media' ? entry.creation : null;
}

/** The creation of the placeholder at `position` (or of the block awaiting its media there), or null when none stands there. */
function placeholderAt(editor: Editor, position: number): MediaCreation | null {
  const node = editor.state.doc.nodeAt(position);
  if (!node) return null;
  return node.type.name === MEDIA_PLACEHOLDER_NODE ? placeholderCreation(String(node.attrs.title)) : awaitingCreation(node);
}

/** The block awaiting its media at `position` given `item` as its Replace gives it (media-switch.ts), its blocks kept; false where it cannot be. */
function fillFigure(editor: Editor, position: number, item: MediaItem): boolean {
  const node = editor.state.doc.nodeAt(position);
  if (!node) return false;
  const sizes = Object.fromEntries(Object.entries(item.media_details?.sizes ?? {}).map(([slug, size]) => [slug, size.source_url]));
  const kind = item.mime_type.startsWith('video/') ? 'video' : 'image';
  const held = (node.attrs.blockAttributes ?? {}) as Record<string, unknown>;
  const replaced = replacedMedia(String(node.attrs.name), held, String(node.attrs.opening), String(node.attrs.closing), { id: item.id, url: item.source_url, sizes, alt: item.alt_text, link: item.link ?? '', kind });
  if (!replaced) return false;
  editor.view.dispatch(closeHistory(editor.state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...replaced })));
  return true;
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
  if (creation.awaitsMedia && editor.state.doc.nodeAt(position)?.type.name !== MEDIA_PLACEHOLDER_NODE) return fillFigure(editor, position, fitting[0]);
  emptyLineFor(editor, position);
  if (creation.several && fitting.length > 1) insertMarkup(editor, creation.several(fitting));
  // A cover of an image at once where the writer is; its colour follows when its image is read.
  else if (creation.judgesImageColour && fitting[0].mime_type.startsWith('image/')) void insertCoverFromImage(editor, fitting[0]);
  else insertMarkup(editor, creation.markup(fitting[0]));
  return true;
}

/** The embed block the placeholder's block gives way to for the address `url` typed in it, where a provider knows it; else null. */
export function embedInstead(creation: MediaCreation, url: string): string | null {
  return creation.embeds ? embedOfAddress(creation.embeds.address(url.trim())) : null;
}

/**
 * The placeholder at `position` made into its block around the address `url`, where its block takes
 * one, or into the embed the block editor makes of an address its providers know (an image's only
 * when the address does not load as an image: `loadsAsImage`); false otherwise.
 */
export function fillPlaceholderFromUrl(editor: Editor, position: number, url: string, loadsAsImage = false): boolean {
  const creation = placeholderAt(editor, position);
  if (!creation?.fromUrl || url.trim() === '') return false;
  const embed = creation.embeds?.when === 'unless an image' && loadsAsImage ? null : embedInstead(creation, url);
  emptyLineFor(editor, position);
  insertMarkup(editor, embed ?? creation.fromUrl(url.trim()));
  return true;
}

/** The placeholder at `position` made into the block `made` makes of its creation (the caret in the block); false, changing nothing, where it makes none. */
function fillPlaceholderWith(editor: Editor, position: number, made: (creation: MediaCreation) => string | undefined): boolean {
  const creation = placeholderAt(editor, position);
  const markup = creation && made(creation);
  if (!markup) return false;
  emptyLineFor(editor, position);
  insertMarkup(editor, markup);
  return true;
}

/** The placeholder at `position` made into its block of the palette colour `colour` (a cover's, the caret in its title as in the block editor); false where its block takes no colour. */
export const fillPlaceholderFromColour = (editor: Editor, position: number, colour: PaletteColour): boolean => fillPlaceholderWith(editor, position, (creation) => creation.fromColour?.(colour));

/** The placeholder at `position` made into its block showing the post's featured image (a cover's, its overlay judged with the site's `palette`, the caret in its title); false where its block offers none. */
export const fillPlaceholderFromFeaturedImage = (editor: Editor, position: number, palette: readonly PaletteColour[]): boolean => fillPlaceholderWith(editor, position, (creation) => (creation.offersFeaturedImage ? coverOfFeaturedImage(palette) : undefined));

/** The event by which a placeholder asks the screen for the media library (its picker dialog), with what to do with the file picked. */
export const LIBRARY_ASKED = 'inkwell:placeholder-library';

export interface LibraryAsked {
  kind: readonly MediaKind[];
  /** A gallery's: further images picked go into it until the writer is done. */
  several: boolean;
  done(item: MediaItem): void;
}
