// The importers of seo/v1: what other search-optimisation plugins left in post meta, moved
// to this site's own search settings of each post (post-seo-meta.ts). Like Yoast's,
// they never overwrite a value the post already has, work through the posts in batches of 25
// by id with a cursor kept between calls, and leave the other plugin's keys in place.
// Template variables are rewritten to this site's (replace-vars.ts) where one
// means the same; others stay as written.
import type { SiteContext } from '../../site-context.ts';
import { getPost } from '../../store/posts.ts';
import { postsWithMetaKeys } from './store/foreign-meta.ts';
import { readPostSeoMeta, writePostSeoMeta, type PostSeoMeta } from './post-seo-meta.ts';
import { INDEXED_POST_TYPES, indexPost } from './indexer.ts';
import { settings } from './settings-state.ts';

export const IMPORT_BATCH = 25;

type Field = 'seo_title' | 'meta_description' | 'focus_keyphrase' | 'noindex';

interface FieldImport {
  /** The other plugin's meta key. */
  from: string;
  to: Field;
  /** The value as this site keeps it, or undefined when the stored one says nothing. */
  convert: (value: unknown) => PostSeoMeta[Field] | undefined;
}

export interface Importer {
  plugin: string;
  type: string;
  fields: FieldImport[];
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
/** Text whose `%name%` variables become this site's `%%name%%` where `names` maps them. */
const template = (names: Record<string, string>) => (value: unknown) =>
  text(value)?.replace(/%([a-z_]+)%/g, (written, name: string) => (name in names ? `%%${names[name]}%%` : written));
const RANK_MATH_VARIABLES = { title: 'title', sitename: 'sitename', sitedesc: 'sitedesc', sep: 'sep', excerpt: 'excerpt', currentyear: 'currentyear', name: 'name', id: 'id' };
const AIOSEO_VARIABLES = { post_title: 'title', blog_title: 'sitename', blog_description: 'sitedesc', post_author_name: 'name' };
/** Rank Math keeps the focus keyphrase first in a comma-separated list of keyphrases. */
const firstOfList = (value: unknown) => text(typeof value === 'string' ? value.split(',')[0] : undefined);
/** Rank Math's robots list (an array, or as PHP serialised it): `noindex`, or an explicit `index`. */
function robotsNoindex(value: unknown): boolean | undefined {
  const words = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.match(/\b(no)?index\b/g) ?? [] : [];
  if (words.includes('noindex')) return true;
  return words.includes('index') ? false : undefined;
}
/** All in One SEO before version 4 kept a checkbox: `on` hides the post from search engines. */
const onOff = (value: unknown) => (value === 'on' || value === true || value === '1' ? true : value === 'off' ? false : undefined);

export const IMPORTERS: readonly Importer[] = [
  {
    plugin: 'rankmath',
    type: 'posts',
    fields: [
      { from: 'rank_math_title', to: 'seo_title', convert: template(RANK_MATH_VARIABLES) },
      { from: 'rank_math_description', to: 'meta_description', convert: template(RANK_MATH_VARIABLES) },
      { from: 'rank_math_focus_keyword', to: 'focus_keyphrase', convert: firstOfList },
      { from: 'rank_math_robots', to: 'noindex', convert: robotsNoindex },
    ],
  },
  {
    plugin: 'aioseo',
    type: 'posts',
    fields: [
      { from: '_aioseop_title', to: 'seo_title', convert: template(AIOSEO_VARIABLES) },
      { from: '_aioseop_description', to: 'meta_description', convert: template(AIOSEO_VARIABLES) },
      { from: '_aioseop_noindex', to: 'noindex', convert: onOff },
    ],
  },
];

export interface ImportedPost {
  post_id: number;
  /** What was moved, by this site's field names. */
  imported: Partial<PostSeoMeta>;
  /** Fields the post already had a value for, which the import left alone. */
  kept: Field[];
}

const hasValue = (value: unknown) => value !== '' && value !== null && value !== undefined;

/** Imports the next batch; an empty result means the import is complete (the cursor starts over). */
export function importNextBatch(site: SiteContext, importer: Importer): ImportedPost[] {
  const { store } = site;
  const cursorName = `${importer.plugin}/${importer.type}`;
  // One transaction per batch: every post of it moves, and the cursor with them, or none does.
  // Under the write lock from the cursor's reading on: batches asked through two instances at
  // once take turns, and the lock is taken before any row's (no deadlock with a post's save).
  return store.writeTransaction(() => {
    const cursors = settings.importCursors.get(store);
    const rows = postsWithMetaKeys(store, [...INDEXED_POST_TYPES], importer.fields.map((field) => field.from), cursors[cursorName] ?? 0, IMPORT_BATCH);
    const report = rows.map((row) => {
      const current = readPostSeoMeta(row);
      const foreign = JSON.parse(row.meta) as Record<string, unknown>;
      const imported: Partial<PostSeoMeta> = {};
      const kept: Field[] = [];
      for (const field of importer.fields) {
        const value = field.from in foreign ? field.convert(foreign[field.from]) : undefined;
        if (value === undefined) continue;
        if (hasValue(current[field.to])) kept.push(field.to);
        else Object.assign(imported, { [field.to]: value });
      }
      if (Object.keys(imported).length > 0) {
        writePostSeoMeta(store, row, imported);
        // The indexable carries the keyphrase and robots choice the head and scores read.
        indexPost(site, getPost(store, row.id)!, { links: false });
      }
      return { post_id: row.id, imported, kept };
    });
    settings.importCursors.set(store, { ...cursors, [cursorName]: rows.length > 0 ? rows[rows.length - 1].id : 0 });
    return report;
  });
}
