// A form's validation rules as data (the schema-woven validation format of the well-known
// plugin): built once from the form tags, published by the schema route and enforced, rule
// by rule, by the feedback route.
import type { FormProperties } from './properties.ts';
import { message } from './properties.ts';
import {
  acceptedFileTypes, dateOption, fileLimitOption, hasOption, isRequired, maxLengthOption, minLengthOption,
  numberOption, type FormTag,
} from './form-tags.ts';

export const SCHEMA_VERSION = 'Contact Form 7 SWV Schema 2024-02';

export type RuleName =
  | 'required' | 'requiredfile' | 'email' | 'url' | 'tel' | 'number' | 'date' | 'enum' | 'file'
  | 'minlength' | 'maxlength' | 'minnumber' | 'maxnumber' | 'mindate' | 'maxdate' | 'maxfilesize'
  | 'acceptance' | 'quiz';

export interface Rule {
  rule: RuleName;
  field: string;
  error: string;
  /** enum: the values a field may take; file: accepted `.ext` suffixes and MIME patterns. */
  accept?: string[];
  /** The bound of min/max rules: a length, a number, a date or a size in bytes. */
  threshold?: number | string;
  /** acceptance: the box must be left unchecked. */
  invert?: boolean;
}

export interface FormSchema {
  version: string;
  locale: string;
  rules: Rule[];
}

const UNDEFINED_VALUE = 'Undefined value was submitted through this field.';

/** Rules in the order they are checked; a field reports the first rule it breaks. */
export function buildSchema(tags: readonly FormTag[], properties: FormProperties, locale: string, today: string): FormSchema {
  const rules: Rule[] = [];
  const add = (rule: RuleName, field: string, messageKey: string | null, extra: Partial<Rule> = {}) => {
    rules.push({ rule, field, error: messageKey === null ? UNDEFINED_VALUE : message(properties, messageKey), ...extra });
  };
  for (const tag of tags) {
    const field = tag.name;
    if (!field) continue;
    switch (tag.basetype) {
      case 'text': case 'email': case 'url': case 'tel': case 'textarea': {
        if (isRequired(tag)) add('required', field, 'invalid_required');
        if (tag.basetype === 'email') add('email', field, 'invalid_email');
        if (tag.basetype === 'url') add('url', field, 'invalid_url');
        if (tag.basetype === 'tel') add('tel', field, 'invalid_tel');
        const min = minLengthOption(tag);
        // Single-line fields are 400 characters at most unless they say otherwise.
        const max = maxLengthOption(tag) ?? (tag.basetype === 'textarea' ? null : 400);
        if (min !== null && min > 0) add('minlength', field, 'invalid_too_short', { threshold: min });
        if (max !== null) add('maxlength', field, 'invalid_too_long', { threshold: max });
        break;
      }
      case 'number': case 'range': {
        if (isRequired(tag)) add('required', field, 'invalid_required');
        add('number', field, 'invalid_number');
        const min = numberOption(tag, 'min');
        const max = numberOption(tag, 'max');
        if (min !== null) add('minnumber', field, 'number_too_small', { threshold: min });
        if (max !== null) add('maxnumber', field, 'number_too_large', { threshold: max });
        break;
      }
      case 'date': {
        if (isRequired(tag)) add('required', field, 'invalid_required');
        add('date', field, 'invalid_date');
        const min = dateOption(tag, 'min', today);
        const max = dateOption(tag, 'max', today);
        if (min !== null) add('mindate', field, 'date_too_early', { threshold: min });
        if (max !== null) add('maxdate', field, 'date_too_late', { threshold: max });
        break;
      }
      case 'select': case 'checkbox': case 'radio': {
        if (isRequired(tag) || tag.basetype === 'radio') add('required', field, 'invalid_required');
        // A free-text choice takes anything; `first_as_label` makes the first entry a prompt.
        if (!hasOption(tag, 'free_text')) {
          const values = tag.basetype === 'select' && hasOption(tag, 'first_as_label') ? tag.values.slice(1) : tag.values;
          add('enum', field, null, { accept: [...new Set(values.filter((value) => value !== ''))] });
        }
        break;
      }
      case 'acceptance':
        if (!hasOption(tag, 'optional')) add('acceptance', field, 'accept_terms', hasOption(tag, 'invert') ? { invert: true } : {});
        break;
      case 'file':
        if (isRequired(tag)) add('requiredfile', field, 'invalid_required');
        add('file', field, 'upload_file_type_invalid', { accept: acceptedFileTypes(tag) });
        add('maxfilesize', field, 'upload_file_too_large', { threshold: fileLimitOption(tag) });
        break;
      case 'quiz':
        add('quiz', field, 'quiz_answer_not_correct');
        break;
      default:
        break;
    }
  }
  return { version: SCHEMA_VERSION, locale, rules };
}
