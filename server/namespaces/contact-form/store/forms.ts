// SQL of the contact forms themselves (the contact_forms table).
import { containsText } from '../../../store/search-text.ts';
import type { Store } from '../../../store/db.ts';

export interface ContactFormRow {
  id: number;
  slug: string;
  title: string;
  locale: string;
  /** JSON of FormProperties. */
  properties: string;
  created: string;
  modified: string;
}

export type FormOrderBy = 'id' | 'title' | 'slug' | 'date' | 'modified';

const ORDER_COLUMNS: Record<FormOrderBy, string> = { id: 'id', title: 'title COLLATE NOCASE', slug: 'slug', date: 'created', modified: 'modified' };

export function getForm(store: Store, id: number): ContactFormRow | undefined {
  return store.get<ContactFormRow>('SELECT * FROM contact_forms WHERE id = ?', id);
}

export function listForms(
  store: Store,
  query: { search?: string; orderby: FormOrderBy; order: 'asc' | 'desc'; limit: number; offset: number },
): { rows: ContactFormRow[]; total: number } {
  const contains = query.search ? containsText(store.dialect, 'title', query.search) : null;
  const where = contains ? `WHERE ${contains.sql}` : '';
  const params = contains ? [contains.param] : [];
  const order = `${ORDER_COLUMNS[query.orderby]} ${query.order === 'desc' ? 'DESC' : 'ASC'}, id ${query.order === 'desc' ? 'DESC' : 'ASC'}`;
  const rows = store.all<ContactFormRow>(`SELECT * FROM contact_forms ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, ...params, query.limit, query.offset);
  const total = store.get<{ total: number }>(`SELECT COUNT(*) AS total FROM contact_forms ${where}`, ...params)?.total ?? 0;
  return { rows, total };
}

export function formSlugTaken(store: Store, slug: string, exceptId = 0): boolean {
  return store.get('SELECT 1 FROM contact_forms WHERE slug = ? AND id <> ?', slug, exceptId) !== undefined;
}

export function insertForm(store: Store, row: Omit<ContactFormRow, 'id'>): number {
  const result = store.run(
    'INSERT INTO contact_forms (slug, title, locale, properties, created, modified) VALUES (@slug, @title, @locale, @properties, @created, @modified)',
    row,
  );
  return Number(result.lastInsertRowid);
}

export function updateForm(store: Store, row: ContactFormRow): void {
  store.run('UPDATE contact_forms SET slug = @slug, title = @title, locale = @locale, properties = @properties, modified = @modified WHERE id = @id', row);
}

export function deleteForm(store: Store, id: number): boolean {
  return store.run('DELETE FROM contact_forms WHERE id = ?', id).changes > 0;
}
