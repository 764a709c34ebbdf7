// The one door sync has into a connected site's local copy: what it reads of the copy and
// the writes it makes there, in sync's words. Every write goes through the site's own
// routes (its rules of statuses, dates, slugs, terms, sanitising, rendering and media);
// the one thing the routes cannot express, keeping the remote's modified date, is done in
// the domain layer (see keepModified). The copy's rows are read, never patched.
import type { PostRow } from '../store/posts.ts';
import type { MediaRow } from '../store/media.ts';
import type { TermRow } from '../store/terms.ts';

export type LocalItemKind = 'post' | 'page' | 'wp_block';

/** A post or page of the copy (or an attachment, or an autosave), as stored. */
export type LocalItem = PostRow;

/** A term of the copy's categories or tags. */
export type LocalTerm = TermRow;

/** A media item of the copy: its attachment item and its files (paths relative to the uploads folder). */
export interface LocalMedia {
  item: LocalItem;
  files: MediaRow;
}

/** A file sent to the copy's media library. */
export interface NewMedia {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  title: string;
  altText: string;
}

/** What a writer can change in an item, with its local ids (parent, featured image, terms); a floating draft's date is null. */
export interface LocalWriting {
  type: string;
  status: string;
  status_before_trash: string | null;
  parent: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  password: string;
  comment_status: string;
  ping_status: string;
  format: string;
  sticky: boolean;
  template: string;
  menu_order: number;
  featured_media: number;
  meta: Record<string, unknown>;
  date_gmt: string | null;
  categories: number[];
  tags: number[];
}

/** The local site refused a write (the remote item breaks one of its rules). */
export class LocalWriteError extends Error {}

export interface LocalCopy {
  /** The item statuses the copy's deployment writes (those sync carries both ways). */
  readonly writableStatuses: readonly string[];
  /** The post meta keys the copy's deployment has a home for. */
  readonly metaKeys: readonly string[];

  /** One item as stored; undefined once it is deleted for good. */
  item(id: number): LocalItem | undefined;
  /**
   * The item's writing: what a writer can change in it (its fields, terms and meta), not its
   * version or modified date, which the copy's own bookkeeping moves too (a parent's new
   * slug gives every subpage a new version). Undefined once it is deleted.
   */
  writing(id: number): LocalWriting | undefined;
  /** Every item of the kind in these statuses and in the trash, oldest id first: what push compares with the mapping. */
  items(kind: LocalItemKind, statuses: readonly string[]): LocalItem[];
  /** The pages whose parent is this page. */
  childPages(id: number): LocalItem[];
  /** Words the writer has not saved yet: an autosave newer than the item's last save with other text. */
  unsavedAutosave(item: LocalItem): LocalItem | undefined;

  /** The item as the local site shows it to any client in edit context (the fields sync sends). */
  read<T>(kind: LocalItemKind, id: number): Promise<T>;
  /** Creates the item (without an id) or updates it, through the site's rules; answers its id. */
  save(kind: LocalItemKind, fields: Record<string, unknown>, id?: number): Promise<number>;
  /** Moves the item to the trash. */
  trash(kind: LocalItemKind, id: number): Promise<void>;
  /** Deletes the item for good (child pages move up, as the site's rules have it). */
  remove(kind: LocalItemKind, id: number): Promise<void>;
  /**
   * Gives the item back a modified date after a write of sync's: a pulled item shows when
   * the remote last changed it, not when it was pulled. The routes cannot say this (any
   * write through them is modified now), so it is done in the domain layer.
   */
  keepModified(id: number, modified: string, modifiedGmt: string): void;
  /**
   * Gives a pulled page the parent that was pulled after it, under the site's rule for
   * parents (a page here, not one of its own subpages). Only the link: the remote shaped
   * the rest of the page already, and a whole write through the routes would re-run every
   * rule over it (a trashed page without a slug would get one) and count its subpages as
   * edited here.
   */
  linkParent(id: number, parentId: number): void;

  /** Of these term ids, those that are terms of the taxonomy here, in the order given. */
  knownTerms(taxonomy: string, ids: readonly number[]): number[];
  term(taxonomy: string, id: number): LocalTerm | undefined;
  termBySlug(taxonomy: string, slug: string): LocalTerm | undefined;
  /** Creates a term through the site's rules; a slug taken here gets a suffix. Answers its id. */
  addTerm(taxonomy: string, term: Omit<LocalTerm, 'id' | 'taxonomy'>): Promise<number>;

  media(id: number): LocalMedia | undefined;
  /** The bytes of one of the library's files (a path relative to the uploads folder). */
  mediaFile(path: string): Promise<Buffer<ArrayBuffer>>;
  /** Where the copy serves one of the library's files. */
  mediaUrl(path: string): string;
  /** Uploads a file into the library through the site's media route; answers the media item's id. */
  addMedia(file: NewMedia): Promise<number>;

  /** Takes the remote's name and time zone (an IANA name or `UTC+5:30`) through the copy's settings route. */
  keepSiteDetails(details: { name: string; timezone: string }): Promise<void>;

  close(): void;
}
