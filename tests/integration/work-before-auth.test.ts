// Work bounded before authentication: a body is not read for a request refused on its
// credentials or its user, password checks run off the event loop and cost the same for
// unknown and known logins, and sign-in attempts are limited per client. The site keeps
// answering plain reads while it is attacked with all of these at once.
import http from 'node:http';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { cookieSet, formToken, postForm } from '../helpers/grant-page.ts';
import { SIGN_IN_LIMIT } from '../../server/auth/sign-in-limit.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';

const MB = 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Bytes of the body the client had written when the answer came. */
  sent: number;
}

/**
 * Declares a body of `declared` bytes and writes only its first 64 KB, unless `flood`, then
 * keeps writing until the answer comes. A site that waited for the body would never answer.
 */
function partialUpload(url: string | URL, options: { headers?: Record<string, string>; declared: number; flood?: boolean; localAddress?: string }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    let answered = false;
    const request = http.request(url, {
      method: 'POST',
      localAddress: options.localAddress,
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="big.png"', ...options.headers, 'content-length': String(options.declared) },
    }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (data: Buffer) => chunks.push(data));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8'), sent });
      });
    });
    // Once the site has answered it may cut the connection under the rest of the body.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < options.declared) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
    };
    if (options.flood) write();
    else {
      sent = chunk.length;
      request.write(chunk);
    }
  });
}

/** A plain HTTP request from a chosen local address (another client, as far as the site can tell). */
function requestFrom(localAddress: string, url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (data: Buffer) => chunks.push(data));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8'), sent: 0 }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** 100 wrong sign-ins (with a valid form token, so each costs a password check) and floods of anonymous uploads. */
const ATTACKERS = `
const http = require('node:http');
const w = JSON.parse(process.argv[1]);
const tell = (message) => process.send(message);
for (let n = 0; n < w.signIns; n++) {
  const body = new URLSearchParams({ action: 'login', log: w.logins[n % 2] + (n % 2 ? '-' + n : ''), pwd: 'guess-' + n, token: w.token });
  fetch(w.page, { method: 'POST', redirect: 'manual', headers: { cookie: w.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body })
    .then((response) => tell({ type: 'sign-in', status: response.status }), () => tell({ type: 'sign-in', status: 0 }));
}
const chunk = Buffer.alloc(64 * 1024, 7);
for (let n = 0; n < w.uploads; n++) {
  let sent = 0;
  let answered = false;
  const request = http.request(w.media, { method: 'POST', headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="big.png"', 'content-length': String(w.uploadBytes) } }, (response) => {
    answered = true;
    response.resume();
    response.on('end', () => { request.destroy(); tell({ type: 'upload', status: response.statusCode, sent }); });
  });
  request.on('error', () => { if (!answered) tell({ type: 'upload', status: 0, sent }); });
  const write = () => {
    while (!answered && sent < w.uploadBytes) {
      sent += chunk.length;
      if (!request.write(chunk)) return void request.once('drain', write);
    }
  };
  write();
}
`;

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const json = (answer: RawAnswer) => JSON.parse(answer.text);

/** The sign-in form's cookie and token, read once: a script then posts as often as it likes. */
async function signInForm(page: string): Promise<{ cookie: string; token: string }> {
  const form = await fetch(page);
  return { token: formToken(await form.text()), cookie: cookieSet(form, 'cms_sign_in')! };
}

describe('a body is not read for a request refused before it', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(async () => {
    await site.close();
  });
  const media = () => new URL('cms/v2/media', site.apiRoot);

  it('answers an anonymous 120 MB upload with 401 at once, having read almost none of it', async () => {
    const answer = await partialUpload(media(), { declared: 120 * MB });
    expect(answer.status).toBe(401);
    expect(json(answer).code).toBe('rest_cannot_create');
    expect(answer.sent).toBe(64 * 1024);
  });

  it('answers wrong credentials, an unknown login and a malformed header with 401 before the body', async () => {
    for (const authorization of [basic(site.users.author.login, 'wrong password'), basic('nobody', 'x'), 'Basic !!!']) {
      const answer = await partialUpload(media(), { declared: 120 * MB, headers: { authorization } });
      expect(answer.status, authorization).toBe(401);
      expect(answer.sent).toBe(64 * 1024);
    }
  });

  it('answers a user who may not upload (subscriber, contributor) with 403 before the body', async () => {
    for (const role of ['subscriber', 'contributor'] as const) {
      const answer = await partialUpload(media(), { declared: 120 * MB, headers: { authorization: site.authHeader(role) } });
      expect(answer.status, role).toBe(403);
      expect(json(answer).code).toBe('rest_cannot_create');
    }
  });

  it('answers wrong credentials on any write route before its body, and still serves the next request', async () => {
    const answer = await partialUpload(new URL('cms/v2/posts', site.apiRoot), { declared: 10 * MB, headers: { 'content-type': 'application/json', authorization: basic(site.users.editor.login, 'nope') } });
    expect(answer.status).toBe(401);
    expect(json(answer).code).toBe('incorrect_password');
    expect((await site.api('cms/v2/posts', { as: 'editor' })).status).toBe(200);
  });

  it('never tells a client that asks first (Expect: 100-continue) to send a body it would refuse', async () => {
    const ask = (headers: Record<string, string>) => new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const request = http.request(media(), { method: 'POST', headers: { expect: '100-continue', 'content-type': 'image/png', 'content-disposition': 'attachment; filename="x.png"', 'content-length': String(120 * MB), ...headers } }, (response) => {
        response.resume();
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode!, continued });
        });
      });
      request.on('continue', () => {
        continued = true;
        request.destroy();
        resolve({ status: 100, continued });
      });
      request.on('error', (error) => (continued ? undefined : reject(error)));
      request.flushHeaders();
    });
    expect(await ask({})).toEqual({ status: 401, continued: false });
    expect(await ask({ authorization: site.authHeader('contributor') })).toEqual({ status: 403, continued: false });
    // An allowed upload is told to go on.
    expect(await ask({ authorization: site.authHeader('author') })).toEqual({ status: 100, continued: true });
  });

  it('keeps a visitor’s body small (1 MB) where no visitor may write, before reading it; users and visitor forms keep the full limit', async () => {
    const visitor = await partialUpload(new URL('cms/v2/posts', site.apiRoot), { declared: 2 * MB, headers: { 'content-type': 'application/json' } });
    expect(visitor.status).toBe(413);
    expect(json(visitor).code).toBe('rest_request_too_large');
    expect(visitor.sent).toBe(64 * 1024);
    const long = { title: 'Long', content: 'word '.repeat(400_000) };
    expect((await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: long })).status).toBe(201);
    // The contact form's feedback route takes visitors' submissions (with attachments) whole: no 413.
    const feedback = await site.api('contact-form/v1/contact-forms/999999/feedback', { method: 'POST', body: { 'your-message': 'x'.repeat(2 * MB) } });
    expect(feedback.status).not.toBe(413);
    expect(feedback.body.code).not.toBe('rest_no_route');
  });

  it('refuses a large body to the sign-in page (its forms are small) with 413 before reading it', async () => {
    const answer = await partialUpload(`${site.url}/authorize-application?app_name=X`, { declared: 10 * MB, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBe(64 * 1024);
  });

  it('still takes an upload from a user who may upload', async () => {
    expect((await uploadRaw(site, await solidImage(20, 20, 'png'), 'fine.png', { as: 'author' })).status).toBe(201);
  });
});

describe('sign-in attempts', () => {
  let site: TestSite;
  let page: string;
  beforeAll(async () => {
    site = await startTestSite('a', { signInLimit: SIGN_IN_LIMIT });
    page = `${site.url}/authorize-application?app_name=Limits`;
  });
  afterAll(async () => {
    await site.close();
  });

  it(`are limited to ${SIGN_IN_LIMIT.requests} a minute per client on the grant page; the next is refused without a password check, even a right one`, async () => {
    const { cookie, token } = await signInForm(page);
    for (let attempt = 0; attempt < SIGN_IN_LIMIT.requests; attempt++) {
      expect((await postForm(page, { action: 'login', log: site.users.editor.login, pwd: `guess-${attempt}`, token }, cookie)).status).toBe(401);
    }
    const refused = await postForm(page, { action: 'login', log: site.users.editor.login, pwd: site.users.editor.password, token }, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('set-cookie')).not.toContain('cms_session');
    expect(await refused.text()).toContain('Too many sign-in attempts');
    // Another client is not held back by the first one's attempts.
    const form = await requestFrom('127.0.0.2', page);
    const other = await requestFrom('127.0.0.2', page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: String(form.headers['set-cookie']).split(';')[0] },
      body: new URLSearchParams({ action: 'login', log: site.users.editor.login, pwd: site.users.editor.password, token: formToken(form.text) }).toString(),
    });
    expect(other.status).toBe(303);
  });

  it('limits wrong HTTP Basic credentials per client (429), while right ones keep working', async () => {
    const me = (authorization: string, from = '127.0.0.3') => requestFrom(from, `${site.apiRoot}cms/v2/users/me`, { headers: { authorization } });
    for (let attempt = 0; attempt < SIGN_IN_LIMIT.requests; attempt++) {
      const answer = await me(basic(attempt % 2 ? 'nobody' : site.users.author.login, `guess-${attempt}`));
      expect(answer.status).toBe(401);
    }
    for (const authorization of [basic('nobody', 'x'), basic(site.users.author.login, 'y')]) {
      const refused = await me(authorization);
      expect(refused.status).toBe(429);
      // Past the limit, unknown and known logins get the same answer.
      expect(json(refused).code).toBe('too_many_sign_in_attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The app's own credentials are never locked out by someone else's guesses.
    expect((await me(site.authHeader('author'))).status).toBe(200);
    expect((await me(basic('nobody', 'x'), '127.0.0.4')).status).toBe(401);
  });
});

describe('password checks', () => {
  let site: TestSite;
  let page: string;
  beforeAll(async () => {
    site = await startTestSite('a');
    page = `${site.url}/authorize-application?app_name=Timing`;
  });
  afterAll(async () => {
    await site.close();
  });

  it('cost an unknown login what they cost a known one, so timing does not tell which logins exist', async () => {
    const { cookie, token } = await signInForm(page);
    const timeOf = async (log: string) => {
      const start = performance.now();
      expect((await postForm(page, { action: 'login', log, pwd: 'wrong password', token }, cookie)).status).toBe(401);
      return performance.now() - start;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round++) {
      known.push(await timeOf(site.users.editor.login));
      unknown.push(await timeOf(`nobody-${round}`));
    }
    // Before, an unknown login answered in 3 ms and a known one in 75 ms.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
  });

  it('do not stall the site: plain reads answer within 100 ms while 100 wrong sign-ins and 4 anonymous 100 MB uploads are in flight', async () => {
    const post = await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Still here', status: 'publish' } });
    const form = await signInForm(page);
    // The attackers are another process, at the lowest priority, as clients on other machines would be:
    // what is measured is the site's own work, not the test's load on a shared machine.
    const attackers = { page, ...form, logins: [site.users.editor.login, 'nobody'], media: `${site.apiRoot}cms/v2/media`, signIns: 100, uploads: 4, uploadBytes: 100 * MB };
    const attack = spawn(process.execPath, ['-e', ATTACKERS, JSON.stringify(attackers)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    os.setPriority(attack.pid!, 19);
    const signIns: number[] = [];
    const uploads: { status: number; sent: number }[] = [];
    const finished = new Promise<void>((resolve, reject) => {
      attack.on('error', reject);
      attack.on('message', (message: { type: string; status: number; sent: number }) => {
        if (message.type === 'sign-in') signIns.push(message.status);
        if (message.type === 'upload') uploads.push(message);
        if (signIns.length === 100 && uploads.length === 4) resolve();
      });
    });
    // The attack has reached the site once its first answer is back.
    await new Promise((resolve) => attack.once('message', resolve));
    const readTimes: number[] = [];
    for (let read = 0; read < 10; read++) {
      const start = performance.now();
      const answer = await site.api(`cms/v2/posts/${post.body.id}`, { query: { _fields: 'id,title', read } });
      readTimes.push(performance.now() - start);
      expect(answer.status).toBe(200);
    }
    // The reads ran while the sign-ins were still being checked.
    expect(signIns.length).toBeLessThan(100);
    await finished;
    attack.kill();
    expect(Math.max(...readTimes), readTimes.map((time) => time.toFixed(1)).join(', ')).toBeLessThan(100);
    expect(new Set(signIns)).toEqual(new Set([401]));
    for (const upload of uploads) {
      expect(upload.status).toBe(401);
      expect(upload.sent).toBeLessThan(100 * MB);
    }
  });
});
