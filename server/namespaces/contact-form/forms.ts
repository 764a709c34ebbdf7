// A contact form as the routes use it: its row, its properties, its tags and its schema;
// how it is shown by the API; and the limits its submissions have.
import { DateTime } from 'luxon';
import type { Store } from '../../store/db.ts';
import { getSettings } from '../../content/settings.ts';
import { RestError } from '../../rest/errors.ts';
import { describeField, fileLimitOption, scanFormTags, type FormTag, type TemplateError } from './form-tags.ts';
import { parseAdditionalSettings, readProperties, type FormProperties } from './properties.ts';
import { buildSchema, type FormSchema } from './schema.ts';
import { getForm, type ContactFormRow } from './store/forms.ts';

export interface LoadedForm {
  row: ContactFormRow;
  properties: FormProperties;
  tags: FormTag[];
}

export const notFound = () => new RestError('wpcf7_not_found', 'The requested contact form was not found.', 404);

export function loadForm(store: Store, id: unknown): LoadedForm {
  const row = getForm(store, Number(id));
  if (!row) throw notFound();
  const properties = readProperties(row.properties);
  return { row, properties, tags: scanFormTags(properties.form).tags };
}

/** The day in the site's time zone, for relative date bounds (`min:today`). */
export function siteToday(store: Store): string {
  return DateTime.now().setZone(getSettings(store).timezone_string).toISODate() ?? new Date().toISOString().slice(0, 10);
}

/** The one source of the form's validation rules, for the schema route and the feedback route. */
export function formSchema(store: Store, form: LoadedForm): FormSchema {
  return buildSchema(form.tags, form.properties, form.row.locale, siteToday(store));
}

/** A refusal of a template with broken tags: the first one and its reason, and all of them. */
export function malformedTemplate(errors: readonly TemplateError[]): RestError {
  const [first] = errors;
  return new RestError('wpcf7_malformed_form_template', `The form template has a malformed tag ${first.tag}: ${first.reason}`, 400, {
    tag: first.tag,
    reason: first.reason,
    errors,
  });
}

// ---- Size of a submission -------------------------------------------------------------

/** Room for the text fields and the multipart framing of a submission. */
export const FIELDS_ALLOWANCE = 256 * 1024;
/** No submission is larger, whatever its file limits say (the site's body limit). */
export const MAX_FEEDBACK_BYTES = 16 * 1024 * 1024;

export function feedbackByteLimit(form: LoadedForm): number {
  const files = form.tags.filter((tag) => tag.basetype === 'file').reduce((sum, tag) => sum + fileLimitOption(tag), 0);
  return Math.min(MAX_FEEDBACK_BYTES, FIELDS_ALLOWANCE + files);
}

// ---- API shapes -----------------------------------------------------------------------

export function formSummary(row: ContactFormRow): Record<string, unknown> {
  return { id: row.id, slug: row.slug, title: row.title, locale: row.locale };
}

export function formItem(form: LoadedForm): Record<string, unknown> {
  const { active: _alwaysActive, ...mail } = form.properties.mail;
  return {
    ...formSummary(form.row),
    properties: {
      form: { content: form.properties.form, fields: form.tags.map(describeField) },
      mail,
      mail_2: form.properties.mail_2,
      messages: form.properties.messages,
      additional_settings: {
        content: form.properties.additional_settings,
        settings: parseAdditionalSettings(form.properties.additional_settings),
      },
    },
  };
}
