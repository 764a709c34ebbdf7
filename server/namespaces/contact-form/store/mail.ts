// SQL of the mail the contact forms sent or keep in the outbox.
import type { Store } from '../../../store/db.ts';

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
