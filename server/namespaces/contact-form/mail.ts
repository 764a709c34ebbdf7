// Mail of a submission: mail tags (`[your-name]`, `[_site_title]`) filled in the templates,
// the message composed (nodemailer's composer), then sent to the configured SMTP server or,
// with none, kept in the site's outbox. Every message is recorded with what became of it.
import { Readable } from 'node:stream';
import type { Store } from '../../store/db.ts';
import type { UploadedFile } from '../../rest/types.ts';
import { hasOption, type FormTag } from './form-tags.ts';
import type { MailTemplate } from './properties.ts';
import { smtpConfig } from './mail-config.ts';
import { insertMail, type MailStatus } from './store/mail.ts';

export interface MailContext {
  /** Submitted values as mail shows them (after pipes), by field. */
  posted: Readonly<Record<string, string | string[]>>;
  /** Submitted values as the visitor chose them (before pipes). */
  raw: Readonly<Record<string, string | string[]>>;
  tags: readonly FormTag[];
  files: Readonly<Record<string, UploadedFile>>;
  /** Values of the special tags (`_site_title`, `_remote_ip`, …) this submission knows. */
  special: Readonly<Record<string, string>>;
}

const MAIL_TAG = /(\[?)\[[\t ]*([a-zA-Z_][0-9a-zA-Z:._-]*)([\t ]+(?:"[^"]*"|'[^']*'))?[\t ]*\](\]?)/g;

function joined(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

interface TagValue {
  text: string;
  /** Whether the text may go into an address field as it is: checked addresses, the form's own choices. */
  trusted: boolean;
}

/** Special tags whose values the site, not the visitor, chose. */
const SITE_VALUES = new Set(['_site_title', '_site_description', '_site_url', '_site_admin_email', '_serial_number', '_contact_form_title', '_date', '_time']);

/** A tag's value, or null for a tag this submission does not know (it stays as written). */
function tagValue(name: string, context: MailContext): TagValue | null {
  if (name.startsWith('_raw_')) {
    const field = name.slice('_raw_'.length);
    return field in context.raw ? { text: joined(context.raw[field]), trusted: false } : null;
  }
  if (name in context.special) return { text: context.special[name], trusted: SITE_VALUES.has(name) };
  const tag = context.tags.find((candidate) => candidate.name === name);
  if (!tag || tag.basetype === 'quiz' || tag.basetype === 'submit') return null;
  if (tag.basetype === 'file') return { text: context.files[name]?.fileName ?? '', trusted: false };
  if (tag.basetype === 'acceptance') {
    const consented = joined(context.posted[name]) !== '' ? 'Consented' : 'Not consented';
    const condition = (tag.content || tag.values[0] || '').replace(/<[^>]*>/g, '').trim();
    return { text: condition ? `${consented}: ${condition}` : consented, trusted: true };
  }
  // Validated addresses, and choices among the form's own values (no free text), are safe.
  const trusted = tag.basetype === 'email' || (['select', 'radio', 'checkbox'].includes(tag.basetype) && !hasOption(tag, 'free_text'));
  return { text: joined(context.posted[name]), trusted };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `header`: one line. `address`: one line, and a visitor's text cannot add or change an
 * address (no commas, angle brackets, quotes, @ or group colons), so a name field in
 * `Reply-To: [your-name] <[your-email]>` stays a name.
 */
export type TagMode = 'text' | 'html' | 'header' | 'address';

function shape(value: TagValue, mode: TagMode): string {
  if (mode === 'html') return escapeHtml(value.text).replace(/\n/g, '<br>\n');
  if (mode === 'text') return value.text;
  const line = value.text.replace(/[\r\n]+/g, ' ');
  return mode === 'address' && !value.trusted ? line.replace(/[,;:<>"@()[\]\\]+/g, ' ').replace(/ {2,}/g, ' ').trim() : line;
}

/** Fills the mail tags of a text; `[[tag]]` stays as the literal `[tag]`. */
export function replaceMailTags(text: string, context: MailContext, mode: TagMode = 'text'): { text: string; blanks: number; filled: number } {
  let blanks = 0;
  let filled = 0;
  const result = text.replace(MAIL_TAG, (whole, open: string, name: string, _format: string | undefined, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const value = tagValue(name, context);
    if (value === null) return whole;
    filled++;
    if (value.text === '') blanks++;
    return `${open}${shape(value, mode)}${close}`;
  });
  return { text: result, blanks, filled };
}

/** The body with its tags filled; with exclude_blank, lines whose tags all came out empty go. */
function fillBody(template: MailTemplate, context: MailContext): string {
  const mode: TagMode = template.use_html ? 'html' : 'text';
  if (!template.exclude_blank) return replaceMailTags(template.body, context, mode).text;
  return template.body
    .split('\n')
    .flatMap((line) => {
      const filled = replaceMailTags(line, context, mode);
      return filled.filled > 0 && filled.blanks === filled.filled ? [] : [filled.text];
    })
    .join('\n');
}

const ADDRESS_HEADERS = new Set(['reply-to', 'cc', 'bcc']);

/** `Name: value` lines of the additional headers, filled; Reply-To, Cc and Bcc become address fields. */
function parseHeaders(template: string, context: MailContext): { replyTo?: string; cc?: string; bcc?: string; headers: Record<string, string> } {
  const result: { replyTo?: string; cc?: string; bcc?: string; headers: Record<string, string> } = { headers: {} };
  for (const line of template.split('\n')) {
    const match = /^([A-Za-z0-9-]+)[\t ]*:[\t ]*(.*)$/.exec(line.trim());
    if (!match) continue;
    const name = match[1].toLowerCase();
    const value = replaceMailTags(match[2], context, ADDRESS_HEADERS.has(name) ? 'address' : 'header').text.trim();
    if (value === '') continue;
    if (name === 'reply-to') result.replyTo = value;
    else if (name === 'cc') result.cc = value;
    else if (name === 'bcc') result.bcc = value;
    else if (!['from', 'to', 'subject', 'content-type', 'content-transfer-encoding', 'mime-version'].includes(name)) result.headers[match[1]] = value;
  }
  return result;
}

/** The files the attachments template names by their fields' mail tags. */
function attachmentsOf(template: MailTemplate, context: MailContext): { filename: string; content: Buffer; contentType: string }[] {
  const attachments: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const match of template.attachments.matchAll(MAIL_TAG)) {
    if (match[1] === '[' && match[4] === ']') continue;
    const file = context.files[match[2]];
    if (file && context.tags.some((tag) => tag.name === match[2] && tag.basetype === 'file')) {
      attachments.push({ filename: file.fileName, content: file.bytes, contentType: file.contentType || 'application/octet-stream' });
    }
  }
  return attachments;
}

export interface ComposedMail {
  sender: string;
  recipients: string[];
  subject: string;
  raw: Buffer;
}

export async function composeMail(template: MailTemplate, context: MailContext): Promise<ComposedMail> {
  const header = (text: string, mode: TagMode = 'header') => replaceMailTags(text, context, mode).text.trim();
  const subject = header(template.subject);
  const extra = parseHeaders(template.additional_headers, context);
  const body = fillBody(template, context);
  // nodemailer (~10 MB) is loaded when a form first sends mail, not with the site.
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const composer = new MailComposer({
    from: header(template.sender, 'address'),
    to: header(template.recipient, 'address'),
    subject,
    ...(template.use_html ? { html: `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body></html>` } : { text: body }),
    replyTo: extra.replyTo,
    cc: extra.cc,
    bcc: extra.bcc,
    headers: extra.headers,
    attachments: attachmentsOf(template, context),
  });
  const node = composer.compile();
  const envelope = node.getEnvelope();
  return { sender: envelope.from || '', recipients: envelope.to, subject, raw: await node.build() };
}

export interface DeliveryResult {
  status: MailStatus;
  error: string | null;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The message's bytes, given only once `claim` (asked when the SMTP server has greeted and is
 * about to be given the message) allowed it; refused, the message is given up before its data.
 */
function claimedBytes(bytes: Buffer, claim: () => Promise<boolean>): Readable {
  let asked = false;
  return new Readable({
    read() {
      if (asked) return;
      asked = true;
      claim().then((mine) => {
        if (!mine) return this.destroy(new Error('The message is sent by another process.'));
        this.push(bytes);
        this.push(null);
      }, (error: Error) => this.destroy(error));
    },
  });
}

/**
 * Sends a composed message through the configured SMTP server, or puts it in the outbox
 * when there is none, and records it. A refused message is kept whole, with the reason.
 * `claim` is asked once before the message goes anywhere (with SMTP, after the server greeted:
 * a process that dies before it leaves the message to send again); when it refuses, another
 * process has the message, nothing is sent or recorded here, and the answer is null.
 */
export async function deliverMail(
  store: Store, dataDir: string, mail: ComposedMail, record: { submissionId: number | null; kind: string }, claim = async () => true,
): Promise<DeliveryResult | null> {
  const save = (status: MailStatus, error: string | null) => {
    insertMail(store, {
      submission_id: record.submissionId,
      kind: record.kind,
      status,
      sender: mail.sender,
      recipients: JSON.stringify(mail.recipients),
      subject: mail.subject,
      raw: status === 'sent' ? null : mail.raw,
      error,
      created: new Date().toISOString(),
    });
    return { status, error };
  };
  const saveClaimed = async (status: MailStatus, error: string | null) => ((await claim()) ? save(status, error) : null);
  if (mail.recipients.length === 0) return saveClaimed('failed', 'The mail has no valid recipient.');
  if (!mail.sender) return saveClaimed('failed', 'The mail has no valid sender.');
  let config;
  try {
    config = smtpConfig(store, dataDir);
  } catch (error) {
    return saveClaimed('failed', (error as Error).message);
  }
  if (!config) return saveClaimed('outbox', null);
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ ...TIMEOUTS, url: config.url.href });
  let claimed: boolean | null = null;
  try {
    const raw = claimedBytes(mail.raw, async () => (claimed = await claim()));
    const info = await transport.sendMail({ envelope: { from: mail.sender, to: mail.recipients }, raw });
    // As the reference platform's mailer does: one refused recipient fails the mail.
    if (info.rejected.length > 0) {
      const reasons = (info.rejectedErrors ?? []).map((error) => error.message).join('; ');
      return save('failed', `The server refused ${info.rejected.join(', ')}${reasons ? `: ${reasons}` : '.'}`);
    }
    return save('sent', null);
  } catch (error) {
    if (claimed === false) return null;
    // The server failed before it asked for the message (claimed first then) or after this process claimed it.
    const reason = (error as Error).message || String(error);
    return claimed === null ? saveClaimed('failed', reason) : save('failed', reason);
  } finally {
    transport.close();
  }
}
