// The resources of the site interface as clients see them (edit context).

export interface Rendered {
  rendered: string;
  raw?: string;
}

export interface ContentField extends Rendered {
  protected?: boolean;
  block_version?: number;
}

export type PostStatus = 'publish' | 'future' | 'draft' | 'pending' | 'private' | 'trash' | 'inherit' | string;

export interface Post {
  id: number;
  type: 'post' | 'page' | string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  slug: string;
  status: PostStatus;
  link: string;
  title: Rendered;
  content: ContentField;
  excerpt: ContentField;
  author: number;
  featured_media: number;
  password?: string;
  sticky?: boolean;
  format?: string;
  template?: string;
  categories?: number[];
  tags?: number[];
  parent?: number;
  menu_order?: number;
  meta?: Record<string, unknown>;
}

export interface Revision {
  id: number;
  parent: number;
  author: number;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  title: Rendered;
  content: Rendered;
  excerpt: Rendered;
  preview_link?: string;
}

export interface MediaSize {
  file: string;
  width: number;
  height: number;
  mime_type: string;
  filesize?: number;
  source_url: string;
}

export interface MediaItem {
  id: number;
  date: string;
  modified_gmt: string;
  slug: string;
  status: PostStatus;
  title: Rendered;
  caption: Rendered;
  description: Rendered;
  alt_text: string;
  media_type: 'image' | 'file';
  mime_type: string;
  source_url: string;
  post: number | null;
  media_details: {
    width?: number;
    height?: number;
    filesize?: number;
    sizes: Record<string, MediaSize>;
    /** Set on an edited copy: the item it was made from. */
    parent_image?: { attachment_id: number; file: string };
  };
  missing_image_sizes?: string[];
}

export interface Term {
  id: number;
  name: string;
  slug: string;
  parent?: number;
}

/** A user; username, email, roles and registration date only in edit context. */
export interface User {
  id: number;
  username?: string;
  name: string;
  email?: string;
  url: string;
  description: string;
  link: string;
  slug: string;
  roles?: string[];
  registered_date?: string;
  avatar_urls: Record<string, string>;
}

/** What the oEmbed routes say about a URL. */
export interface EmbedData {
  title?: string;
  provider_name?: string;
  thumbnail_url?: string;
  type?: string;
  html?: string;
}

export interface ErrorBody {
  code: string;
  message: string;
  data?: { status?: number; params?: Record<string, string> } & Record<string, unknown>;
}

export interface BatchRequest {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
}

export interface BatchResult<T = unknown> {
  status: number;
  body: T | ErrorBody;
}

/** An image edit, as the media edit route takes it. */
export type ImageModifier =
  | { type: 'flip'; args: { flip: { horizontal: boolean; vertical: boolean } } }
  | { type: 'rotate'; args: { angle: number } }
  | { type: 'crop'; args: { left: number; top: number; width: number; height: number } };
