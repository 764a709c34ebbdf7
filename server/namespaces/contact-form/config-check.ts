// Configuration errors of a saved form (`config_errors` of the create and update answers):
// mistakes that do not stop the form from being saved but would stop its mail from working.
import type { FormTag } from './form-tags.ts';
import { fileLimitOption } from './form-tags.ts';
import type { FormProperties, MailTemplate } from './properties.ts';
import { isEmail } from './validation.ts';

export interface ConfigError {
  code: string;
  message: string;
}

export type ConfigErrors = Record<string, ConfigError[]>;

const TAG = /(\[?)\[[\t ]*([a-zA-Z_][0-9a-zA-Z:._-]*)([\t ]+(?:"[^"]*"|'[^']*'))?[\t ]*\](\]?)/g;

const SPECIAL_EXAMPLES: Record<string, string> = { _site_admin_email: 'admin@example.com', _user_email: 'user@example.com' };

/** A template with its tags filled with examples of what they will hold. */
function withExamples(text: string, tags: readonly FormTag[]): string {
  return text.replace(TAG, (whole, open: string, name: string, _format, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1);
    if (name in SPECIAL_EXAMPLES) return SPECIAL_EXAMPLES[name];
    if (name.startsWith('_')) return 'Example';
    const tag = tags.find((candidate) => candidate.name === name);
    if (!tag) return whole;
    if (tag.basetype === 'email') return 'example@example.com';
    // A choice stands for its value after the pipe: `"Sales|sales@example.com"` mails Sales.
    const choices = ['select', 'checkbox', 'radio'].includes(tag.basetype) ? tag.pipes : [];
    return choices.length > 0 ? choices[0][1] : 'Example';
  });
}

/** `Name <address>` or `address`. */
export function isMailbox(text: string): boolean {
  const trimmed = text.trim();
  const named = /^([^<>]*)<([^<>]+)>$/.exec(trimmed);
  return isEmail(named ? named[2].trim() : trimmed);
}

function isMailboxList(text: string): boolean {
  const items = text.split(',').map((item) => item.trim()).filter(Boolean);
  return items.length > 0 && items.every(isMailbox);
}

const MAILBOX = { code: 'invalid_mailbox_syntax', message: 'Invalid mailbox syntax is used.' };

function checkMail(section: string, mail: MailTemplate, tags: readonly FormTag[], errors: ConfigErrors): void {
  const add = (field: string, error: ConfigError) => (errors[`${section}.${field}`] ??= []).push(error);
  if (!isMailbox(withExamples(mail.sender, tags))) add('sender', MAILBOX);
  if (!isMailboxList(withExamples(mail.recipient, tags))) add('recipient', MAILBOX);
  for (const line of withExamples(mail.additional_headers, tags).split('\n')) {
    if (line.trim() === '') continue;
    const header = /^([A-Za-z0-9-]+)[\t ]*:[\t ]*(.*)$/.exec(line.trim());
    if (!header) {
      add('additional_headers', { code: 'invalid_mail_header', message: `"${line.trim()}" is not a header field: write it as Name: value.` });
    } else if (['reply-to', 'cc', 'bcc'].includes(header[1].toLowerCase()) && header[2].trim() !== '' && !isMailboxList(header[2])) {
      add('additional_headers', MAILBOX);
    }
  }
  for (const match of mail.attachments.matchAll(TAG)) {
    if (match[1] === '[' && match[4] === ']') continue;
    if (!tags.some((tag) => tag.name === match[2] && tag.basetype === 'file')) {
      add('attachments', { code: 'file_not_found', message: `[${match[2]}] is not a file field of this form, so it attaches nothing.` });
    }
  }
  for (const field of ['subject', 'body'] as const) {
    for (const match of mail[field].matchAll(TAG)) {
      const name = match[2];
      if ((match[1] === '[' && match[4] === ']') || name.startsWith('_')) continue;
      if (!tags.some((tag) => tag.name === name)) {
        add(field, { code: 'unavailable_mail_tag', message: `[${name}] is not a field of this form: it is sent as written.` });
      }
    }
  }
}

/** `maxFeedbackBytes`: the largest submission the feedback route accepts. */
export function configErrors(properties: FormProperties, tags: readonly FormTag[], maxFeedbackBytes: number): ConfigErrors {
  const errors: ConfigErrors = {};
  checkMail('mail', properties.mail, tags, errors);
  if (properties.mail_2.active) checkMail('mail_2', properties.mail_2, tags, errors);
  for (const tag of tags) {
    if (tag.basetype === 'file' && fileLimitOption(tag) > maxFeedbackBytes) {
      (errors.form ??= []).push({
        code: 'upload_filesize_overlimit',
        message: `The limit of [${tag.name}] is more than a whole submission may be (${maxFeedbackBytes} bytes).`,
      });
    }
  }
  if (/^[\t ]*(on_sent_ok|on_submit)[\t ]*:/m.test(properties.additional_settings)) {
    errors.additional_settings = [{ code: 'deprecated_settings', message: 'on_sent_ok and on_submit are no longer supported.' }];
  }
  return errors;
}
