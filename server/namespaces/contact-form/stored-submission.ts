// A submission as it is stored, and as its mail is made from what is stored: one way for the
// mail sent as it is submitted (feedback.ts) and the mail sent after its process died
// (unmailed-feedback.ts), so that both fill every tag alike, `[_raw_…]` included.
import { DateTime } from 'luxon';
import type { UploadedFile } from '../../rest/types.ts';
import type { SubmissionRow } from './store/submissions.ts';

export interface Posted {
  /** What mail and storage get: values after pipes, free text included. */
  posted: Record<string, string | string[]>;
  /** What the visitor chose, before pipes. */
  raw: Record<string, string | string[]>;
  files: Record<string, UploadedFile>;
}

/** What is kept of a submission's request, beside its values (the stored `meta`). */
export interface SubmissionMeta {
  timestamp: number;
  remote_ip: string;
  user_agent: string;
  url: string;
  unit_tag: string;
  container_post_id: number;
  current_user_id: number;
}

/** A submission as stored: what mail needs of it. */
export interface StoredSubmission {
  id: number;
  posted: Posted;
  meta: SubmissionMeta;
  created: DateTime;
}

export type SubmissionColumns = Pick<SubmissionRow, 'posted_data' | 'raw_data' | 'meta' | 'created'>;

/** The columns a submission is stored in: its values after pipes, and before them only where they differ (a message is not kept twice). */
export function submissionColumns(posted: Posted, meta: SubmissionMeta, created: Date): SubmissionColumns {
  const chosen = Object.entries(posted.raw).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(posted.posted[field]));
  return { posted_data: JSON.stringify(posted.posted), raw_data: JSON.stringify(Object.fromEntries(chosen)), meta: JSON.stringify(meta), created: created.toISOString() };
}

/** The submission its mail is made of, from its stored columns and files. */
export function storedSubmission(id: number, columns: SubmissionColumns, files: Record<string, UploadedFile>): StoredSubmission {
  const values = JSON.parse(columns.posted_data) as Posted['posted'];
  // An earlier version kept no values before pipes (raw_data NULL): its submissions are shown after them.
  const chosen = columns.raw_data === null ? {} : JSON.parse(columns.raw_data) as Posted['raw'];
  return { id, posted: { posted: values, raw: { ...values, ...chosen }, files }, meta: JSON.parse(columns.meta) as SubmissionMeta, created: DateTime.fromISO(columns.created) };
}
