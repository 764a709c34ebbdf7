// contact-form/v1: contact forms (list, create, read, update, delete for those who may edit
// them) and, for every visitor, the feedback route that takes a submission, the form's
// validation schema and the refill of its quiz. Every endpoint is listed with an empty
// parameter list, as the interface publishes them; payloads are checked here.
import { allowAnyone } from '../../rest/permissions.ts';
import type { Endpoint, HandlerContext, Route } from '../../rest/types.ts';
import { NAMESPACES } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { RestError, ValidationError, forbidden, invalidParams } from '../../rest/errors.ts';
import { respond, respondUncached } from '../../rest/response.ts';
import { checkWritePreconditions, versionHeaders, type Version } from '../../rest/conditional.ts';
import { can, type Capability } from '../../auth/capabilities.ts';
import { sanitizeTitle, uniqueSlug } from '../../../shared/slugs.ts';
import { scanFormTags } from './form-tags.ts';
import { applyPropertyChanges, defaultProperties, type FormProperties } from './properties.ts';
import { configErrors } from './config-check.ts';
import {
  MAX_FEEDBACK_BYTES, feedbackByteLimit, formItem, formSchema, formSummary, loadForm, malformedTemplate,
  FIELDS_ALLOWANCE, type LoadedForm,
} from './forms.ts';
import { refillOf, submitFeedback } from './feedback.ts';
import { rateLimit } from './rate-limit.ts';
import { hitRateLimit } from '../../store/rate-limits.ts';
import { deleteForm, formSlugTaken, insertForm, listForms, updateForm, type ContactFormRow, type FormOrderBy } from './store/forms.ts';

export const NAMESPACE = NAMESPACES.contactForm;
const BASE = `/${NAMESPACE}/contact-forms`;
const ITEM = `${BASE}/(?P<id>[\\d]+)`;

/** Reading the list is for anyone who writes; changing forms takes the editors' right. */
const READ_FORMS: Capability = 'edit_posts';
const EDIT_FORMS: Capability = 'publish_pages';

function allow(capability: Capability, text: string) {
  return (ctx: HandlerContext) => {
    if (!can(ctx.user, capability)) throw forbidden('wpcf7_forbidden', text, !!ctx.user);
  };
}

/** A form's validators: its modified time (ISO, milliseconds) is new at every change. */
function formVersion(row: ContactFormRow): Version {
  return { etag: `W/"form-${row.id}-${Date.parse(row.modified)}"`, modifiedGmt: row.modified.slice(0, 19) };
}

const ORDER_BY: readonly FormOrderBy[] = ['id', 'title', 'slug', 'date', 'modified'];
const LOCALE = /^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$/;

/** A query parameter as a whole number in a range, or the default when absent. */
function wholeNumber(value: unknown, name: string, fallback: number, minimum: number, failures: Record<string, ValidationError>): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number)) {
    failures[name] = new ValidationError('rest_invalid_type', `${name} is not of type integer.`);
    return fallback;
  }
  if (number < minimum) failures[name] = new ValidationError('rest_out_of_bounds', `${name} must be greater than or equal to ${minimum}`);
  return number;
}

export function contactFormRoutes(site: SiteContext): Route[] {
  const { store } = site;

  const list = (ctx: HandlerContext) => {
    const query = ctx.request.query;
    const failures: Record<string, ValidationError> = {};
    const perPage = wholeNumber(query.per_page, 'per_page', -1, -1, failures);
    const offset = wholeNumber(query.offset, 'offset', 0, 0, failures);
    const order = String(query.order ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') failures.order = new ValidationError('rest_not_in_enum', 'order is not one of asc and desc.');
    const orderby = String(query.orderby ?? 'id').toLowerCase().replace(/^name$/, 'slug');
    if (!ORDER_BY.includes(orderby as FormOrderBy)) failures.orderby = new ValidationError('rest_not_in_enum', `orderby is not one of ${ORDER_BY.join(', ')}.`);
    if (Object.keys(failures).length > 0) throw invalidParams(failures);
    const search = typeof query.search === 'string' && query.search !== '' ? query.search : undefined;
    const { rows, total } = listForms(store, {
      search, orderby: orderby as FormOrderBy, order: order as 'asc' | 'desc', limit: perPage === -1 || perPage === 0 ? -1 : perPage, offset,
    });
    return respond(rows.map(formSummary), 200, { 'x-wp-total': String(total) });
  };

  /** Title, slug and locale of a payload, with the properties it changes; refuses bad ones. */
  const readPayload = (body: Record<string, unknown>, current: { row?: ContactFormRow; properties: FormProperties }) => {
    const failures: Record<string, ValidationError> = {};
    const text = (name: string): string | undefined => {
      const value = body[name];
      if (value === undefined) return undefined;
      if (typeof value !== 'string') {
        failures[name] = new ValidationError('rest_invalid_type', `${name} is not of type string.`);
        return undefined;
      }
      return value.trim();
    };
    const title = text('title');
    const locale = text('locale');
    const slug = text('slug');
    if (locale !== undefined && !LOCALE.test(locale)) failures.locale = new ValidationError('rest_invalid_param', `"${locale}" is not a locale, such as en_US.`);
    const changed = applyPropertyChanges(current.properties, body);
    Object.assign(failures, changed.failures);
    if (Object.keys(failures).length > 0) throw invalidParams(failures);
    const scanned = scanFormTags(changed.properties.form);
    if (scanned.errors.length > 0) throw malformedTemplate(scanned.errors);
    const finalTitle = title ?? current.row?.title ?? 'Untitled';
    const slugBase = sanitizeTitle(slug !== undefined && slug !== '' ? slug : slug === undefined && current.row ? current.row.slug : finalTitle) || 'contact-form';
    return {
      title: finalTitle,
      locale: locale ?? current.row?.locale ?? 'en_US',
      slug: uniqueSlug(slugBase, (candidate) => formSlugTaken(store, candidate, current.row?.id ?? 0)),
      properties: changed.properties,
      tags: scanned.tags,
    };
  };

  const saved = (id: number) => {
    const form = loadForm(store, id);
    const body = { ...formItem(form), config_errors: configErrors(form.properties, form.tags, MAX_FEEDBACK_BYTES - FIELDS_ALLOWANCE) };
    return respond(body, 200, versionHeaders(formVersion(form.row)));
  };

  const create = (ctx: HandlerContext) => {
    const body = ctx.request.body ?? {};
    if (body.id !== undefined && Number(body.id) > 0) throw new RestError('wpcf7_post_exists', 'Cannot create existing contact form.', 400);
    // Its slug is checked then written under the write lock: two instances making one title at once each get a slug of their own.
    return store.writeTransaction(() => {
      const payload = readPayload(body, { properties: defaultProperties() });
      const now = new Date().toISOString();
      const id = insertForm(store, {
        slug: payload.slug, title: payload.title, locale: payload.locale, properties: JSON.stringify(payload.properties), created: now, modified: now,
      });
      store.createdRecorder?.(`${BASE}/${id}`);
      return saved(id);
    });
  };

  const read = (ctx: HandlerContext) => {
    const form = loadForm(store, ctx.params.id);
    return respond(formItem(form), 200, versionHeaders(formVersion(form.row)));
  };

  /** 412 unless the request's preconditions hold for the form as stored; call it in the write's transaction. */
  const checkPreconditions = (ctx: HandlerContext, form: LoadedForm) =>
    checkWritePreconditions(ctx.request, formVersion(form.row), () => formItem(form));

  const update = (ctx: HandlerContext) => store.writeTransaction(() => {
    const form = loadForm(store, ctx.params.id);
    checkPreconditions(ctx, form);
    const payload = readPayload(ctx.request.body ?? {}, form);
    updateForm(store, {
      ...form.row,
      slug: payload.slug, title: payload.title, locale: payload.locale, properties: JSON.stringify(payload.properties),
      // A second past the last change at least, as an item's (see conditional.ts).
      modified: new Date(Math.max(Date.now(), Date.parse(form.row.modified) + 1000)).toISOString(),
    });
    return saved(form.row.id);
  });

  const remove = (ctx: HandlerContext) => store.writeTransaction(() => {
    checkPreconditions(ctx, loadForm(store, ctx.params.id));
    if (!deleteForm(store, Number(ctx.params.id))) throw new RestError('wpcf7_cannot_delete', 'There was an error deleting the contact form.', 500);
    return { deleted: true };
  });

  const feedback = async (ctx: HandlerContext) => {
    const { request } = ctx;
    const limit = rateLimit(store);
    // Counted whatever becomes of the submission, and not as its write: a request id is recorded with the stored submission.
    const verdict = store.unrecorded(() => hitRateLimit(store, `contact-form ${request.remoteAddress ?? 'in-process'}`, limit));
    if (!verdict.allowed) {
      throw new RestError('wpcf7_too_many_requests', `Too many submissions from your address: at most ${limit.requests} every ${limit.seconds} seconds. Please try again later.`, 429,
        { retry_after: verdict.retryAfter }, { 'retry-after': String(verdict.retryAfter) });
    }
    const contentType = (request.headers['content-type'] ?? '').toLowerCase();
    if (!contentType.startsWith('multipart/form-data') && !contentType.startsWith('application/x-www-form-urlencoded')) {
      throw new RestError('wpcf7_unsupported_media_type', 'The request payload format is not supported.', 415);
    }
    const form = loadForm(store, ctx.params.id);
    const size = submissionSize(request.headers['content-length'], request.body, request.files);
    const allowed = feedbackByteLimit(form);
    if (size > allowed) {
      throw new RestError('rest_request_too_large', `The submission is larger than this form accepts (${allowed} bytes).`, 413, { limit: allowed });
    }
    return submitFeedback(site, form, request);
  };

  // Relative date bounds (`min:today`) move with the calendar, and quiz questions change on
  // every call: neither is served from the response cache.
  const schema = (ctx: HandlerContext) => {
    const form: LoadedForm = loadForm(store, ctx.params.id);
    return respondUncached(formSchema(store, form));
  };

  const refill = (ctx: HandlerContext) => respondUncached(refillOf(site, loadForm(store, ctx.params.id)));

  const endpoint = (methods: string[], handler: Endpoint['handler'], permission: Endpoint['permission']): Endpoint => ({ methods, args: {}, handler, permission });
  const denied = 'You are not allowed to access the requested contact form.';
  return [
    {
      namespace: NAMESPACE,
      pattern: BASE,
      endpoints: [
        endpoint(['GET'], list, allow(READ_FORMS, 'You are not allowed to access contact forms.')),
        endpoint(['POST'], create, allow(EDIT_FORMS, 'You are not allowed to create a contact form.')),
      ],
    },
    {
      namespace: NAMESPACE,
      pattern: ITEM,
      endpoints: [
        endpoint(['GET'], read, allow(EDIT_FORMS, denied)),
        endpoint(['POST', 'PUT', 'PATCH'], update, allow(EDIT_FORMS, denied)),
        endpoint(['DELETE'], remove, allow(EDIT_FORMS, denied)),
      ],
    },
    { namespace: NAMESPACE, pattern: `${ITEM}/feedback`, endpoints: [{ ...endpoint(['POST'], feedback, allowAnyone), takesVisitorBodies: true }] },
    { namespace: NAMESPACE, pattern: `${ITEM}/feedback/schema`, endpoints: [endpoint(['GET'], schema, allowAnyone)] },
    { namespace: NAMESPACE, pattern: `${ITEM}/refill`, endpoints: [endpoint(['GET'], refill, allowAnyone)] },
  ];
}

/** The declared length of the body, else what its fields and files add up to. */
function submissionSize(declared: string | undefined, body: Record<string, unknown> | undefined, files: Record<string, { bytes: Buffer }> | undefined): number {
  const length = Number(declared);
  if (Number.isFinite(length) && length > 0) return length;
  const fields = Buffer.byteLength(JSON.stringify(body ?? {}));
  return fields + Object.values(files ?? {}).reduce((sum, file) => sum + file.bytes.length, 0);
}
