// A post's text (title, content, excerpt) as a writer reads it in a comparison.
import { readableText } from './readable-text.ts';

export interface TextVersion {
  title: string;
  content: string;
  excerpt: string;
}

export const readableVersion = (version: TextVersion): string =>
  [version.title, readableText(version.content), version.excerpt].filter((part) => part.trim() !== '').join('\n\n');

/**
 * The settings (fields besides the text) edits change, as a writer reads them, e.g.
 * `Slug: “new-name”`; `formatDate` writes a publish date in the site's zone and formats.
 */
export function settingsChanged(fields: Partial<Record<string, unknown>>, formatDate: (local: string) => string): string[] {
  return Object.entries(fields)
    .filter(([field]) => field in SETTING_NAMES)
    .map(([field, value]) => `${SETTING_NAMES[field]}: ${field === 'date' && typeof value === 'string' && value !== '' ? formatDate(value) : settingValue(value)}`);
}

/** What a kept version would restore besides its text: its settings, then the synced patterns it changed, by name. */
export function changesBesidesText(version: { fields: Partial<Record<string, unknown>>; patterns?: Record<number, { title: string }> }, formatDate: (local: string) => string): string[] {
  const patterns = Object.entries(version.patterns ?? {}).map(([id, { title }]) => `Synced pattern: “${title || `#${id}`}” changed`);
  return [...settingsChanged(version.fields, formatDate), ...patterns];
}

const SETTING_NAMES: Record<string, string> = {
  status: 'Status', date: 'Publish date', slug: 'Slug', password: 'Password', sticky: 'Sticky', format: 'Format',
  categories: 'Categories', tags: 'Tags', featured_media: 'Featured image', template: 'Template', parent: 'Parent page',
  menu_order: 'Order', meta: 'Other settings',
};

function settingValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '(empty)' : `“${value}”`;
  if (Array.isArray(value)) return `${value.length} chosen`;
  if (typeof value === 'number') return String(value);
  return 'changed';
}
