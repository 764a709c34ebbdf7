// Form tags: the `[type name options "values"]` syntax of a form template, read into data.
// Scanning follows the well-known plugin's grammar (pipes, `[[escaped]]` tags, enclosed
// content); unlike it, a template with a broken tag is reported, not silently shown as text.

/** What each tag type is: whether it names a field, and whether `type*` (required) exists. */
interface TagTypeInfo {
  named: boolean;
  /** `type*` marks the field required. */
  star: boolean;
  /** Needs at least one option value (menus, checkboxes, radio buttons). */
  choices?: boolean;
}

export const TAG_TYPES: Readonly<Record<string, TagTypeInfo>> = {
  text: { named: true, star: true },
  email: { named: true, star: true },
  url: { named: true, star: true },
  tel: { named: true, star: true },
  number: { named: true, star: true },
  range: { named: true, star: true },
  date: { named: true, star: true },
  textarea: { named: true, star: true },
  select: { named: true, star: true, choices: true },
  checkbox: { named: true, star: true, choices: true },
  // A radio group always has one button chosen: it is required by nature and takes no `*`.
  radio: { named: true, star: false, choices: true },
  acceptance: { named: true, star: false },
  file: { named: true, star: true },
  quiz: { named: true, star: false },
  hidden: { named: true, star: false },
  submit: { named: false, star: false },
};

/** A value written `before|after`: the visitor sees `before`, mail and storage get `after`. */
export type Pipe = [before: string, after: string];

export interface FormTag {
  /** As written, with the star: `text*`. */
  type: string;
  /** Without the star: `text`. */
  basetype: string;
  /** The field name (periods turned into underscores); empty for `[submit]`. */
  name: string;
  rawName: string;
  options: string[];
  rawValues: string[];
  /** The `before` parts of the values, trimmed. */
  values: string[];
  labels: string[];
  pipes: Pipe[];
  /** Text between `[type …]` and `[/type]`. */
  content: string;
  /** The tag as it appears in the template, for error reports. */
  source: string;
}

export interface TemplateError {
  tag: string;
  reason: string;
}

export interface ScannedTemplate {
  tags: FormTag[];
  errors: TemplateError[];
}

const FIELD_NAME = /^[A-Za-z][-A-Za-z0-9_:.]*$/;

export function isFieldName(text: string): boolean {
  return FIELD_NAME.test(text);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Longest names first, so that `textarea` is never read as `text` followed by garbage.
const TYPE_ALTERNATION = Object.keys(TAG_TYPES)
  .sort((a, b) => b.length - a.length)
  .map((type) => `${escapeRegex(type)}\\*?`)
  .join('|');

/** Groups: 1 `[` of an escaped tag, 2 type, 3 attributes, 4 `/`, 5 enclosed content, 6 `]` of an escaped tag. */
function tagRegex(): RegExp {
  return new RegExp(
    `(\\[?)\\[(${TYPE_ALTERNATION})(?:[\\r\\n\\t ](.*?))?(?:[\\r\\n\\t ](\\/))?\\](?:([^[]*?)\\[\\/\\2\\])?(\\]?)`,
    'gs',
  );
}

const ATTRIBUTES = /^([-+*=0-9a-zA-Z:.!?#$&@_/|%\r\n\t ]*?)((?:[\r\n\t ]*"[^"]*"|[\r\n\t ]*'[^']*')*)$/;

/** Options (bare words) and values (quoted strings), or null when the text does not parse. */
function parseAttributes(text: string): { options: string[]; values: string[] } | null {
  const normalised = text.replace(/[\u00a0\u200b]+/g, ' ').trim();
  const match = ATTRIBUTES.exec(normalised);
  if (!match) return null;
  const options = match[1].trim() === '' ? [] : match[1].trim().split(/[\r\n\t ]+/);
  const values = (match[2].match(/"[^"]*"|'[^']*'/g) ?? []).map((quoted) => quoted.slice(1, -1));
  return { options, values };
}

export function toPipe(raw: string): Pipe {
  const at = raw.indexOf('|');
  return at === -1 ? [raw, raw] : [raw.slice(0, at), raw.slice(at + 1)];
}

/** What a submitted value stands for: the `after` part of the matching pipe, else itself. */
export function applyPipes(tag: FormTag, value: string): string {
  for (const [before, after] of tag.pipes) if (before === value) return after;
  return value;
}

/** Reads every form tag of a template, with the reasons any of them is broken. */
export function scanFormTags(template: string): ScannedTemplate {
  const tags: FormTag[] = [];
  const errors: TemplateError[] = [];
  const regex = tagRegex();
  let rest = '';
  let last = 0;
  for (let match = regex.exec(template); match; match = regex.exec(template)) {
    rest += template.slice(last, match.index);
    last = match.index + match[0].length;
    // `[[text name]]` is the escaped, literal text `[text name]`.
    if (match[1] === '[' && match[6] === ']') continue;
    const source = match[0].slice(match[1].length, match[0].length - match[6].length);
    const type = match[2];
    const basetype = type.replace(/\*$/, '');
    const info = TAG_TYPES[basetype];
    const fail = (reason: string) => errors.push({ tag: source, reason });
    if (type.endsWith('*') && !info.star) {
      fail(basetype === 'radio'
        ? 'A radio group is always required and takes no "*".'
        : `[${basetype}] takes no "*".`);
      continue;
    }
    const attributes = parseAttributes(match[3] ?? '');
    if (!attributes) {
      fail('Its options and values cannot be read: options are words of letters, digits and -+*=:.!?#$&@_/|%, values are "quoted", and a tag ends at the first "]".');
      continue;
    }
    let rawName = '';
    if (info.named) {
      rawName = attributes.options.shift() ?? '';
      if (rawName === '') {
        fail(`[${type}] needs a field name, as in [${type} your-field].`);
        continue;
      }
      if (!isFieldName(rawName)) {
        fail(`"${rawName}" is not a field name: it starts with a letter and has only letters, digits and - _ : . after it.`);
        continue;
      }
    }
    const pipes = attributes.values.map(toPipe);
    const values = pipes.map(([before]) => before.trim());
    tags.push({
      type,
      basetype,
      name: rawName.replace(/\./g, '_'),
      rawName,
      options: attributes.options,
      rawValues: attributes.values,
      values,
      labels: [...values],
      pipes,
      content: (match[5] ?? '').trim().replace(/<br[\r\n\t ]*\/?>$/gm, ''),
      source,
    });
  }
  rest += template.slice(last);
  const unclosed = new RegExp(`\\[(?:${TYPE_ALTERNATION})(?=[\\r\\n\\t /]|$)[^\\]]*$`, 's').exec(rest);
  if (unclosed) errors.push({ tag: unclosed[0].split('\n')[0].trim(), reason: 'The tag is not closed with "]".' });
  for (const tag of tags) errors.push(...checkTag(tag).map((reason) => ({ tag: tag.source, reason })));
  const seen = new Set<string>();
  for (const tag of tags) {
    if (!tag.name) continue;
    if (seen.has(tag.name)) errors.push({ tag: tag.source, reason: `Another field of this form is already named "${tag.name}".` });
    seen.add(tag.name);
  }
  return { tags, errors };
}

// ---- Options -------------------------------------------------------------------------

const OPTION_PATTERNS = {
  int: '[0-9]+',
  signed_int: '[-]?[0-9]+',
  num: '(?:[0-9]+|(?:[0-9]+)?[.][0-9]+)',
  signed_num: '[-]?(?:[0-9]+|(?:[0-9]+)?[.][0-9]+)',
  date: '[0-9]{4,}-[0-9]{2}-[0-9]{2}',
  id: '[-0-9a-zA-Z_]+',
  class: '[-0-9a-zA-Z_]+',
} as const;

export function hasOption(tag: FormTag, name: string): boolean {
  const pattern = new RegExp(`^${escapeRegex(name)}(:.+)?$`);
  return tag.options.some((option) => pattern.test(option));
}

/** The raw text after `name:` of every option of that name. */
export function optionTexts(tag: FormTag, name: string): string[] {
  const prefix = `${name}:`;
  return tag.options.filter((option) => option.startsWith(prefix)).map((option) => option.slice(prefix.length));
}

/** The first `name:value` whose value matches the pattern, or null. */
export function getOption(tag: FormTag, name: string, pattern: keyof typeof OPTION_PATTERNS | string): string | null {
  const regex = new RegExp(`^(?:${OPTION_PATTERNS[pattern as keyof typeof OPTION_PATTERNS] ?? pattern})$`);
  return optionTexts(tag, name).find((value) => regex.test(value)) ?? null;
}

export function isRequired(tag: FormTag): boolean {
  return tag.type.endsWith('*');
}

export function idOption(tag: FormTag): string | null {
  return getOption(tag, 'id', 'id');
}

/** `minlength:N`. */
export function minLengthOption(tag: FormTag): number | null {
  const value = getOption(tag, 'minlength', 'int');
  return value === null ? null : Number(value);
}

/** `maxlength:N`, or the `size/maxlength` shorthand (`40/100`). */
export function maxLengthOption(tag: FormTag): number | null {
  const value = getOption(tag, 'maxlength', 'int');
  if (value !== null) return Number(value);
  for (const option of tag.options) {
    const shorthand = /^([0-9]*)\/([0-9]+)$/.exec(option);
    if (shorthand) return Number(shorthand[2]);
  }
  return null;
}

export function numberOption(tag: FormTag, name: 'min' | 'max' | 'step'): number | null {
  const value = getOption(tag, name, name === 'step' ? 'num' : 'signed_num');
  return value === null ? null : Number(value);
}

const RELATIVE_DATE = /^(today|tomorrow|yesterday)((?:[+-][0-9]+_?(?:days?|weeks?|months?|years?))*)$/i;

function isCalendarDate(text: string): boolean {
  const match = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `min:2025-01-01`, or relative to the day of submission: `min:today`, `max:today+1_year`. */
export function dateOption(tag: FormTag, name: 'min' | 'max', today: string): string | null {
  for (const text of optionTexts(tag, name)) {
    if (isCalendarDate(text)) return text;
    const relative = resolveRelativeDate(text, today);
    if (relative) return relative;
  }
  return null;
}

function resolveRelativeDate(text: string, today: string): string | null {
  const match = RELATIVE_DATE.exec(text);
  if (!match) return null;
  const date = new Date(`${today}T00:00:00Z`);
  const start = match[1].toLowerCase();
  date.setUTCDate(date.getUTCDate() + (start === 'tomorrow' ? 1 : start === 'yesterday' ? -1 : 0));
  for (const step of match[2].matchAll(/([+-][0-9]+)_?(day|week|month|year)s?/gi)) {
    const amount = Number(step[1]);
    const unit = step[2].toLowerCase();
    if (unit === 'day') date.setUTCDate(date.getUTCDate() + amount);
    else if (unit === 'week') date.setUTCDate(date.getUTCDate() + amount * 7);
    else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + amount);
    else date.setUTCFullYear(date.getUTCFullYear() + amount);
  }
  return date.toISOString().slice(0, 10);
}

export const DEFAULT_FILE_LIMIT = 1024 * 1024;
const LIMIT = /^([1-9][0-9]*)([kKmM]?[bB])?$/;

/** `limit:N`, `limit:200kb`, `limit:2mb`: the largest file in bytes (1 MB unless given). */
export function fileLimitOption(tag: FormTag): number {
  for (const text of optionTexts(tag, 'limit')) {
    const match = LIMIT.exec(text);
    if (!match) continue;
    const unit = (match[2] ?? '').toLowerCase();
    return Number(match[1]) * (unit === 'kb' ? 1024 : unit === 'mb' ? 1024 * 1024 : 1);
  }
  return DEFAULT_FILE_LIMIT;
}

const DEFAULT_FILETYPES = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'avi', 'ogg', 'm4a', 'mov', 'mp3', 'mp4', 'mpg', 'wav', 'wmv'];

/** `filetypes:pdf|txt` or `filetypes:image/*`: the accepted types, as `.ext` or MIME patterns. */
export function acceptedFileTypes(tag: FormTag): string[] {
  const given = optionTexts(tag, 'filetypes').flatMap((text) => text.split(/[\s|,]+/)).map((type) => type.trim().replace(/^[.]+/, '')).filter(Boolean);
  const types = given.length > 0 ? given : DEFAULT_FILETYPES;
  return [...new Set(types.map((type) => (type.includes('/') ? type.toLowerCase() : `.${type.toLowerCase()}`)))];
}

/** The reasons a well-formed tag still cannot work: bad option values, missing choices. */
function checkTag(tag: FormTag): string[] {
  const reasons: string[] = [];
  const info = TAG_TYPES[tag.basetype];
  /** Reports every `name:value` option whose value `valid` refuses. */
  const checkValues = (name: string, valid: (text: string) => boolean, expected: string) => {
    for (const text of optionTexts(tag, name)) {
      if (!valid(text)) reasons.push(`The option ${name}:${text} is not valid: ${name} takes ${expected}.`);
    }
  };
  const matches = (pattern: string) => (text: string) => new RegExp(`^${pattern}$`).test(text);
  switch (tag.basetype) {
    case 'text': case 'email': case 'url': case 'tel': case 'textarea': {
      checkValues('minlength', matches(OPTION_PATTERNS.int), 'a whole number');
      checkValues('maxlength', matches(OPTION_PATTERNS.int), 'a whole number');
      const [min, max] = [minLengthOption(tag), maxLengthOption(tag)];
      if (min !== null && max !== null && min > max) reasons.push(`minlength ${min} is more than maxlength ${max}.`);
      break;
    }
    case 'number': case 'range': {
      checkValues('min', matches(OPTION_PATTERNS.signed_num), 'a number');
      checkValues('max', matches(OPTION_PATTERNS.signed_num), 'a number');
      checkValues('step', matches(OPTION_PATTERNS.num), 'a positive number');
      const [min, max] = [numberOption(tag, 'min'), numberOption(tag, 'max')];
      if (min !== null && max !== null && min > max) reasons.push(`min ${min} is more than max ${max}.`);
      break;
    }
    case 'date': {
      const isDate = (text: string) => isCalendarDate(text) || RELATIVE_DATE.test(text);
      const expected = 'a date written YYYY-MM-DD, or today with an offset such as today+7_days';
      checkValues('min', isDate, expected);
      checkValues('max', isDate, expected);
      const [min, max] = [dateOption(tag, 'min', '2000-01-01'), dateOption(tag, 'max', '2000-01-01')];
      if (min !== null && max !== null && min > max) reasons.push(`min ${min} is after max ${max}.`);
      break;
    }
    case 'file': {
      checkValues('limit', (text) => LIMIT.test(text), 'a size in bytes, such as 1048576, 200kb or 2mb');
      checkValues('filetypes', (text) => text.split(/[\s|,]+/).filter(Boolean).length > 0, 'file types separated by |, such as pdf|jpg|png');
      break;
    }
    case 'quiz': {
      for (const raw of tag.rawValues) {
        const [question, answer] = toPipe(raw);
        if (!raw.includes('|') || question.trim() === '' || answer.trim() === '') {
          reasons.push(`The quiz value "${raw}" needs a question and its answer, written "question|answer".`);
        }
      }
      break;
    }
    default:
      break;
  }
  if (info.choices && tag.values.filter((value) => value !== '').length === 0) {
    reasons.push(`[${tag.basetype}] needs at least one choice, as in [${tag.type} ${tag.name || 'name'} "One" "Two"].`);
  }
  return reasons;
}

/** The template's fields as the read API shows them. */
export function describeField(tag: FormTag): Record<string, unknown> {
  return {
    type: tag.type,
    basetype: tag.basetype,
    name: tag.name,
    options: tag.options,
    raw_values: tag.rawValues,
    labels: tag.labels,
    values: tag.values,
    pipes: tag.pipes,
    content: tag.content,
  };
}
