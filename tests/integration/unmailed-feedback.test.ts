// A visitor's feedback whose process died between its stored submission and its mail (killed
// here, kill -9, once it reached the SMTP server and before the server greeted it) is sent once,
// through the real SMTP server the mail tests use, when the site next starts, or when the visitor
// sends it again to another instance; a re-send and a start after that send nothing more. And one whose mail was given to
// the server before its process died is never sent again. Sent again with its Idempotency-Key
// after each of those deaths, and after one between its mail's outcome and its answer (killed as
// its autoresponder reached the server), it is answered as a made feedback is: 200, the outcome's
// answer where it was known, else `mail_sent` saying in words that its mail is pending (feedback.ts
// MAIL_PENDING). And each outcome a submission can
// have (mail, spam, its form gone) is what such a submission gets, its mail made as the live
// mail (every tag, `[_raw_…]` included); one an earlier version left is not sent; the start
// finds them through their index. On SQLite and PostgreSQL.
import { afterAll, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { startSmtp } from '../helpers/mail-sink.ts';
import { openStore } from '../../server/store/open-store.ts';
import { startTestSite } from '../helpers/test-site.ts';
import { setOption } from '../../server/store/options.ts';
import { AUTORESPONDER_PENDING_QUERY, insertSubmission, listSubmissions, UNMAILED_QUERY } from '../../server/namespaces/contact-form/store/submissions.ts';
import { listMail } from '../../server/namespaces/contact-form/store/mail.ts';
import { mailUnmailedFeedback } from '../../server/namespaces/contact-form/unmailed-feedback.ts';
import { MAIL_PENDING } from '../../server/namespaces/contact-form/feedback.ts';
import { newId, stoppedAfterCommit } from '../helpers/resent-writes-suite.ts';
import type { TestSite } from '../helpers/test-site.ts';

const opened: { close(): Promise<unknown> | void }[] = [];
afterAll(() => Promise.all(opened.map((each) => each.close())));

/** The mail of the form, and its autoresponder's (sent after it, once its outcome is known). */
const MAIL = { recipient: 'owner@example.com', sender: 'Site <noreply@example.com>', subject: 'From [your-name]', body: 'Message: [your-message]', additional_headers: '' };
const AUTORESPONDER = { active: true, recipient: 'jo@example.com', sender: 'Site <noreply@example.com>', subject: 'We have your message', body: 'Thank you, [your-name].', additional_headers: '' };

/** A site of its own process with a form whose mail goes to `smtpUrl` (its autoresponder too, with `autoresponder`), and a visitor's submission of it. */
async function siteWithForm(instances: InstanceSet, smtpUrl: string, autoresponder = false) {
  instances.cli('mail', 'set', '--smtp-url', smtpUrl);
  const site = await instances.start();
  const created = await fetch(new URL('contact-form/v1/contact-forms', site.api), {
    method: 'POST', headers: { authorization: instances.editorAuth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Questions', form: '[text* your-name] [textarea your-message]', mail: MAIL, ...(autoresponder ? { mail_2: AUTORESPONDER } : {}) }),
  });
  const form = await created.json();
  expect(created.status, JSON.stringify(form)).toBe(200);
  expect(form.config_errors).toEqual({});
  const submit = (at: SiteInstance, key: string) => fetch(new URL(`contact-form/v1/contact-forms/${form.id}/feedback`, at.api), {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    body: new URLSearchParams({ 'your-name': 'Jo', 'your-message': 'Is the shop open on Sunday?' }).toString(),
  });
  return { site, submit };
}

function storeOf(instances: InstanceSet) {
  const store = openStore(instances.dataDir, instances.database);
  const submissions = () => store.all<{ status: string }>('SELECT status FROM contact_form_submissions ORDER BY id').map((row) => row.status);
  const mails = () => store.all<{ kind: string; status: string }>('SELECT kind, status FROM contact_form_mail ORDER BY id').map((row) => `${row.kind} ${row.status}`);
  return { submissions, mails, close: () => store.close() };
}

/**
 * A site of its own process (and, with `alsoStarted`, another instance on its data, started
 * first) whose visitor's feedback kills it (kill -9) as its mail reaches the SMTP server: before
 * the server greets it (`greeting`: nothing given) or as the server takes the message's bytes
 * (`data`); or, its mail sent, as its autoresponder reaches the server (`autoresponder`: its
 * mail's outcome known, its answer not given). Only the first such moment kills: later mail goes through.
 */
async function feedbackKilledAt(moment: 'greeting' | 'data' | 'autoresponder', key: string, alsoStarted = false) {
  const instances = prepareInstances();
  opened.push(instances);
  let dying: SiteInstance | null = null;
  let killed: Promise<void> | undefined;
  const kill = () => (killed ? undefined : (killed = instances.kill(dying!)));
  let connections = 0;
  const smtp = await startSmtp(moment === 'data' ? { onDataBytes: async () => kill() } : {
    // The autoresponder's is the second connection: the mail's went through.
    beforeGreeting: () => (++connections === (moment === 'greeting' ? 1 : 2) ? kill() : undefined),
  });
  opened.push(smtp);
  const { site, submit } = await siteWithForm(instances, smtp.url, moment === 'autoresponder');
  const other = alsoStarted ? await instances.start() : null;
  dying = site;
  await expect(submit(site, key)).rejects.toThrow();
  await killed;
  const store = storeOf(instances);
  opened.push(store);
  return { instances, smtp, store, other, submit };
}

/** A re-sent feedback's answer: 200, the form's own fields, and the outcome's status and words. */
async function expectAnswered(answer: Response, status: string, message: string) {
  const body = await answer.json();
  expect(answer.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ status, message, invalid_fields: [], into: '#' });
  expect(body.posted_data_hash).toMatch(/^[0-9a-f]{64}$/);
  return body;
}

it('feedback whose process died before its mail: sent once when the site next starts, not again on a re-send or another start', async () => {
  // Nothing is given to the server.
  const { instances, smtp, store, submit } = await feedbackKilledAt('greeting', 'feedback-1');
  expect(store.submissions()).toEqual(['received']);
  expect(store.mails()).toEqual([]);
  expect(smtp.received).toEqual([]);

  const restarted = await instances.start();
  await smtp.receivedCount(1);
  expect(smtp.received[0].raw).toContain('Message: Is the shop open on Sunday?');
  expect(smtp.received[0].to).toEqual(['owner@example.com']);
  await expect.poll(() => store.submissions()).toEqual(['mail_sent']);
  expect(store.mails()).toEqual(['mail sent']);

  // The visitor's re-send is answered from its record as made (its mail was pending when its process died), and sends nothing.
  await expectAnswered(await submit(restarted, 'feedback-1'), 'mail_sent', MAIL_PENDING);
  // Nothing is left unmailed for another start to send: what a start sends it lists as it starts, before it is ready.
  await instances.kill(restarted);
  await instances.start();
  expect(store.submissions()).toEqual(['mail_sent']);
  expect(store.mails()).toEqual(['mail sent']);
  expect(smtp.received.length).toBe(1);
  // Three processes started one after another: some 25 s under load (six busy loops on two cores).
}, 90_000);

it("feedback whose process died before its mail, sent again to another instance: that one sends it, once", async () => {
  // Started before the death: its own start has nothing to send.
  const { smtp, store, other, submit } = await feedbackKilledAt('greeting', 'feedback-3', true);
  expect(store.submissions()).toEqual(['received']);
  // Answered as made once its mail is sent (before the answer), saying in words that it was pending.
  const again = await expectAnswered(await submit(other!, 'feedback-3'), 'mail_sent', MAIL_PENDING);
  expect(store.submissions()).toEqual(['mail_sent']);
  expect(smtp.received.length).toBe(1);
  // Sent again once more: answered alike, nothing left to send.
  expect(await (await submit(other!, 'feedback-3')).json()).toEqual(again);
  expect(store.mails()).toEqual(['mail sent']);
  expect(smtp.received.length).toBe(1);
}, 90_000);

it('feedback whose process died while the SMTP server was given its mail: never sent again; sent again, answered as made, its mail pending', async () => {
  const { instances, smtp, store, submit } = await feedbackKilledAt('data', 'feedback-2');
  // Claimed by the process that died: the server may have the message, so no other process sends it.
  expect(store.submissions()).toEqual(['mailing']);
  // What a start sends it lists as it starts, before it is ready.
  const restarted = await instances.start();
  expect(store.submissions()).toEqual(['mailing']);
  // Its outcome never known: answered as a submission whose mail is pending, in words, and not sent.
  const again = await expectAnswered(await submit(restarted, 'feedback-2'), 'mail_sent', MAIL_PENDING);
  expect(await (await submit(restarted, 'feedback-2')).json()).toEqual(again);
  expect(store.submissions()).toEqual(['mailing']);
  expect(store.mails()).toEqual([]);
  expect(smtp.received).toEqual([]);
}, 60_000);

it("feedback whose process died after its mail's outcome, before its answer: sent again, answered as that outcome is, nothing sent again", async () => {
  const { instances, smtp, store, submit } = await feedbackKilledAt('autoresponder', 'feedback-4');
  expect(store.submissions()).toEqual(['mail_sent']);
  expect(smtp.received.map((mail) => mail.to)).toEqual([['owner@example.com']]);
  const restarted = await instances.start();
  // Its autoresponder, lost with its process before the server greeted it, is sent by the start: once.
  await smtp.receivedCount(2);
  expect(smtp.received.map((mail) => mail.to)).toEqual([['owner@example.com'], ['jo@example.com']]);
  expect(smtp.received[1].raw).toContain('Thank you, Jo.');
  const again = await expectAnswered(await submit(restarted, 'feedback-4'), 'mail_sent', 'Thank you for your message. It has been sent.');
  // As a feedback made now is answered, its own values but the hash and quiz aside.
  const made = await expectAnswered(await submit(restarted, 'feedback-5'), 'mail_sent', again.message);
  expect(Object.keys(again).sort()).toEqual(Object.keys(made).sort());
  expect(store.submissions()).toEqual(['mail_sent', 'mail_sent']);
  // The mail and autoresponder of the second after the first's, each once.
  expect(smtp.received.map((mail) => mail.to)).toEqual([['owner@example.com'], ['jo@example.com'], ['owner@example.com'], ['jo@example.com']]);
  expect(await (await submit(restarted, 'feedback-4')).json()).toEqual(again);
  expect(store.mails()).toEqual(['mail sent', 'mail_2 sent', 'mail sent', 'mail_2 sent']);
  expect(smtp.received.length).toBe(4);
}, 60_000);

/** A site in this process with a form whose mail (and, with `autoresponder`, its second mail) goes to the outbox, and a visitor's feedback of it. */
async function siteInProcess(autoresponder = false) {
  const site = await startTestSite('a');
  opened.push(site);
  const created = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: 'Questions', form: '[text* your-name] [textarea your-message]', mail: MAIL, ...(autoresponder ? { mail_2: AUTORESPONDER } : {}) } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const submit = (key: string, name = 'Jo') => site.api(`contact-form/v1/contact-forms/${created.body.id}/feedback`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    body: new URLSearchParams({ 'your-name': name, 'your-message': 'Is the shop open on Sunday?' }).toString(),
  });
  const store = site.running.site.context.store;
  const mails = () => listMail(store).map((mail) => `${mail.kind} ${mail.subject}`);
  return { site, store, submit, mails };
}

it("feedback sent again sends what its own submission's process left unsent, and waits for no other's", async () => {
  const { site, store, submit, mails } = await siteInProcess();
  // Two visitors' feedback, each stored and its process stopped before its mail.
  await stoppedAfterCommit(site, { 'idempotency-key': 'other-visitor' }, () => submit('other-visitor', 'Ann'));
  await stoppedAfterCommit(site, { 'idempotency-key': 'this-visitor' }, () => submit('this-visitor', 'Bo'));
  expect(listSubmissions(store).map((row) => row.status)).toEqual(['received', 'received']);
  const again = await submit('this-visitor', 'Bo');
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.body).toMatchObject({ status: 'mail_sent', message: MAIL_PENDING });
  // Its own mail, not the other's: that one is sent when its visitor sends it again, or at the next start.
  expect(listSubmissions(store).map((row) => row.status)).toEqual(['received', 'mail_sent']);
  expect(mails()).toEqual(['mail From Bo']);
  expect((await submit('other-visitor', 'Ann')).status).toBe(200);
  expect(listSubmissions(store).map((row) => row.status)).toEqual(['mail_sent', 'mail_sent']);
  expect(mails()).toEqual(['mail From Bo', 'mail From Ann']);
});

it('feedback recorded by the version before (its record names no submission), sent again after a death before its mail: its mail sent before the answer', async () => {
  const { site, store, submit, mails } = await siteInProcess();
  await stoppedAfterCommit(site, { 'idempotency-key': 'recorded-before' }, () => submit('recorded-before'));
  // As that version recorded it: its answer told (mail pending), no submission named.
  store.run('UPDATE request_records SET item_path = NULL WHERE request_key = ?', 'idempotency-key:recorded-before');
  const again = await submit('recorded-before');
  expect(again.body).toMatchObject({ status: 'mail_sent', message: MAIL_PENDING });
  expect(listSubmissions(store).map((row) => row.status)).toEqual(['mail_sent']);
  expect(mails()).toEqual(['mail From Jo']);
});

it('feedback whose process died after its mail, before its autoresponder: sent again, its autoresponder is sent, once; or by the next start', async () => {
  const { site, store, submit, mails } = await siteInProcess(true);
  const autorespondersWaiting = (count: number) => () => store.get<{ n: number }>("SELECT COUNT(*) AS n FROM contact_form_submissions WHERE status = 'mail_sent' AND autoresponder = 'pending'")!.n === count;
  // Stopped after the commit that settles its mail as sent, before its autoresponder is claimed.
  await stoppedAfterCommit(site, { 'idempotency-key': 'replied-1' }, () => submit('replied-1'), autorespondersWaiting(1));
  await stoppedAfterCommit(site, { 'idempotency-key': 'replied-2' }, () => submit('replied-2', 'Ann'), autorespondersWaiting(2));
  expect(mails()).toEqual(['mail From Jo', 'mail From Ann']);
  const again = await submit('replied-1');
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.body).toMatchObject({ status: 'mail_sent', message: 'Thank you for your message. It has been sent.' });
  expect(mails()).toEqual(['mail From Jo', 'mail From Ann', 'mail_2 We have your message']);
  expect((await submit('replied-1')).body).toEqual(again.body);
  // The other's is sent by the next start's sweep (as here), each once.
  await mailUnmailedFeedback(site.running.site.context);
  await mailUnmailedFeedback(site.running.site.context);
  expect(mails()).toEqual(['mail From Jo', 'mail From Ann', 'mail_2 We have your message', 'mail_2 We have your message']);
  expect(listMail(store).map((mail) => mail.submission_id)).toEqual([1, 2, 1, 2].map((n) => listSubmissions(store)[n - 1].id));
});

it('each unmailed submission gets what a submission gets: its mail (to the outbox without SMTP), spam kept back, a deleted form said', async () => {
  const site = await startTestSite('a');
  opened.push(site);
  const store = site.running.site.context.store;
  const created = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: 'Questions', form: '[text* your-name] [textarea your-message]', mail: { recipient: 'owner@example.com', sender: 'Site <noreply@example.com>', subject: 'From [your-name]', body: 'Message: [your-message]', additional_headers: '' } } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  setOption(store, 'disallowed_keys', 'cheap pills');
  const meta = (agent: string) => JSON.stringify({ timestamp: 0, remote_ip: '127.0.0.1', user_agent: agent, url: '', unit_tag: '', container_post_id: 0, current_user_id: 0 });
  // As a process that died after storing them left them: received, no mail (raw_data: this version's, none before pipes).
  const left = (formId: number, message: string, agent = 'Mozilla/5.0', rawData: string | null = '{}') => insertSubmission(store, {
    form_id: formId, posted_data: JSON.stringify({ 'your-name': 'Jo', 'your-message': message }), raw_data: rawData, posted_data_hash: 'hash', meta: meta(agent), created: new Date().toISOString(),
  }, []);
  const ids = [left(created.body.id, 'Open on Sunday?'), left(created.body.id, 'cheap pills here'), left(created.body.id + 1000, 'A form gone')];
  // As an earlier version left it (no raw_data): it claimed no mail before sending it, so it may have sent it.
  const earlier = left(created.body.id, 'Left by an earlier version', 'Mozilla/5.0', null);
  await mailUnmailedFeedback(site.running.site.context);
  const status = Object.fromEntries(listSubmissions(store).map((row) => [row.id, [row.status, row.error]]));
  expect([...ids, earlier].map((id) => status[id])).toEqual([
    ['mail_sent', null], ['spam', 'Disallowed words (cheap pills) are used.'], ['mail_failed', 'Its form was deleted before its mail was sent.'], ['received', null],
  ]);
  expect(listMail(store).map((mail) => [mail.submission_id, mail.kind, mail.status, mail.subject])).toEqual([[ids[0], 'mail', 'outbox', 'From Jo']]);
  // Nothing is left for a second pass.
  await mailUnmailedFeedback(site.running.site.context);
  expect(listMail(store).length).toBe(1);
});

/** A value of each kind of field that keeps one, pipes and free text among them, and what a visitor sends. */
const FIELDS: { tag: string; sent: Record<string, string | string[]> }[] = [
  { tag: '[text* your-name]', sent: { 'your-name': 'Jo' } },
  { tag: '[email your-email]', sent: { 'your-email': 'jo@example.com' } },
  { tag: '[url your-site]', sent: { 'your-site': 'https://jo.example' } },
  { tag: '[tel your-phone]', sent: { 'your-phone': '+31 20 123 4567' } },
  { tag: '[textarea your-message]', sent: { 'your-message': 'Open on Sunday?' } },
  { tag: '[number guests]', sent: { guests: '4' } },
  { tag: '[date day]', sent: { day: '2026-12-06' } },
  { tag: '[select dept "Kitchen|kitchen@example.com" "Bar|bar@example.com"]', sent: { dept: 'Bar' } },
  { tag: '[select* extras multiple "Bread|b-1" "Wine|w-2" "Cake"]', sent: { 'extras[]': ['Bread', 'Cake'] } },
  { tag: '[checkbox diet "Vegan|v" "Halal|h"]', sent: { 'diet[]': ['Halal'] } },
  { tag: '[radio seat "Inside|in" "Outside|out"]', sent: { seat: 'Outside' } },
  { tag: '[radio heard free_text "Friends|friends" "Other|other"]', sent: { heard: 'Other', _wpcf7_free_text_heard: 'A poster' } },
  { tag: '[acceptance terms] I agree [/acceptance]', sent: { terms: '1' } },
];
const fieldName = (tag: string) => tag.replace(/^\[\w+\*? ([\w-]+).*$/s, '$1');

it("feedback whose process died before its mail gets the mail it would have got: every field's tag and its [_raw_…] filled alike", async () => {
  const site: TestSite = await startTestSite('a');
  opened.push(site);
  const store = site.running.site.context.store;
  const names = FIELDS.map((field) => fieldName(field.tag));
  const created = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: {
    title: 'Bookings', form: FIELDS.map((field) => field.tag).join('\n'),
    mail: { recipient: 'owner@example.com', sender: 'Site <noreply@example.com>', subject: 'Booking for [_raw_dept] ([dept])', body: names.map((name) => `${name}: [_raw_${name}] | [${name}]`).join('\n'), additional_headers: '' },
  } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.config_errors).toEqual({});
  const body = new URLSearchParams(FIELDS.flatMap((field) => Object.entries(field.sent).flatMap(([name, value]) => [value].flat().map((each) => [name, each])))).toString();
  const submit = (headers: Record<string, string> = {}) => site.api(`contact-form/v1/contact-forms/${created.body.id}/feedback`, {
    method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
  // Mailed as it is submitted (to the outbox: no SMTP server is set).
  const live = await submit();
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  expect(live.body.status).toBe('mail_sent');
  // The same values, its process stopped after the commit that stored them: mailed later, as after a restart.
  const id = { 'idempotency-key': newId() };
  await stoppedAfterCommit(site, id, () => submit(id));
  expect(listSubmissions(store).map((row) => row.status)).toEqual(['mail_sent', 'received']);
  await mailUnmailedFeedback(site.running.site.context);
  expect(listSubmissions(store).map((row) => row.status)).toEqual(['mail_sent', 'mail_sent']);
  // The message's headers but its date and id, and its text: the same.
  const message = (raw: Buffer | null) => raw!.toString().replace(/^(Date|Message-ID): .*\r\n/gm, '');
  const [first, later] = listMail(store);
  expect(later.subject).toBe(first.subject);
  expect(message(later.raw)).toBe(message(first.raw));
  // What makes them alike is each value before and after its pipe (or free text), not a blank.
  expect(first.subject).toBe('Booking for Bar (bar@example.com)');
  expect(message(first.raw)).toContain('heard: Other | other A poster');
});

it.for([
  ['mail', UNMAILED_QUERY, /contact_form_submissions_unmailed/],
  ['autoresponder', AUTORESPONDER_PENDING_QUERY, /contact_form_submissions_autoresponder_pending/],
] as const)("the start finds the submissions whose %s is unsent through their index, not by reading every submission", async ([, query, index]) => {
  const site: TestSite = await startTestSite('a');
  opened.push(site);
  const store = site.running.site.context.store;
  const plan = store.dialect === 'sqlite'
    ? store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`).map((row) => row.detail).join('\n')
    : store.transaction(() => {
      // Told to use an index it can (a table this small is read whole otherwise): without one it still scans.
      store.run('SET LOCAL enable_seqscan = off');
      return store.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`).map((row) => row['QUERY PLAN']).join('\n');
    });
  expect(plan).toMatch(index);
});
