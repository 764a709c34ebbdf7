// SQL of the contact-form namespace: forms, stored submissions with their files, and mail.
import type { Store } from '../../store/db.ts';

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
  const where = query.search ? "WHERE title LIKE ? ESCAPE '\\'" : '';
  const params = query.search ? [`%${query.search.replace(/[\\%_]/g, '\\$&')}%`] : [];
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

// ---- Submissions ----------------------------------------------------------------------

export type SubmissionStatus = 'received' | 'spam' | 'mail_sent' | 'mail_failed';

export interface SubmissionRow {
  id: number;
  form_id: number;
  status: SubmissionStatus;
  /** JSON: field name -> submitted value (after pipes). */
  posted_data: string;
  posted_data_hash: string;
  /** JSON: remote address, user agent, page, unit tag, user. */
  meta: string;
  created: string;
  error: string | null;
}

export interface SubmissionFile {
  field: string;
  file_name: string;
  content_type: string;
  bytes: Buffer;
}

/** The submission and its files land together, or not at all. */
export function insertSubmission(
  store: Store,
  submission: Pick<SubmissionRow, 'form_id' | 'posted_data' | 'posted_data_hash' | 'meta' | 'created'>,
  files: readonly SubmissionFile[],
): number {
  return store.transaction(() => {
    const id = Number(store.run(
      `INSERT INTO contact_form_submissions (form_id, status, posted_data, posted_data_hash, meta, created)
       VALUES (@form_id, 'received', @posted_data, @posted_data_hash, @meta, @created)`,
      submission,
    ).lastInsertRowid);
    for (const file of files) {
      store.run(
        'INSERT INTO contact_form_files (submission_id, field, file_name, content_type, size, bytes) VALUES (?, ?, ?, ?, ?, ?)',
        id, file.field, file.file_name, file.content_type, file.bytes.length, file.bytes,
      );
    }
    return id;
  });
}

export function setSubmissionStatus(store: Store, id: number, status: SubmissionStatus, error: string | null = null): void {
  store.run('UPDATE contact_form_submissions SET status = ?, error = ? WHERE id = ?', status, error, id);
}

/** The submission's number among its form's submissions (1 for the first). */
export function submissionSerial(store: Store, formId: number, id: number): number {
  return store.get<{ serial: number }>('SELECT COUNT(*) AS serial FROM contact_form_submissions WHERE form_id = ? AND id <= ?', formId, id)?.serial ?? 0;
}

export function listSubmissions(store: Store, formId?: number): SubmissionRow[] {
  return formId === undefined
    ? store.all<SubmissionRow>('SELECT * FROM contact_form_submissions ORDER BY id')
    : store.all<SubmissionRow>('SELECT * FROM contact_form_submissions WHERE form_id = ? ORDER BY id', formId);
}

export function submissionFiles(store: Store, submissionId: number): SubmissionFile[] {
  return store.all<SubmissionFile>('SELECT field, file_name, content_type, bytes FROM contact_form_files WHERE submission_id = ? ORDER BY id', submissionId);
}

// ---- Mail -----------------------------------------------------------------------------

/** `outbox`: no SMTP server was configured; `failed`: the server refused it; `sent`: delivered. */
export type MailStatus = 'outbox' | 'sent' | 'failed';

export interface MailRow {
  id: number;
  submission_id: number | null;
  /** `mail` or `mail_2` (the autoresponder). */
  kind: string;
  status: MailStatus;
  sender: string;
  /** JSON array of envelope recipients. */
  recipients: string;
  subject: string;
  /** The whole message (RFC 5322), kept until it is delivered. */
  raw: Buffer | null;
  error: string | null;
  created: string;
}

export function insertMail(store: Store, mail: Omit<MailRow, 'id'>): number {
  return Number(store.run(
    `INSERT INTO contact_form_mail (submission_id, kind, status, sender, recipients, subject, raw, error, created)
     VALUES (@submission_id, @kind, @status, @sender, @recipients, @subject, @raw, @error, @created)`,
    mail,
  ).lastInsertRowid);
}

/** Mail not delivered: waiting for an SMTP server, or refused by one. */
export function listUndelivered(store: Store): MailRow[] {
  return store.all<MailRow>("SELECT * FROM contact_form_mail WHERE status <> 'sent' ORDER BY id");
}

export function listMail(store: Store): MailRow[] {
  return store.all<MailRow>('SELECT * FROM contact_form_mail ORDER BY id');
}
