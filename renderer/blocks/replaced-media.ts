// What a cover's or media & text's Replace takes (the picked item) and gives (the block's HTML and attributes).
import type { PaletteColour } from '../../shared/site-types.ts';

export type { PaletteColour };

/** What a block takes in place of its media: the picked item's id, address, its image sizes' addresses by slug, alt text, attachment page and kind. */
export interface ReplacedBy {
  id: number;
  url: string;
  sizes?: Readonly<Record<string, string>>;
  alt: string;
  link: string;
  kind: 'image' | 'video';
}

/** The block's held HTML (around its blocks) and attributes after the Replace. */
export interface Replaced { opening: string; closing: string; blockAttributes: Record<string, unknown> }
