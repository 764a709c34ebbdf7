// Every failure a writer can meet, in plain words with what to do next: a site's error
// ({code, message, data:{status}}), the network's, or the program's own. The site's message
// (written for people) is kept, less any clause that is a machine's text (an error code, a
// host-name lookup, a stack); the failure is said from its kind (by status and code) when nothing
// is left, when the words are not the site's (no answer, an unreadable one, the site's own fault),
// or when they are WordPress's stock "Invalid post ID.". The next step is the kind's, unless the
// site's words give one (a Retry-After names the wait).
import { SiteError } from '../../shared/site-client.ts';
import type { BatchResult, ErrorBody } from '../../shared/site-types.ts';

export interface ErrorWords {
  /** What went wrong. */
  words: string;
  /** What the writer can do about it. */
  next: string;
}

type Kind = 'offline' | 'remote' | 'signedOut' | 'forbidden' | 'notFound' | 'conflict' | 'tooBig' | 'wrongType' | 'tooMany' | 'busy' | 'diskFull' | 'invalid' | 'unsupported' | 'unreadable' | 'fault';

const KINDS: Record<Kind, ErrorWords> = {
  offline: { words: 'The site could not be reached.', next: 'Check your connection and that the site is running, then try again.' },
  remote: { words: 'The other site could not be reached from here.', next: 'Check your internet connection, or try again later.' },
  signedOut: { words: 'You are not signed in to the site any more.', next: 'Sign in again, then try once more.' },
  forbidden: { words: 'Your account on this site is not allowed to do this.', next: 'Ask an administrator of the site if you need to.' },
  notFound: { words: 'It is not on this site: it may have been deleted, or it belongs to another site.', next: 'Reload, or choose another.' },
  conflict: { words: 'It changed somewhere else since you opened it.', next: 'Compare the two versions and choose which to keep.' },
  tooBig: { words: 'The file is too big for this site.', next: 'Make it smaller (fewer pixels, or a lower quality), then upload it again.' },
  wrongType: { words: 'This kind of file is not accepted by the site.', next: 'Save it in a common format (JPEG, PNG, WebP, PDF, MP4, MP3), then upload it again.' },
  tooMany: { words: 'Too many tries in a short time.', next: 'Wait a minute, then try again.' },
  busy: { words: 'The site is busy just now; nothing was changed.', next: 'Try again in a few seconds.' },
  diskFull: { words: 'The site’s disk is full, so nothing was saved.', next: 'Ask whoever runs the site to free some space, then try again.' },
  invalid: { words: 'The site did not accept this.', next: 'Check what you entered, then try again.' },
  unsupported: { words: 'The site does not do this.', next: 'Do it another way, or on the site itself.' },
  unreadable: { words: 'The site’s answer could not be read.', next: 'Try again; if it happens again, the site may be out of date or behind a proxy.' },
  fault: { words: 'The site ran into a problem of its own.', next: 'Try again; if it happens again, the site’s log says why.' },
};

/** Failures whose site words, if any, are not for the writer: no answer, an unreadable one, the site's own fault (its internals). */
const APP_WORDS: ReadonlySet<Kind> = new Set(['offline', 'unreadable', 'fault']);
/** Codes the client gives a failure the site did not word (no answer, or one that is not JSON): its message is the client's, not for the writer. */
const CLIENT_CODES: ReadonlySet<string> = new Set(['network_error', 'invalid_response']);
/** The stock messages of a missing item, which name no item a writer knows ("Invalid post ID."): said from the kind. */
const STOCK_NOT_FOUND = /^(Not Found\.?|Invalid [\w ]+ ID\.|No route was found matching the URL and request method\.)$/i;

/** Text that is a machine's, not a writer's: error codes, host-name lookups, stacks, paths, identifiers. */
const MACHINE_TEXT = [
  /\bE[A-Z]{3,}\b/, // ENOTFOUND, ECONNREFUSED, ENOSPC
  /getaddrinfo|socket hang up|fetch failed|Failed to fetch|NetworkError|Load failed|ERR_[A-Z_]+/i,
  /\bat \S+ \(|\(\S+:\d+:\d+\)|\n\s+at /, // a stack frame
  /\b[a-z0-9]+(?:_[a-z0-9]+)+\b(?!\.\w)/, // snake_case: a code or a field's machine name (not a file's name)
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, // SQLITE_FULL
  /(?:^|\s)\/(?:[\w.-]+\/)+[\w.-]*/, // a file path
  /\[object \w+\]|\bundefined\b|\bnull\b|\bNaN\b/,
  /^\w*Error\b/, // "TypeError …"
];

const isMachineText = (text: string) => MACHINE_TEXT.some((pattern) => pattern.test(text));

/** The site's message less its machine clauses: "The embed could not be fetched: getaddrinfo ENOTFOUND x" → "The embed could not be fetched." */
export function writersPart(message: string): string {
  const sentences = message.split(/(?<=[.!?])\s+|\n+/).map((sentence) => sentence.trim()).filter(Boolean);
  const kept = sentences
    .map((sentence) => {
      // Clauses with the marks between them (kept as written), in turn.
      const parts = sentence.split(/(:\s+|;\s+|\s+[–—-]\s+)/);
      let text = '';
      for (let index = 0; index < parts.length; index += 2) {
        if (isMachineText(parts[index])) break; // what follows a machine's clause explains it in its terms
        text += (index > 0 ? parts[index - 1] : '') + parts[index];
      }
      text = withoutUnclosed(text).replace(/[\s:;,–—-]+$/, '');
      return text && !/[.!?]$/.test(text) ? `${text}.` : text;
    })
    .filter((sentence) => sentence.length > 1);
  return kept.join(' ');
}

/** Text cut inside brackets or quotes ("… (the site said: “ENOTFOUND …"), less the part left open. */
function withoutUnclosed(text: string): string {
  for (const [open, close] of [['(', ')'], ['“', '”']]) {
    if (text.split(open).length > text.split(close).length) return withoutUnclosed(text.slice(0, text.lastIndexOf(open)));
  }
  return text;
}

/** The kind of failure, from what the site said (its code and status) or how the request failed. */
function kindOf(code: string, status: number): Kind {
  if (status === 0 || code === 'network_error') return 'offline';
  if (code === 'invalid_response' && status < 400) return 'unreadable';
  if (/fetch_failed|remote_unreachable|remote_offline|_unreachable$/.test(code) || status === 502 || status === 504) return 'remote';
  if (status === 507 || code === 'insufficient_storage') return 'diskFull';
  if (status === 413 || /too_big|too_large|file_size|too_costly/.test(code)) return 'tooBig';
  if (status === 415 || /mime|file_type|unsupported_media|sideload|invalid_type/.test(code)) return 'wrongType';
  if (status === 401) return 'signedOut';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 412) return 'conflict';
  if (status === 429) return 'tooMany';
  if (status === 503) return 'busy';
  if (status === 501 || status === 405) return 'unsupported';
  if (status >= 400 && status < 500) return 'invalid';
  return 'fault';
}

/** A step the site's own message already gives ("Try again in a few seconds."), so ours is not said twice. */
const NEXT_STEP = /(?:^|[.!?;]\s+|\b(?:then|or|and)\s+)(?:please\s+)?(?:try|ask|choose|check|sign in|wait|make|upload|free|confirm|create|use|replace|remove|reload|enter|pick|connect|set|save|delete|give)\b/i;
export const givesNextStep = (words: string): boolean => NEXT_STEP.test(words);

/** The wait a site asked for (Retry-After), in words. */
function waitWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Words and a next step for any failure. */
export function errorWords(error: unknown): ErrorWords {
  if (error instanceof SiteError) {
    const kind = kindOf(error.code, error.status);
    const details = Object.values(error.data?.params ?? {}).map(String).map(writersPart).filter(Boolean);
    const sites = APP_WORDS.has(kind) || CLIENT_CODES.has(error.code) ? '' : [writersPart(error.message), ...details].filter(Boolean).join(' ');
    const words = sites && !(kind === 'notFound' && STOCK_NOT_FOUND.test(sites)) ? sites : KINDS[kind].words;
    const wait = error.retryAfterSeconds;
    const next = givesNextStep(words) ? '' : wait !== null && (kind === 'busy' || kind === 'tooMany') ? `Try again in ${waitWords(wait)}.` : KINDS[kind].next;
    return { words, next };
  }
  // fetch's own failure, outside the client (a TypeError "Failed to fetch").
  if (error instanceof TypeError && isMachineText(error.message)) return { words: KINDS.offline.words, next: KINDS.offline.next };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const words = writersPart(message);
  return words ? { words, next: givesNextStep(words) ? '' : 'Try again.' } : { words: 'Something went wrong.', next: 'Try again; if it happens again, restart the app.' };
}

/** The failure as one line: what went wrong, then what to do. */
export function describeError(error: unknown): string {
  const { words, next } = errorWords(error);
  return next ? `${words} ${next}` : words;
}

/** A failed answer the client hands back rather than throws (one of a batch's results), as one line. */
export function describeAnswer({ status, body }: BatchResult): string {
  const error = (body ?? {}) as Partial<ErrorBody>;
  return describeError(new SiteError(error.code ?? 'http_error', error.message ?? '', status, error.data));
}

/**
 * What a finished job recorded as text (a sync run's message, one matter a line), less its machine
 * text; when the job failed, with what to do next where its words give none.
 */
export function describeRecorded(record: { message: string }, failed: boolean): string {
  return failed ? describeError(record.message) : writersPart(record.message);
}

/**
 * A failure the app recorded as words (a sign-in the site refused, a sync ended by an error), as an
 * error to keep and show (ErrorNotice): worded as describeRecorded words a failed job.
 */
export function recordedFailure(record: { message: string }): Error {
  return new Error(record.message);
}
