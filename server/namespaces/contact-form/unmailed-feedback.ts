// Feedback stored whose mail, or autoresponder, was never begun: its process died between the
// stored submission and its mail, or between its mail's outcome and its autoresponder. The site
// sends what is left when it next starts, or when the visitor sends that feedback again (to any
// instance: the re-send is answered from its record, resent-writes.ts, once what its own
// submission lacks is sent), once: each mail is claimed first, so of several instances starting
// (or one serving it) one sends it; one whose mail was begun is never sent again.
import type { SiteContext } from '../../site-context.ts';
import { loadForm } from './forms.ts';
import { dispatchSubmission, sendAutoresponder } from './feedback.ts';
import { storedSubmission, type StoredSubmission } from './stored-submission.ts';
import { getForm } from './store/forms.ts';
import { claimAutoresponder, getSubmission, isUnmailed, listUnmailed, setSubmissionStatus, submissionFiles, type SubmissionRow } from './store/submissions.ts';

/** The submission as the feedback route mailed it: from what was stored of it, its files included. */
function restored(site: SiteContext, row: SubmissionRow): StoredSubmission {
  const files = Object.fromEntries(submissionFiles(site.store, row.id).map((file) => [file.field, { fileName: file.file_name, contentType: file.content_type, bytes: file.bytes }]));
  return storedSubmission(row.id, row, files);
}

/** The sites closed: what their sweeps have not reached yet is left for the next start. */
const closed = new WeakSet<SiteContext>();

export function stopMailingUnmailed(site: SiteContext): void {
  closed.add(site);
}

/** Sends what a stopped process left unsent of the submission: its mail (then its autoresponder, as a live one), or its autoresponder. */
async function sendWhatIsLeft(site: SiteContext, row: SubmissionRow): Promise<void> {
  const unmailed = isUnmailed(row);
  if (!unmailed && row.autoresponder !== 'pending') return;
  try {
    if (!getForm(site.store, row.form_id)) {
      // Its mail is made from its form's templates: none to make it from, and none to wait for.
      if (unmailed) setSubmissionStatus(site.store, row.id, 'mail_failed', 'Its form was deleted before its mail was sent.');
      else if (claimAutoresponder(site.store, row.id)) console.error(`Contact form ${row.form_id}: the autoresponder of submission ${row.id} is not sent: its form was deleted first.`);
      return;
    }
    const form = loadForm(site.store, row.form_id);
    if (unmailed) await dispatchSubmission(site, form, restored(site, row), () => undefined);
    else await sendAutoresponder(site, form, restored(site, row));
  } catch (error) {
    // The database or the mail server out of reach: left as it is, for the next start.
    console.error(`Contact form ${row.form_id}: the mail of submission ${row.id}, left unsent by a stopped process, could not be sent:`, (error as Error).message);
  }
}

/** Sends what was left unsent of every submission, one after the other, until done or the site closes. */
export async function mailUnmailedFeedback(site: SiteContext): Promise<void> {
  for (const row of listUnmailed(site.store)) {
    if (closed.has(site)) return;
    await sendWhatIsLeft(site, row);
  }
}

/** Sends what was left unsent of one submission (a feedback sent again): not what others wait for. */
export async function mailUnmailedSubmission(site: SiteContext, id: number): Promise<void> {
  const row = getSubmission(site.store, id);
  if (row) await sendWhatIsLeft(site, row);
}
