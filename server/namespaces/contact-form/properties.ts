// A contact form's properties: the form template, the two mail templates, the messages
// shown to visitors and the additional settings; their defaults and how a payload changes them.
import { ValidationError } from '../../rest/errors.ts';

export interface MailTemplate {
  /** Only the second mail (the autoresponder) can be switched off. */
  active: boolean;
  recipient: string;
  sender: string;
  subject: string;
  body: string;
  additional_headers: string;
  attachments: string;
  use_html: boolean;
  exclude_blank: boolean;
}

export interface FormProperties {
  form: string;
  mail: MailTemplate;
  mail_2: MailTemplate;
  messages: Record<string, string>;
  additional_settings: string;
}

export const DEFAULT_FORM = `<label> Your name
    [text* your-name autocomplete:name] </label>

<label> Your email
    [email* your-email autocomplete:email] </label>

<label> Subject
    [text* your-subject] </label>

<label> Your message (optional)
    [textarea your-message] </label>

[submit "Submit"]`;

const FOOTER = '-- \nThis e-mail was sent from a contact form on [_site_title] ([_site_url])';

export function defaultMail(): MailTemplate {
  return {
    active: true,
    recipient: '[_site_admin_email]',
    sender: '[_site_title] <[_site_admin_email]>',
    subject: '[_site_title] "[your-subject]"',
    body: `From: [your-name] <[your-email]>\nSubject: [your-subject]\n\nMessage Body:\n[your-message]\n\n${FOOTER}`,
    additional_headers: 'Reply-To: [your-email]',
    attachments: '',
    use_html: false,
    exclude_blank: false,
  };
}

export function defaultMail2(): MailTemplate {
  return {
    active: false,
    recipient: '[your-email]',
    sender: '[_site_title] <[_site_admin_email]>',
    subject: '[_site_title] "[your-subject]"',
    body: `Message Body:\n[your-message]\n\n${FOOTER}`,
    additional_headers: 'Reply-To: [_site_admin_email]',
    attachments: '',
    use_html: false,
    exclude_blank: false,
  };
}

/** Every message a visitor may see, with its default wording. */
export const DEFAULT_MESSAGES: Readonly<Record<string, string>> = {
  mail_sent_ok: 'Thank you for your message. It has been sent.',
  mail_sent_ng: 'There was an error trying to send your message. Please try again later.',
  validation_error: 'One or more fields have an error. Please check and try again.',
  spam: 'There was an error trying to send your message. Please try again later.',
  accept_terms: 'You must accept the terms and conditions before sending your message.',
  invalid_required: 'Please fill out this field.',
  invalid_too_long: 'This field has a too long input.',
  invalid_too_short: 'This field has a too short input.',
  upload_failed: 'There was an unknown error uploading the file.',
  upload_file_type_invalid: 'You are not allowed to upload files of this type.',
  upload_file_too_large: 'The file is too big.',
  upload_failed_php_error: 'There was an error uploading the file.',
  invalid_date: 'Please enter a date in YYYY-MM-DD format.',
  date_too_early: 'This field has a too early date.',
  date_too_late: 'This field has a too late date.',
  invalid_number: 'Please enter a number.',
  number_too_small: 'This field has a too small number.',
  number_too_large: 'This field has a too large number.',
  quiz_answer_not_correct: 'The answer to the quiz is incorrect.',
  invalid_email: 'Please enter an email address.',
  invalid_url: 'Please enter a URL.',
  invalid_tel: 'Please enter a telephone number.',
};

export function defaultProperties(): FormProperties {
  return {
    form: DEFAULT_FORM,
    mail: defaultMail(),
    mail_2: defaultMail2(),
    messages: { ...DEFAULT_MESSAGES },
    additional_settings: '',
  };
}

/** Stored properties, completed with defaults for anything an older row lacks. */
export function readProperties(json: string): FormProperties {
  const stored = JSON.parse(json) as Partial<FormProperties>;
  const defaults = defaultProperties();
  return {
    form: stored.form ?? defaults.form,
    mail: { ...defaults.mail, ...stored.mail, active: true },
    mail_2: { ...defaults.mail_2, ...stored.mail_2 },
    messages: { ...defaults.messages, ...stored.messages },
    additional_settings: stored.additional_settings ?? '',
  };
}

export function message(properties: FormProperties, key: string): string {
  return properties.messages[key] || DEFAULT_MESSAGES[key] || '';
}

// ---- Additional settings: `name: value` lines ------------------------------------------

export type SettingValue = string | boolean;

export function parseAdditionalSettings(text: string): [string, SettingValue][] {
  const settings: [string, SettingValue][] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z0-9_]+)[\t ]*:(.*)$/.exec(line.trim());
    if (!match) continue;
    const value = match[2].trim();
    settings.push([match[1].trim(), value === 'on' || value === 'true' ? true : value === 'off' || value === 'false' ? false : value]);
  }
  return settings;
}

/** Whether a setting such as `demo_mode: on` is on (the last line of that name wins). */
export function settingIsTrue(properties: FormProperties, name: string): boolean {
  const values = parseAdditionalSettings(properties.additional_settings).filter(([key]) => key === name);
  return values.length > 0 && values[values.length - 1][1] === true;
}

// ---- Payloads -------------------------------------------------------------------------

const MAIL_TEXT_KEYS = ['recipient', 'sender', 'subject', 'body', 'additional_headers', 'attachments'] as const;
const MAIL_FLAG_KEYS = ['use_html', 'exclude_blank', 'active'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Booleans as JSON, form fields and checkboxes send them. */
function readFlag(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 'on') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'off' || value === '') return false;
  throw new ValidationError('rest_invalid_type', `${path} is not of type boolean.`);
}

function readText(value: unknown, path: string): string {
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n');
  throw new ValidationError('rest_invalid_type', `${path} is not of type string.`);
}

/** A template given as text, or as `{content}` the way it is read back. */
function readContent(value: unknown, path: string): string {
  if (isObject(value) && 'content' in value) return readText(value.content, `${path}.content`);
  return readText(value, path);
}

function readMail(value: unknown, current: MailTemplate, path: string): MailTemplate {
  if (!isObject(value)) throw new ValidationError('rest_invalid_type', `${path} is not of type object.`);
  const next = { ...current };
  for (const key of MAIL_TEXT_KEYS) if (value[key] !== undefined) next[key] = readText(value[key], `${path}.${key}`);
  for (const key of MAIL_FLAG_KEYS) if (value[key] !== undefined) next[key] = readFlag(value[key], `${path}.${key}`);
  return next;
}

function readMessages(value: unknown, current: Record<string, string>): Record<string, string> {
  if (!isObject(value)) throw new ValidationError('rest_invalid_type', 'messages is not of type object.');
  const next = { ...current };
  for (const [key, text] of Object.entries(value)) {
    if (!(key in DEFAULT_MESSAGES)) continue;
    next[key] = readText(text, `messages.${key}`);
  }
  return next;
}

/**
 * Applies a create or update payload to properties. Each property may be sent at the top
 * level (`form`, `mail`, …) or inside `properties`, in the shape the read route answers with;
 * mail templates and messages change only in the keys sent. Throws per parameter.
 */
export function applyPropertyChanges(current: FormProperties, body: Record<string, unknown>): { properties: FormProperties; failures: Record<string, ValidationError> } {
  const source: Record<string, unknown> = { ...(isObject(body.properties) ? body.properties : {}), ...body };
  const next: FormProperties = { ...current, mail: { ...current.mail }, mail_2: { ...current.mail_2 }, messages: { ...current.messages } };
  const failures: Record<string, ValidationError> = {};
  const attempt = (name: string, change: () => void) => {
    if (source[name] === undefined) return;
    try {
      change();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      failures[name] = error;
    }
  };
  attempt('form', () => { next.form = readContent(source.form, 'form'); });
  attempt('mail', () => { next.mail = { ...readMail(source.mail, current.mail, 'mail'), active: true }; });
  attempt('mail_2', () => { next.mail_2 = readMail(source.mail_2, current.mail_2, 'mail_2'); });
  attempt('messages', () => { next.messages = readMessages(source.messages, current.messages); });
  attempt('additional_settings', () => { next.additional_settings = readContent(source.additional_settings, 'additional_settings'); });
  return { properties: next, failures };
}
