// Enforces a form's schema on a submission: one checker per rule, the first broken rule of a
// field is its error. The checks of values (email, URL, telephone, number, date) live here too.
import { timingSafeEqual } from 'node:crypto';
import type { UploadedFile } from '../../rest/types.ts';
import type { FormSchema, Rule, RuleName } from './schema.ts';

export interface SubmissionInput {
  /** The submitted fields as parsed (strings, or arrays of them for multiple choices). */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile | undefined>;
  /** The quiz answer hash of a canonical answer (keyed by the site's secret). */
  quizHash: (answer: string) => string;
}

/** Every string of a submitted value, flattened, trimmed, blanks left out. */
export function submittedValues(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(submittedValues);
  if (typeof value === 'object') return Object.values(value).flatMap(submittedValues);
  const text = String(value).replace(/\r\n?/g, '\n').trim();
  return text === '' ? [] : [text];
}

export function hasFile(file: UploadedFile | undefined): file is UploadedFile {
  return file !== undefined && (file.fileName !== '' || file.bytes.length > 0);
}

// ---- Value checks ---------------------------------------------------------------------

/** An email address as the reference platform accepts one. */
export function isEmail(text: string): boolean {
  if (text.length < 6 || text.indexOf('@', 1) === -1) return false;
  const at = text.indexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (domain.includes('..') || domain !== domain.replace(/^[\s.]+|[\s.]+$/g, '')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => label !== '' && !/^-|-$/.test(label) && /^[a-z0-9-]+$/i.test(label));
}

const URL_SCHEMES = new Set([
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet',
  'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
]);
const HOST_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps']);

/** A URL with an allowed scheme; web and FTP addresses also need a host. */
export function isUrl(text: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1].toLowerCase();
  if (!scheme || !URL_SCHEMES.has(scheme)) return false;
  if (!HOST_SCHEMES.has(scheme)) return true;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** 6 to 15 digits (with an optional +), separators and an extension after # or * allowed. */
export function isTel(text: string): boolean {
  let digits = text.replace(/[#*].*$/, '').replace(/[()/.*#\s-]+/g, '');
  if (digits.startsWith('+') || digits.startsWith('00')) digits = `+${digits.replace(/^[+0]+/, '')}`;
  return /^[+]?[0-9]+$/.test(digits) && digits.length > 5 && digits.length < 16;
}

/** A number as an HTML number field submits it. */
export function isNumber(text: string): boolean {
  return /^[-]?[0-9]+(?:[eE][+-]?[0-9]+)?$/.test(text) || /^[-]?(?:[0-9]+)?[.][0-9]+(?:[eE][+-]?[0-9]+)?$/.test(text);
}

/** A calendar date written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  const match = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Quiz answers compare without case, spaces or full-width forms. */
export function canonicalAnswer(text: string): string {
  return text.normalize('NFKC').replace(/[\r\n\t ]+/g, '').toLowerCase().trim();
}

const MIME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/*': ['jpg', 'jpeg', 'jpe', 'gif', 'png', 'bmp', 'tif', 'tiff', 'webp', 'avif', 'heic', 'ico'],
  'audio/*': ['mp3', 'm4a', 'm4b', 'ogg', 'oga', 'wav', 'flac', 'aac', 'mid', 'midi', 'wma'],
  'video/*': ['mp4', 'm4v', 'mov', 'qt', 'avi', 'wmv', 'mpg', 'mpeg', 'webm', 'ogv', '3gp', 'mkv'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'asc', 'c', 'cc', 'h', 'srt'],
  'text/csv': ['csv'],
  'application/zip': ['zip'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
};

/** The file name suffixes an accept list allows: `.ext` entries, and those of MIME entries. */
export function acceptedSuffixes(accept: readonly string[]): Set<string> {
  const suffixes = new Set<string>();
  for (const entry of accept) {
    if (/^\.[a-z0-9]+$/i.test(entry)) suffixes.add(entry.toLowerCase());
    else {
      const type = entry.toLowerCase();
      const known = MIME_EXTENSIONS[type];
      // `image/png` and the like: the subtype is the extension.
      const subtype = /^[a-z]+\/([a-z0-9]+)$/.exec(type)?.[1];
      for (const ext of known ?? (subtype ? [subtype, ...(subtype === 'jpeg' ? ['jpg', 'jpe'] : [])] : [])) suffixes.add(`.${ext}`);
    }
  }
  return suffixes;
}

function fileSuffix(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? null : name.slice(dot).toLowerCase();
}

// ---- Rules ----------------------------------------------------------------------------

type Checker = (rule: Rule, input: SubmissionInput) => boolean;

const values = (rule: Rule, input: SubmissionInput) => submittedValues(input.fields[rule.field]);
const every = (test: (value: string, rule: Rule) => boolean): Checker => (rule, input) => values(rule, input).every((value) => test(value, rule));
const totalLength = (list: string[]) => list.reduce((sum, value) => sum + value.length, 0);

const CHECKERS: Record<RuleName, Checker> = {
  required: (rule, input) => values(rule, input).length > 0,
  requiredfile: (rule, input) => hasFile(input.files[rule.field]),
  email: every((value) => isEmail(value)),
  url: every((value) => isUrl(value)),
  tel: every((value) => isTel(value)),
  number: every((value) => isNumber(value)),
  date: every((value) => isDate(value)),
  enum: (rule, input) => values(rule, input).every((value) => (rule.accept ?? []).includes(value)),
  minlength: (rule, input) => {
    const list = values(rule, input);
    return list.length === 0 || totalLength(list) >= Number(rule.threshold);
  },
  maxlength: (rule, input) => totalLength(values(rule, input)) <= Number(rule.threshold),
  minnumber: every((value, rule) => !isNumber(value) || Number(value) >= Number(rule.threshold)),
  maxnumber: every((value, rule) => !isNumber(value) || Number(value) <= Number(rule.threshold)),
  mindate: every((value, rule) => !isDate(value) || value >= String(rule.threshold)),
  maxdate: every((value, rule) => !isDate(value) || value <= String(rule.threshold)),
  file: (rule, input) => {
    const file = input.files[rule.field];
    if (!hasFile(file)) return true;
    const suffix = fileSuffix(file.fileName);
    return suffix !== null && acceptedSuffixes(rule.accept ?? []).has(suffix);
  },
  maxfilesize: (rule, input) => {
    const file = input.files[rule.field];
    return !hasFile(file) || file.bytes.length <= Number(rule.threshold);
  },
  acceptance: (rule, input) => (values(rule, input).length > 0) !== (rule.invert === true),
  quiz: (rule, input) => {
    const answer = canonicalAnswer(values(rule, input)[0] ?? '');
    const expected = Buffer.from(String(input.fields[`_wpcf7_quiz_answer_${rule.field}`] ?? ''));
    const actual = Buffer.from(input.quizHash(answer));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** The error of every field that breaks a rule (its first broken rule), in rule order. */
export function validateSubmission(schema: FormSchema, input: SubmissionInput): Map<string, string> {
  const invalid = new Map<string, string>();
  for (const rule of schema.rules) {
    if (invalid.has(rule.field)) continue;
    if (!CHECKERS[rule.rule](rule, input)) invalid.set(rule.field, rule.error);
  }
  return invalid;
}
