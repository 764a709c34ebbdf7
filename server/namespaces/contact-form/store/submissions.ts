// SQL of stored submissions and their uploaded files. Submissions outlive their form.
import type { Store } from '../../../store/db.ts';

/**
 * `received`: stored, its mail not begun (sent when the site next starts, should its process
 * have died); `mailing`: its mail claimed by one process, and given to the SMTP server or the
 * outbox (never again: should that process die, the server may have it).
 */
export type SubmissionStatus = 'received' | 'mailing' | 'spam' | 'mail_sent' | 'mail_failed';

export interface SubmissionRow {
  id: number;
  form_id: number;
  status: SubmissionStatus;
  /** JSON: field name -> submitted value (after pipes). */
  posted_data: string;
  /**
   * JSON: field name -> the value the visitor chose, where pipes or free text changed it (for
   * mail's `[_raw_…]` tags); NULL for one stored by an earlier version (migration 18).
   */
  raw_data: string | null;
  posted_data_hash: string;
  /** JSON: remote address, user agent, page, unit tag, user. */
  meta: string;
  created: string;
  error: string | null;
  /** Its autoresponder: `pending` once its mail is sent, `claimed` once a process took it; null when its form sends none (migration 20). */
  autoresponder: 'pending' | 'claimed' | null;
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
  submission: Pick<SubmissionRow, 'form_id' | 'posted_data' | 'raw_data' | 'posted_data_hash' | 'meta' | 'created'>,
  files: readonly SubmissionFile[],
): number {
  return store.transaction(() => {
    const id = Number(store.run(
      `INSERT INTO contact_form_submissions (form_id, status, posted_data, raw_data, posted_data_hash, meta, created)
       VALUES (@form_id, 'received', @posted_data, @raw_data, @posted_data_hash, @meta, @created)`,
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

/** Takes the submission's mail for this process: true for the one process whose claim moved it from `received`. */
export function claimSubmissionMail(store: Store, id: number): boolean {
  return store.run("UPDATE contact_form_submissions SET status = 'mailing' WHERE id = ? AND status = 'received'", id).changes === 1;
}

/** Its mail sent: its autoresponder is to be sent, in the transaction that says so. */
export function awaitAutoresponder(store: Store, id: number): void {
  store.run("UPDATE contact_form_submissions SET autoresponder = 'pending' WHERE id = ?", id);
}

/** Takes the submission's autoresponder for this process: true for the one process whose claim moved it from `pending`. */
export function claimAutoresponder(store: Store, id: number): boolean {
  return store.run("UPDATE contact_form_submissions SET autoresponder = 'claimed' WHERE id = ? AND autoresponder = 'pending'", id).changes === 1;
}

/**
 * A submission stored by this version on (raw_data kept) whose mail was never begun (its
 * process died first). One an earlier version left `received` is not: it claimed no mail, so
 * may have sent it.
 */
export function isUnmailed(row: Pick<SubmissionRow, 'status' | 'raw_data'>): boolean {
  return row.status === 'received' && row.raw_data !== null;
}

/** The unmailed submissions (isUnmailed), oldest first; through the partial index of them (migration 18). */
export const UNMAILED_QUERY = "SELECT * FROM contact_form_submissions WHERE status = 'received' AND raw_data IS NOT NULL ORDER BY id";

/** Submissions whose autoresponder is to be sent (its process died first), oldest first; through their partial index (migration 20). */
export const AUTORESPONDER_PENDING_QUERY = "SELECT * FROM contact_form_submissions WHERE autoresponder = 'pending' ORDER BY id";

/** Submissions whose mail, or autoresponder, a stopped process left unsent, oldest first. */
export function listUnmailed(store: Store): SubmissionRow[] {
  const rows = [...store.all<SubmissionRow>(UNMAILED_QUERY), ...store.all<SubmissionRow>(AUTORESPONDER_PENDING_QUERY)];
  return rows.sort((a, b) => a.id - b.id);
}

export function getSubmission(store: Store, id: number): SubmissionRow | undefined {
  return store.get<SubmissionRow>('SELECT * FROM contact_form_submissions WHERE id = ?', id);
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
