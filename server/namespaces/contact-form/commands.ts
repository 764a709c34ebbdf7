// The site commands of contact forms (`npm run site -- mail …`, `contact-form …`): where mail
// goes, what is waiting in the outbox, the submission limit and the stored submissions.
import type { Store } from '../../store/db.ts';
import { clearSmtp, setSmtpUrl, smtpConfig } from './mail-config.ts';
import { setRateLimit } from './rate-limit.ts';
import { listSubmissions } from './store/submissions.ts';
import { listUndelivered } from './store/mail.ts';

/** Stores the SMTP server and returns its URL as it may be shown (password masked). */
export function mailSetCommand(store: Store, dataDir: string, input: { smtpUrl: string }): string {
  return setSmtpUrl(store, dataDir, input.smtpUrl).display;
}

export function mailClearCommand(store: Store): void {
  clearSmtp(store);
}

/** Where mail goes now, for the outbox listing's first line. */
export function mailRouteCommand(store: Store, dataDir: string): string {
  const config = smtpConfig(store, dataDir);
  return config ? `Mail is sent through ${config.display}.` : 'No SMTP server is set: mail waits in the outbox.';
}

export interface OutboxLine {
  id: number;
  created: string;
  status: string;
  kind: string;
  submission: number | null;
  from: string;
  to: string[];
  subject: string;
  size: number;
  error: string | null;
}

export function mailOutboxCommand(store: Store): OutboxLine[] {
  return listUndelivered(store).map((row) => ({
    id: row.id,
    created: row.created,
    status: row.status,
    kind: row.kind,
    submission: row.submission_id,
    from: row.sender,
    to: JSON.parse(row.recipients) as string[],
    subject: row.subject,
    size: row.raw?.length ?? 0,
    error: row.error,
  }));
}

export function rateLimitCommand(store: Store, input: { requests: string; seconds: string }): void {
  setRateLimit(store, { requests: Number(input.requests), seconds: Number(input.seconds) });
}

export function submissionsCommand(store: Store, input: { form?: string }) {
  const formId = input.form === undefined ? undefined : Number(input.form);
  if (formId !== undefined && !Number.isInteger(formId)) throw new Error('--form takes the id of a contact form.');
  return listSubmissions(store, formId).map((row) => ({
    id: row.id, form: row.form_id, created: row.created, status: row.status, error: row.error,
    data: JSON.parse(row.posted_data) as Record<string, unknown>,
  }));
}
