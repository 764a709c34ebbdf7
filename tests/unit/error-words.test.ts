// Every error the site can answer reaches the writer in plain words with a next step: generated
// over every error code the server and the desktop's routes create (read from their sources, with
// each message's placeholders filled by the machine text that leaked before: a host-name lookup,
// a stack), at the status each is answered with and at every status the site answers.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeAnswer, describeError, describeRecorded, errorWords, givesNextStep, recordedFailure, writersPart } from '../../renderer/components/error-words.ts';
import { zoneOf } from '../../renderer/components/site-dates.ts';
import { describeRun } from '../../renderer/sites/describe-site.ts';
import { statusMessage } from '../../electron/remote/client/errors.ts';
import { SiteError, retryAfterSeconds } from '../../shared/site-client.ts';

const ROOTS = ['server', 'electron'].map((root) => path.resolve(root));
const STATUSES = [400, 401, 403, 404, 405, 409, 410, 412, 413, 415, 422, 429, 500, 501, 502, 503, 504, 507];
/** What an error's details said before: Node's lookup failure, a stack, a driver's code. */
const LEAKED = 'getaddrinfo ENOTFOUND www.youtube.com\n    at GetAddrInfoReqWrap.onlookup (node:dns:107:26) SQLITE_FULL';

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourcesOf(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface SiteFailure { code: string; message: string; status: number | null }

/** Every call that names an error code and its message (`new RestError('code', 'message', 404)`, `forbidden('code', …)`), with its status when written there. */
function siteFailures(): SiteFailure[] {
  const call = /\(\s*'([a-z][a-z0-9]*(?:_[a-z0-9]+)+)',\s*(?:\w+\s*\?\s*)?(['"`])((?:\\.|(?!\2)[^\\])*)\2[^,)]*(?:,\s*(\d{3})\b)?/g;
  const found = new Map<string, SiteFailure>();
  for (const file of ROOTS.flatMap(sourcesOf)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/RestError|ValidationError|forbidden\(/.test(text)) continue;
    for (const match of text.matchAll(call)) {
      const message = match[3].replace(/\$\{[^}]*\}/g, LEAKED);
      found.set(`${match[1]} ${message}`, { code: match[1], message, status: match[4] ? Number(match[4]) : null });
    }
  }
  return [...found.values()];
}

/** Text a writer should never read. */
function machineText(text: string, code: string): string[] {
  const checks: [string, boolean][] = [
    ['the code', text.includes(code)],
    ['a host-name lookup', /getaddrinfo|ENOTFOUND|www\.youtube\.com/.test(text)],
    ['a stack frame', /\bat \S+ \(|node:dns/.test(text)],
    ['a driver code', /SQLITE_|\bE[A-Z]{3,}\b/.test(text)],
    ['a snake_case name', /\b[a-z0-9]+(_[a-z0-9]+)+\b/.test(text)],
  ];
  return checks.filter(([, present]) => present).map(([name]) => name);
}

const failures = siteFailures();

describe('the words for a site error', () => {
  it('are found for many codes (the reading of the sources still works)', () => {
    expect(new Set(failures.map((failure) => failure.code)).size).toBeGreaterThan(100);
  });

  it.each(failures.map((failure) => [failure.code, failure] as const))('%s: words and a next step, no machine text', (code, failure) => {
    for (const status of failure.status ? [failure.status] : STATUSES) {
      const { words, next } = errorWords(new SiteError(code, failure.message, status, { status }));
      const line = describeError(new SiteError(code, failure.message, status, { status }));
      expect(words.length, `${code} at ${status}`).toBeGreaterThan(10);
      expect(machineText(line, code), `${code} at ${status}: ${line}`).toEqual([]);
      // A next step: ours, or the site's own ("… Try again in a few seconds.").
      expect(next !== '' || givesNextStep(words), `${code} at ${status}: ${line}`).toBe(true);
    }
  });

  it.each(STATUSES)('at %i, a message that is all machine text is replaced by words of the kind of failure', (status) => {
    const line = describeError(new SiteError('some_failure', LEAKED, status, { status }));
    expect(machineText(line, 'some_failure')).toEqual([]);
    expect(line.length).toBeGreaterThan(20);
  });
});

describe('a failure answered in a batch (the post list’s batch actions)', () => {
  it.each(failures.map((failure) => [failure.code, failure] as const))('%s: words and a next step, no machine text', (code, failure) => {
    for (const status of failure.status ? [failure.status] : STATUSES) {
      const line = describeAnswer({ status, body: { code, message: failure.message, data: { status } } });
      expect(line, `${code} at ${status}`).toBe(describeError(new SiteError(code, failure.message, status, { status })));
      expect(machineText(line, code), `${code} at ${status}: ${line}`).toEqual([]);
    }
  });

  it.each(STATUSES)('at %i with no error body, is said from the kind of failure', (status) => {
    expect(describeAnswer({ status, body: null })).toBe(describeError(new SiteError('http_error', '', status)));
  });

  it('a post deleted behind the list’s back', () => {
    expect(describeAnswer({ status: 404, body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } } }))
      .toBe('It is not on this site: it may have been deleted, or it belongs to another site. Reload, or choose another.');
  });
});

describe('a sync run’s message (the Sites screen)', () => {
  const zone = zoneOf({ timezone_string: 'UTC' });
  const run = (result: 'ok' | 'conflicts' | 'offline' | 'failed' | 'cancelled', message: string) => ({ id: 1, startedAt: '2026-11-28T10:00:00Z', finishedAt: '2026-11-28T10:01:00Z', result, pulled: 2, pushed: 1, conflicts: 0, message });
  /** What a failed sync records: the reason for every status a remote site answers, with the site's words leaked into it. */
  const failed = STATUSES.flatMap((status) => [statusMessage('blog.example', status, null), statusMessage('blog.example', status, LEAKED)]);

  it.each(failed.map((message) => [message]))('failed: %s → words with a next step, no machine text', (message) => {
    const words = describeRecorded({ message }, true);
    expect(machineText(words, 'some_code')).toEqual([]);
    expect(givesNextStep(words)).toBe(true);
    expect(describeRun(run('failed', message), zone)).toContain(words);
  });

  it('failed with the site’s machine text in its reason: the reason without it', () => {
    expect(describeRun(run('failed', statusMessage('blog.example', 404, LEAKED)), zone))
      .toMatch(/^Sync failed on .*: 2 received, 1 sent\. blog\.example could not find what the app asked for\. Check the site's address, or ask the site's administrator\.$/);
  });

  it('a run that went through keeps its own sentences, less a site’s machine text, one line after another', () => {
    const message = ['1 item changed on both sides: choose which version to keep.', `Post “Hello” (12) of the site could not be copied here: ${LEAKED}`].join('\n');
    expect(describeRecorded({ message }, false)).toBe('1 item changed on both sides: choose which version to keep. Post “Hello” (12) of the site could not be copied here.');
    expect(describeRecorded({ message: '' }, false)).toBe('');
  });
});

describe('a failure recorded as words (a sign-in the site refused, a sync ended by an error)', () => {
  /** Every way a sign-in with the site ends other than connected, as the desktop's routes settle it, and a sync's error with machine text. */
  const grantEnds = [...fs.readFileSync(path.resolve('electron/sites/routes.ts'), 'utf8').matchAll(/settle\(grant, '(?:rejected|failed)', `([^`]*)`/g)]
    .map((match) => match[1].replace(/\$\{[^}]*\}/g, 'blog.example'));
  const recorded = [...grantEnds, LEAKED, `The sync stopped: ${LEAKED}`];

  it('reads every way a sign-in fails (the reading of the source still works)', () => expect(grantEnds.length).toBeGreaterThanOrEqual(2));

  it.each(recorded.map((message) => [message]))('%s → words with a next step, no machine text', (message) => {
    const line = describeError(recordedFailure({ message }));
    expect(line).toBe(describeRecorded({ message }, true));
    expect(machineText(line, 'some_code')).toEqual([]);
    expect(givesNextStep(line)).toBe(true);
  });
});

describe('the renderer', () => {
  // Read elsewhere and worded later (a message put in an Error that ErrorNotice words).
  const KNOWN = new Set(['components/error-words.ts', 'media/upload.ts', 'posts/save-page-moves.ts']);
  it('reads an error’s message only in the one function that words it (and the places known)', () => {
    const renderer = path.resolve('renderer');
    const readers = sourcesOf(renderer).filter((file) => !file.startsWith(path.join(renderer, 'blocks')) && /\.message\b/.test(fs.readFileSync(file, 'utf8')));
    expect(readers.map((file) => path.relative(renderer, file)).filter((file) => !KNOWN.has(file))).toEqual([]);
  });
});

describe('the words for each failure a writer meets in the editor', () => {
  it('an embed offline: the site did not reach the other site, said without the lookup', () => {
    const line = describeError(new SiteError('oembed_fetch_failed', 'The embed could not be fetched: getaddrinfo ENOTFOUND www.youtube.com', 502, { status: 502, reason: 'unreachable' }));
    expect(line).toBe('The embed could not be fetched. Check your internet connection, or try again later.');
  });

  it('the site unreachable (no answer at all, or fetch failing outside the client)', () => {
    const offline = 'The site could not be reached. Check your connection and that the site is running, then try again.';
    expect(describeError(new SiteError('network_error', 'whatever', 0))).toBe(offline);
    expect(describeError(new TypeError('Failed to fetch'))).toBe(offline);
  });

  it('a busy site names the wait it asked for', () => {
    expect(describeError(new SiteError('service_unavailable', '', 503, {}, 5))).toBe('The site is busy just now; nothing was changed. Try again in 5 seconds.');
    // The site's own step stands.
    expect(describeError(new SiteError('service_unavailable', 'The site cannot reach its database just now, or it is busy. Try again in a few seconds.', 503, {}, 5)))
      .toBe('The site cannot reach its database just now, or it is busy. Try again in a few seconds.');
    expect(describeError(new SiteError('http_error', '', 503, {}, 120))).toBe('The site is busy just now; nothing was changed. Try again in 2 minutes.');
    expect(describeError(new SiteError('invalid_response', 'The site answered with something that is not JSON (status 503).', 503, {}, 5))).toMatch(/^The site is busy/);
  });

  it('a full disk, a file too big, a file of the wrong kind: the site’s limit kept, a next step', () => {
    expect(describeError(new SiteError('insufficient_storage', 'The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.', 507, {}, 60)))
      .toBe('The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.');
    expect(describeError(new SiteError('insufficient_storage', '', 507))).toBe('The site’s disk is full, so nothing was saved. Ask whoever runs the site to free some space, then try again.');
    expect(describeError(new SiteError('upload_failed', '', 413))).toBe('The file is too big for this site. Make it smaller (fewer pixels, or a lower quality), then upload it again.');
    expect(describeError(new SiteError('rest_upload_file_too_big', 'The file is larger than the site accepts (at most 100 MB).', 413)))
      .toBe('The file is larger than the site accepts (at most 100 MB). Make it smaller (fewer pixels, or a lower quality), then upload it again.');
    expect(describeError(new SiteError('rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.', 400)))
      .toBe('Sorry, you are not allowed to upload this file type. Save it in a common format (JPEG, PNG, WebP, PDF, MP4, MP3), then upload it again.');
  });

  it('a refused field keeps the site’s words for it', () => {
    expect(describeError(new SiteError('rest_invalid_param', 'Invalid parameter(s): title', 400, { params: { title: 'title is not of type string.' } })))
      .toBe('Invalid parameter(s): title. title is not of type string. Check what you entered, then try again.');
  });

  it('a program error keeps its words and drops its machine part', () => {
    expect(describeError(new Error('The image could not be read: ENOENT /tmp/x.png'))).toBe('The image could not be read. Try again.');
    expect(describeError(undefined)).toBe('Something went wrong. Try again; if it happens again, restart the app.');
  });
});

describe('a missing item', () => {
  it('is said from the kind when the site’s words are the stock ones, and in the site’s words otherwise', () => {
    expect(describeError(new SiteError('rest_post_invalid_id', 'Invalid post ID.', 404))).toBe('It is not on this site: it may have been deleted, or it belongs to another site. Reload, or choose another.');
    expect(describeError(new SiteError('wpcf7_not_found', 'The requested contact form was not found.', 404))).toBe('The requested contact form was not found. Reload, or choose another.');
  });

  it('a site that sends elsewhere (409) keeps its own words and step', () => {
    const words = 'old.example sends you to https://new.example, which is not the address you typed. Confirm that https://new.example belongs to this site to connect there.';
    expect(describeError(new SiteError('inkwell_remote_sent_elsewhere', words, 409))).toBe(words);
  });
});

describe('the machine part of a message', () => {
  it.each([
    ['The embed could not be fetched: getaddrinfo ENOTFOUND www.youtube.com', 'The embed could not be fetched.'],
    ['Invalid post ID.', 'Invalid post ID.'],
    ['fetch failed', ''],
    ['Error: SQLITE_BUSY: database is locked', ''],
    // Cut inside brackets or quotes: the part left open goes too.
    ['blog.example refused the request (the site said: “getaddrinfo ENOTFOUND x”). Try again.', 'blog.example refused the request. Try again.'],
    // The marks between the clauses kept are kept as written.
    ['The site is busy; nothing was changed — try again.', 'The site is busy; nothing was changed — try again.'],
  ])('%s → %s', (message, kept) => expect(writersPart(message)).toBe(kept));
});

describe('a Retry-After header', () => {
  it('is read as seconds, or as the time until its date', () => {
    expect(retryAfterSeconds('5')).toBe(5);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:30 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(30);
  });
});
