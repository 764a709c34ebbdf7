// Feedback stored whose mail was never begun: its process died between the stored submission
// and its mail. The site sends it when it next starts, or when the visitor sends it again (to
// any instance: the re-send is answered from its record, resent-writes.ts), once: each submission's mail is claimed first, so of several
// instances starting (or one serving it) one sends it; one whose mail was begun is never sent again.
import type { SiteContext } from '../../site-context.ts';
import { loadForm } from './forms.ts';
import { dispatchSubmission } from './feedback.ts';
import { storedSubmission, type StoredSubmission } from './stored-submission.ts';
import { getForm } from './store/forms.ts';
import { listUnmailed, setSubmissionStatus, submissionFiles, type SubmissionRow } from './store/submissions.ts';

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

/** Sends the mail of every submission left unmailed, one after the other, until done or the site closes. */
export async function mailUnmailedFeedback(site: SiteContext): Promise<void> {
  for (const row of listUnmailed(site.store)) {
    if (closed.has(site)) return;
    try {
      if (!getForm(site.store, row.form_id)) {
        // Its mail is made from its form's templates: none to make it from, and none to wait for.
        setSubmissionStatus(site.store, row.id, 'mail_failed', 'Its form was deleted before its mail was sent.');
        continue;
      }
      await dispatchSubmission(site, loadForm(site.store, row.form_id), restored(site, row), () => undefined);
    } catch (error) {
      // The database or the mail server out of reach: left as it is, for the next start.
      console.error(`Contact form ${row.form_id}: the mail of submission ${row.id}, left unsent by a stopped process, could not be sent:`, (error as Error).message);
    }
  }
}
