// The resources of the site interface as clients see them (edit context). Posts, pages,
// revisions and media come from the server's item schemas (site-resources.generated.ts).
import type { MediaFields, PostFields, RevisionFields } from './site-resources.generated.ts';
import type { BatchArgs, ContentArgs } from './site-args.generated.ts';
import type { SpacingSize } from './spacing-presets.ts';

/**
 * A post or page: the fields of the server's item schema. The schema's dates may be null
 * (a write that unsets them); this site's answers always carry both.
 */
export interface Post extends Omit<PostFields, 'date' | 'date_gmt'> {
  date: string;
  date_gmt: string;
}

/** A revision or autosave: the fields of the server's schema. */
export type Revision = RevisionFields;

export interface MediaSize {
  file: string;
  width: number;
  height: number;
  mime_type: string;
  filesize?: number;
  source_url: string;
}

/**
 * A media item: the fields of the server's item schema, with what the schema leaves open
 * (the file's details) or says loosely (an unattached item's `post` is null) made precise.
 */
export interface MediaItem extends Omit<MediaFields, 'media_type' | 'post' | 'media_details'> {
  media_type: 'image' | 'file';
  post: number | null;
  media_details: {
    width?: number;
    height?: number;
    filesize?: number;
    sizes: Record<string, MediaSize>;
    /** Set on an edited copy: the item it was made from. */
    parent_image?: { attachment_id: number; file: string };
  };
}

/** A category or tag; only categories have a parent. */
export interface Term {
  id: number;
  count: number;
  description: string;
  link: string;
  name: string;
  slug: string;
  taxonomy: string;
  parent?: number;
}

/** What the index (`GET {api_root}`) says about the site. */
export interface SiteDescription {
  name: string;
  description: string;
  url: string;
  home: string;
  gmt_offset: number;
  timezone_string: string;
  page_for_posts: number;
  page_on_front: number;
  show_on_front: string;
}

/** The index document: the site, its namespaces, where apps ask for a credential, and its routes. */
export interface SiteIndex extends SiteDescription {
  namespaces: string[];
  authentication: { 'application-passwords'?: { endpoints: { authorization: string } } };
  routes: Record<string, unknown>;
}

/** A block theme's template, as WordPress's templates route lists it. */
export interface BlockTemplate {
  slug: string;
  is_custom?: boolean;
  title?: { raw?: string; rendered?: string } | string;
}

/** A theme as a WordPress lists it (`/wp/v2/themes?status=active`), in the part the editor reads. */
export interface ActiveTheme {
  stylesheet: string;
  /** The parent theme's folder name (the stylesheet's own when it has none). */
  template?: string;
  /** Its screenshot's address, in the theme's folder ('' when it has none): WordPress 6.1 names the folder nowhere else. */
  screenshot?: string;
  /** What a classic theme declares with add_theme_support, as far as the themes route shows it (WordPress 6.1 shows `editor-gradient-presets`, not `link-color`). */
  theme_supports?: { 'editor-color-palette'?: unknown; 'editor-gradient-presets'?: unknown; 'disable-custom-gradients'?: unknown; 'link-color'?: unknown; 'editor-font-sizes'?: unknown };
}

/** A theme's theme.json as WordPress serves it (`/wp/v2/global-styles/themes/<stylesheet>`), or as its file is written, in the part the editor reads. */
export interface ThemeGlobalStyles {
  settings?: { appearanceTools?: boolean; color?: { palette?: unknown; defaultPalette?: boolean; gradients?: unknown; defaultGradients?: boolean; customGradient?: boolean; link?: boolean }; spacing?: { spacingSizes?: unknown; spacingScale?: unknown; defaultSpacingSizes?: boolean }; typography?: { fontSizes?: unknown } };
}

/** A colour of a site's palette: its slug (has-<slug>-color), its value and its name. */
export interface PaletteColour { slug: string; colour: string; name: string }

/** A gradient of a site's theme: its slug (has-<slug>-gradient-background), its CSS value and its name. */
export interface PaletteGradient { slug: string; gradient: string; name: string }

/**
 * The colours a site's theme declares, whether WordPress's default palette is offered after them,
 * and, each said only when the theme says so: its own gradients, that WordPress's default
 * gradients are left out, that no custom gradient may be made, and that a block's links take a colour of their own; its spacing presets.
 */
export interface SitePalette {
  theme: PaletteColour[]; withDefault: boolean; gradients?: PaletteGradient[]; withoutDefaultGradients?: true; withoutCustomGradients?: true; link?: true;
  /** The site's spacing presets, where its theme makes them other than WordPress's own (shared/spacing-presets.ts). */
  spacing?: SpacingSize[];
  /** The font sizes its theme declares (each drawn as --wp--preset--font-size--<slug> and has-<slug>-font-size), where it declares any. */
  fontSizes?: SpacingSize[];
}

/** What a route says of itself (OPTIONS): its methods and endpoints, and a collection's item schema with its fields' JSON Schemas. */
export interface RouteOptions {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, unknown> }[];
  schema?: { properties?: Record<string, { type?: string | string[]; enum?: unknown[]; description?: string }> };
}

/**
 * The site's settings route (`/wp/v2/settings`, here `cms/v2/settings`), as far as the app reads
 * and writes it. `timezone` is empty on a site set to a manual offset (the index's `gmt_offset`
 * says which); date and time formats are PHP `date()` formats.
 */
export interface SiteSettings {
  title: string;
  description: string;
  timezone: string;
  date_format: string;
  time_format: string;
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

/** A template a site offers for its posts or pages (shared/site-templates.ts reads them). */
export interface SiteTemplate {
  slug: string;
  title: string;
}

/** A sub-request of a batch, as the batch route declares it (headers per sub-request, e.g. a precondition). */
export type BatchRequest = BatchArgs['batch']['POST']['requests'][number];

export interface BatchResult<T = unknown> {
  status: number;
  body: T | ErrorBody;
}

/** What a write of a post or page sends (its create, update and autosave take the same fields), as those routes declare it. */
export type PostWrite = ContentArgs['post']['POST'];

/** An image edit (flip, rotate, crop, and scale beyond the reference API), as the media edit route declares it. */
export type ImageModifier = Exclude<ContentArgs['mediaEdit']['POST']['modifiers'], undefined>[number];
