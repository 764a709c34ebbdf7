// Meta fields: only the deployment's registered keys are stored; each reads back with
// its default when unset.
import type { ArgSchema, RequestUser } from '../rest/types.ts';
import { can } from '../auth/capabilities.ts';
import { plainText } from './html-filter.ts';
import { filterFootnotes } from './markup-filter.ts';

export interface MetaField {
  type: 'boolean' | 'string';
  default: boolean | string;
  description: string;
}

/** The `meta` field's descriptor: one property per meta key of the deployment. */
export function metaSchema(fields: Readonly<Record<string, MetaField>>) {
  const properties: Record<string, ArgSchema> = {};
  for (const [key, field] of Object.entries(fields)) {
    properties[key] = { type: field.type, description: field.description, default: field.default };
  }
  return { description: 'Meta fields.', type: 'object', properties } as const satisfies ArgSchema;
}

export function readMeta(fields: Readonly<Record<string, MetaField>>, stored: string): Record<string, unknown> {
  const values = JSON.parse(stored) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) result[key] = values[key] ?? field.default;
  return result;
}

/** Merges validated `changes` into the stored meta, dropping keys the deployment does not register. */
export function mergeMeta(fields: Readonly<Record<string, MetaField>>, stored: string, changes: Record<string, unknown>): string {
  const values = JSON.parse(stored) as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (key in fields) values[key] = value;
  }
  return JSON.stringify(values);
}

/** A plain-text field as stored for `user`: as written with `unfiltered_html`, else without markup (sanitize_text_field, as far as tags go). */
export function plainTextFor(user: RequestUser, text: string): string {
  return can(user, 'unfiltered_html') ? text : plainText(text);
}

/** Meta changes as stored for `user`: `footnotes` filtered as content is, every other text field as plain text. */
export function filterMetaChanges(user: RequestUser, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const filtered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (typeof value !== 'string') filtered[key] = value;
    else filtered[key] = key === 'footnotes' ? filterFootnotes(user, value) : plainTextFor(user, value);
  }
  return filtered;
}
