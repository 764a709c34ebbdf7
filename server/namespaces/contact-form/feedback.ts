// A visitor's submission, from fields to answer: validate against the form's schema, store
// (before anything else, so that nothing is lost), check for spam, then mail.
import { randomInt } from 'node:crypto';
import type { RestRequest, UploadedFile } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import { getSettings } from '../../content/settings.ts';
import { getOption } from '../../store/options.ts';
import { listUsers, getUserById } from '../../store/users.ts';
import { applyPipes, hasOption, idOption, toPipe, type FormTag } from './form-tags.ts';
import { message, settingIsTrue } from './properties.ts';
import { canonicalAnswer, hasFile, submittedValues, validateSubmission } from './validation.ts';
import { formSchema, type LoadedForm } from './forms.ts';
import { postedDataHash, quizAnswerHash } from './hashes.ts';
import { composeMail, deliverMail, type MailContext } from './mail.ts';
import { awaitAutoresponder, claimAutoresponder, claimSubmissionMail, insertSubmission, setSubmissionStatus, submissionSerial, type SubmissionFile } from './store/submissions.ts';
import { storedSubmission, submissionColumns, type Posted, type StoredSubmission, type SubmissionMeta } from './stored-submission.ts';

export type FeedbackStatus = 'validation_failed' | 'spam' | 'aborted' | 'mail_sent' | 'mail_failed' | 'error';
/** What becomes of a stored submission (dispatchSubmission). */
export type SubmissionOutcome = 'spam' | 'mail_sent' | 'mail_failed';

/**
 * The words of a feedback answered before its mail's outcome was known: sent again (its
 * Idempotency-Key) after its process died between the stored submission and that outcome
 * (its mail not begun, and sent now; or being given to the mail server, and never given twice).
 * Its status is `mail_sent`, as the plugin answers a submission stored whose mail the request
 * does not send (`skip_mail`: its mail() is true, its answer `mail_sent`): the plugin's script
 * takes the form as sent (clears it, fires wpcf7mailsent), and the visitor does not send it a
 * third time; another status would leave the form filled, to be sent again as a new submission.
 */
export const MAIL_PENDING = 'Thank you for your message. It has been received and kept, but the site stopped while sending it on: its mail may come late, or not at all if the mail server did not take it. It is never sent twice.';

/**
 * How a feedback's request record names the submission it stored (the record's item, which no
 * route reads: its answer is told, never read back): the feedback's path and the submission's id.
 */
export function submissionPath(feedbackPath: string, id: number): string {
  return `${feedbackPath}/${id}`;
}

/** The submission a feedback's record names (submissionPath), or null for one that names none (recorded by an earlier version). */
export function submissionNamed(feedbackPath: string, made: string | null): number | null {
  const id = made?.startsWith(`${feedbackPath}/`) ? Number(made.slice(feedbackPath.length + 1)) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Fields whose values are kept; quiz answers are checked, never kept. */
function keepsValue(tag: FormTag): boolean {
  return tag.name !== '' && tag.basetype !== 'quiz' && tag.basetype !== 'submit';
}

function takesMany(tag: FormTag): boolean {
  return (tag.basetype === 'checkbox' && !hasOption(tag, 'exclusive')) || (tag.basetype === 'select' && hasOption(tag, 'multiple'));
}

function postedData(tags: readonly FormTag[], body: Record<string, unknown>, uploads: Record<string, UploadedFile>): Posted {
  const result: Posted = { posted: {}, raw: {}, files: {} };
  for (const tag of tags) {
    if (!keepsValue(tag)) continue;
    if (tag.basetype === 'file') {
      const upload = uploads[tag.name];
      // Only the name of the file is kept, never a path the client sent with it.
      const file = hasFile(upload) ? { ...upload, fileName: upload.fileName.split(/[\\/]/).pop() ?? '' } : undefined;
      if (hasFile(file)) result.files[tag.name] = file;
      result.posted[tag.name] = hasFile(file) ? file.fileName : '';
      result.raw[tag.name] = result.posted[tag.name];
      continue;
    }
    const chosen = submittedValues(body[tag.name]);
    const piped = chosen.map((value) => applyPipes(tag, value));
    // A free-text choice is the last one, with the visitor's words after it.
    const freeText = submittedValues(body[`_wpcf7_free_text_${tag.name}`])[0];
    if (hasOption(tag, 'free_text') && freeText && chosen.length > 0 && chosen[chosen.length - 1] === tag.values[tag.values.length - 1]) {
      piped[piped.length - 1] = `${piped[piped.length - 1]} ${freeText}`;
    }
    result.posted[tag.name] = takesMany(tag) ? piped : (piped[0] ?? '');
    result.raw[tag.name] = takesMany(tag) ? chosen : (chosen[0] ?? '');
  }
  return result;
}

/** The site's address for mail: the `admin_email` option, else the first administrator's. */
function adminEmail(site: SiteContext): string {
  const option = getOption<string>(site.store, 'admin_email');
  if (option) return option;
  return listUsers(site.store).find((user) => user.role === 'administrator')?.email ?? '';
}

/** Which rule of spam a submission breaks, or null. */
function spamReason(site: SiteContext, posted: Posted, meta: SubmissionMeta): string | null {
  if (meta.user_agent.length < 2) return 'User-Agent string is unnaturally short.';
  const disallowed = (getOption<string>(site.store, 'disallowed_keys') ?? '').split('\n').map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (disallowed.length === 0) return null;
  const texts = [...Object.values(posted.posted).flat(), meta.remote_ip, meta.user_agent].map((text) => text.toLowerCase());
  const word = disallowed.find((candidate) => texts.some((text) => text.includes(candidate)));
  return word ? `Disallowed words (${word}) are used.` : null;
}

/** A new question of every quiz of the form, with the hash of its answer. */
export function quizRefill(site: SiteContext, tags: readonly FormTag[]): Record<string, [string, string]> {
  const refill: Record<string, [string, string]> = {};
  for (const tag of tags) {
    if (tag.basetype !== 'quiz' || !tag.name) continue;
    const [question, answer] = tag.rawValues.length > 0 ? toPipe(tag.rawValues[randomInt(tag.rawValues.length)]) : ['1+1=?', '2'];
    refill[tag.name] = [question.trim(), quizAnswerHash(site.store, canonicalAnswer(answer))];
  }
  return refill;
}

/** What a form needs after a submission: new quiz questions. */
export function refillOf(site: SiteContext, form: LoadedForm): Record<string, unknown> {
  const quiz = quizRefill(site, form.tags);
  return Object.keys(quiz).length > 0 ? { quiz } : {};
}

export async function submitFeedback(site: SiteContext, form: LoadedForm, request: RestRequest): Promise<Record<string, unknown>> {
  const { store } = site;
  const { properties, tags } = form;
  const body = request.body ?? {};
  const unitTag = String(submittedValues(body._wpcf7_unit_tag)[0] ?? '').replace(/[^A-Za-z0-9_-]/g, '');
  const referer = request.headers.referer ?? '';
  const meta: SubmissionMeta = {
    timestamp: Math.floor(Date.now() / 1000),
    remote_ip: request.remoteAddress ?? '',
    user_agent: (request.headers['user-agent'] ?? '').slice(0, 254),
    url: referer.startsWith(`${site.urls.base}/`) || referer === site.urls.base ? referer : '',
    unit_tag: unitTag,
    container_post_id: Number.parseInt(String(submittedValues(body._wpcf7_container_post)[0] ?? '0'), 10) || 0,
    current_user_id: request.user?.id ?? 0,
  };
  const answer: Record<string, unknown> = { contact_form_id: form.row.id };
  const finish = (status: FeedbackStatus, text: string, hash: string, extra: Record<string, unknown> = {}) => {
    const quiz = quizRefill(site, tags);
    return {
      ...answer,
      status,
      message: text,
      posted_data_hash: hash,
      ...(settingIsTrue(properties, 'demo_mode') ? { demo_mode: true } : {}),
      into: `#${unitTag}`,
      invalid_fields: [],
      ...extra,
      ...(Object.keys(quiz).length > 0 ? { quiz } : {}),
    };
  };

  if (settingIsTrue(properties, 'subscribers_only') && !request.user) {
    return finish('error', 'This contact form is available only for logged in users.', '');
  }

  const invalid = validateSubmission(formSchema(store, form), {
    fields: body,
    files: request.files ?? {},
    quizHash: (text) => quizAnswerHash(store, text),
  });
  if (invalid.size > 0) {
    const invalidFields = [...invalid].map(([field, reason]) => {
      const tag = tags.find((candidate) => candidate.name === field);
      return { field, message: reason, idref: tag ? idOption(tag) : null, error_id: `${unitTag}-ve-${field}` };
    });
    return finish('validation_failed', message(properties, 'validation_error'), '', { invalid_fields: invalidFields });
  }

  const posted = postedData(tags, body, request.files ?? {});
  const hash = postedDataHash(store, { remoteIp: meta.remote_ip, unitTag, posted: posted.posted });
  const files: SubmissionFile[] = Object.entries(posted.files).map(([field, file]) => ({
    field, file_name: file.fileName, content_type: file.contentType, bytes: file.bytes,
  }));
  const columns = submissionColumns(posted, meta, new Date());
  let submissionId: number;
  try {
    const insert = () => insertSubmission(store, { form_id: form.row.id, posted_data_hash: hash, ...columns }, files);
    // With a request id, its answer until its mail's outcome tells another (dispatchSubmission), recorded with it (server/resent-writes.ts).
    submissionId = !store.answerWanted() ? insert() : store.transaction(() => {
      const id = insert();
      // Named in its record, so that a re-send sends what its process left unsent of this submission (unmailed-feedback.ts).
      store.createdRecorder?.(submissionPath(request.path, id));
      store.answerRecorder?.(finish('mail_sent', MAIL_PENDING, hash));
      return id;
    });
  } catch (error) {
    // Nothing stored, so nothing is sent: the visitor is told, and may try again.
    console.error(`Contact form ${form.row.id}: the submission could not be stored:`, (error as Error).message);
    return finish('aborted', 'Sending mail has been aborted.', hash);
  }

  // Stored (committed) before anything is mailed: a death after a mail never loses its submission.
  await store.writesCommitted();
  // Mailed from what was stored, as one mailed after its process died is (unmailed-feedback.ts).
  return dispatchSubmission(site, form, storedSubmission(submissionId, columns, posted.files), (outcome) => (outcome === 'spam'
    ? finish('spam', message(properties, 'spam'), '')
    : finish(outcome, message(properties, outcome === 'mail_sent' ? 'mail_sent_ok' : 'mail_sent_ng'), hash)));
}

/** What a stored submission's mail and autoresponder are made of: its values, and the site's and its own special tags. */
function mailContext(site: SiteContext, form: LoadedForm, submission: StoredSubmission): MailContext {
  const { store } = site;
  const { id: submissionId, posted, meta } = submission;
  const settings = getSettings(store);
  const at = submission.created.setZone(settings.timezone_string);
  const user = meta.current_user_id ? getUserById(store, meta.current_user_id) : undefined;
  return {
    posted: posted.posted,
    raw: posted.raw,
    tags: form.tags,
    files: posted.files,
    special: {
      _site_title: settings.name,
      _site_description: settings.description,
      _site_url: site.urls.base,
      _site_admin_email: adminEmail(site),
      _remote_ip: meta.remote_ip,
      _user_agent: meta.user_agent,
      _url: meta.url,
      _date: at.toFormat('LLLL d, yyyy'),
      _time: at.toFormat('h:mm a').toLowerCase(),
      _serial_number: String(submissionSerial(store, form.row.id, submissionId)),
      _contact_form_title: form.row.title,
      _user_login: user?.login ?? '',
      _user_email: user?.email ?? '',
      _user_display_name: user?.name ?? '',
    },
  };
}

/** `claim` committed before the message goes: a process that dies after it has given the mail away. */
function committedClaim(store: SiteContext['store'], claim: () => boolean): () => Promise<boolean> {
  return async () => {
    const mine = claim();
    await store.writesCommitted();
    return mine;
  };
}

/**
 * What becomes of a stored submission: spam, or its mail sent (`mail_sent` too when another
 * process claimed it first and sends it), or failed; answered `answer(outcome)`, told with the
 * submission's outcome in its transaction (Store.answering: a feedback sent again after its
 * process died is answered so). Its mail is claimed before it goes anywhere
 * (claimSubmissionMail, committed first): sent by one process, once. Its autoresponder too, once
 * its mail is sent (sendAutoresponder).
 */
export async function dispatchSubmission<Answer>(
  site: SiteContext, form: LoadedForm, submission: StoredSubmission, answer: (outcome: SubmissionOutcome) => Answer,
): Promise<Answer> {
  const { store } = site;
  const { properties } = form;
  const { id: submissionId, posted, meta } = submission;
  const settle = (outcome: SubmissionOutcome, error: string | null = null, autoresponds = false) => store.answering(() => {
    setSubmissionStatus(store, submissionId, outcome, error);
    // Its autoresponder waits from the same commit: should this process die before it is claimed, another sends it.
    if (autoresponds) awaitAutoresponder(store, submissionId);
    return answer(outcome);
  });
  const spam = spamReason(site, posted, meta);
  if (spam) return settle('spam', spam);

  if (settingIsTrue(properties, 'demo_mode') || settingIsTrue(properties, 'skip_mail')) return settle('mail_sent');

  const context = mailContext(site, form, submission);
  let delivered;
  try {
    delivered = await deliverMail(store, site.dataDir, await composeMail(properties.mail, context), { submissionId, kind: 'mail' }, committedClaim(store, () => claimSubmissionMail(store, submissionId)));
  } catch (failure) {
    delivered = { error: (failure as Error).message };
  }
  if (delivered === null) {
    // Another process claimed it first: that one sends it. Nothing written here, so told apart (the answer the record keeps).
    const sent = answer('mail_sent');
    store.answerRecorder?.(sent);
    return sent;
  }
  if (delivered.error !== null) return settle('mail_failed', delivered.error);
  const autoresponds = properties.mail_2.active;
  const sent = settle('mail_sent', null, autoresponds);
  if (autoresponds) await sendAutoresponder(site, form, submission, context);
  return sent;
}

/**
 * Sends the submission's autoresponder, pending since its mail was sent, claimed first
 * (claimAutoresponder, committed before it goes): by one process, once. Its fate does not
 * change the visitor's answer; it is recorded with its mail.
 */
export async function sendAutoresponder(site: SiteContext, form: LoadedForm, submission: StoredSubmission, context = mailContext(site, form, submission)): Promise<void> {
  const { store } = site;
  try {
    await deliverMail(store, site.dataDir, await composeMail(form.properties.mail_2, context), { submissionId: submission.id, kind: 'mail_2' }, committedClaim(store, () => claimAutoresponder(store, submission.id)));
  } catch (failure) {
    console.error(`Contact form ${form.row.id}: the second mail could not be sent:`, (failure as Error).message);
  }
}
