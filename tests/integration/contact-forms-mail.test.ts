// Contact-form mail through a real SMTP server started here (smtp-server): delivery with
// filled tags, attachments and the autoresponder; the SMTP settings by CLI with the password
// kept encrypted; a refused or unreachable server and a failed store, which lose nothing.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliDatabaseArgs, ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import { freePort } from '../helpers/free-port.ts';
import { PostgresStore } from '../../server/store/postgres-store.ts';
import { setRateLimit } from '../../server/namespaces/contact-form/rate-limit.ts';
import { listSubmissions } from '../../server/namespaces/contact-form/store/submissions.ts';
import { listMail, listUndelivered } from '../../server/namespaces/contact-form/store/mail.ts';
import { mailClearCommand, mailSetCommand } from '../../server/namespaces/contact-form/commands.ts';
import { siteCommandArgs } from '../helpers/site-cli/command.ts';
import { startSmtp } from '../helpers/mail-sink.ts';

/**
 * Runs a site command. Not spawnSync: the site under test lives in this process, and a
 * blocked event loop would let its keep-alive timers and the client's fire out of order.
 */
function cli(dataDir: string, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, siteCommandArgs(...args, '--data', dataDir, ...cliDatabaseArgs(dataDir)), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const FORM = `[text* your-name] [email* your-email] [tel your-phone]
[select* dept "Bookings|bookings@restaurant.example" "Kitchen|kitchen@restaurant.example"]
[file cv filetypes:txt] [submit]`;

const MAIL = {
  recipient: '[dept]',
  sender: '[_site_title] <noreply@restaurant.example>',
  subject: 'Message from [your-name]',
  body: 'Name: [your-name]\nDepartment: [_raw_dept]\nPhone: [your-phone]\nSerial: [_serial_number]\nForm: [_contact_form_title]',
  additional_headers: 'Reply-To: [your-name] <[your-email]>\nCc: manager@restaurant.example',
  attachments: '[cv]',
  exclude_blank: true,
};

const AUTORESPONDER = {
  active: true,
  recipient: '[your-email]',
  sender: 'My Site <noreply@restaurant.example>',
  subject: 'We have your message',
  body: 'Dear [your-name], thank you.',
  additional_headers: '',
};

describe('contact-form mail through SMTP', () => {
  // One SMTP server; each test has a site and form of its own (they change the mail settings,
  // count submissions and read the outbox), so the tests pass alone and in any order.
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const sites: TestSite[] = [];
  const visitor = { 'your-name': 'Jo Bloggs', 'your-email': 'jo@example.com', dept: 'Bookings' };

  /** A new site with the Reservations form, its mail sent through `smtpUrl` (none: not set). */
  async function formSite(smtpUrl: string | null = smtp.url) {
    const site = await startTestSite('a');
    sites.push(site);
    const store = () => site.running.site.context.store;
    setRateLimit(store(), { requests: 100_000, seconds: 60 });
    const created = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: 'Reservations', form: FORM, mail: MAIL, mail_2: AUTORESPONDER } });
    expect(created.body.config_errors).toEqual({});
    if (smtpUrl) mailSetCommand(store(), site.dataDir, { smtpUrl });
    const submit = async (fields: Record<string, string>, files: Record<string, { name: string; content: string }> = {}) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      for (const [name, file] of Object.entries(files)) body.append(name, new Blob([file.content], { type: 'text/plain' }), file.name);
      const response = await fetch(new URL(`contact-form/v1/contact-forms/${created.body.id}/feedback`, site.apiRoot), { method: 'POST', body });
      return response.json();
    };
    return { site, store, submit };
  }

  beforeAll(async () => {
    smtp = await startSmtp({ refuse: ['kitchen@restaurant.example'] });
  });
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.close()));
    await smtp.close();
  });

  it('is configured with the site CLI', async () => {
    const { site } = await formSite(null);
    const set = await cli(site.dataDir, 'mail', 'set', '--smtp-url', smtp.url);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Mail is now sent through ${smtp.url}`);
    const refused = await cli(site.dataDir, 'mail', 'set', '--smtp-url', 'http://example.com');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('starts with smtp:// or smtps://');
  });

  it('delivers the mail with its tags filled, its headers and attachments, then the autoresponder', async () => {
    const { store, submit } = await formSite();
    smtp.received.length = 0;
    const answer = await submit({ ...visitor, 'your-phone': '' }, { cv: { name: 'about-me.txt', content: 'I cook.' } });
    expect(answer).toMatchObject({ status: 'mail_sent', message: 'Thank you for your message. It has been sent.' });
    expect(smtp.received.length).toBe(2);
    const [mail, autoresponse] = smtp.received;
    expect(mail.from).toBe('noreply@restaurant.example');
    expect(mail.to).toEqual(['bookings@restaurant.example', 'manager@restaurant.example']);
    expect(mail.raw).toContain('Subject: Message from Jo Bloggs');
    expect(mail.raw).toContain('From: My Site <noreply@restaurant.example>');
    expect(mail.raw).toContain('Reply-To: Jo Bloggs <jo@example.com>');
    expect(mail.raw).toContain('Cc: manager@restaurant.example');
    expect(mail.raw).toContain('Name: Jo Bloggs\r\nDepartment: Bookings\r\nSerial: 1\r\nForm: Reservations');
    // exclude_blank: the line of the empty phone number is left out.
    expect(mail.raw).not.toContain('Phone:');
    expect(mail.raw).toContain('filename=about-me.txt');
    expect(mail.raw).toContain(Buffer.from('I cook.').toString('base64'));
    expect(autoresponse.to).toEqual(['jo@example.com']);
    expect(autoresponse.raw).toContain('Dear Jo Bloggs, thank you.');
    const submission = listSubmissions(store()).at(-1);
    expect(submission).toMatchObject({ status: 'mail_sent', error: null });
    expect(listMail(store()).map((row) => [row.kind, row.status, row.raw])).toEqual([['mail', 'sent', null], ['mail_2', 'sent', null]]);
    expect(listUndelivered(store())).toEqual([]);
  });

  it('keeps submitted values out of the header lines they are put in', async () => {
    const { submit } = await formSite();
    smtp.received.length = 0;
    const answer = await submit({ ...visitor, 'your-name': 'Jo\r\nBcc: victim@example.net' });
    expect(answer.status).toBe('mail_sent');
    expect(smtp.received[0].to).toEqual(['bookings@restaurant.example', 'manager@restaurant.example']);
    const headers = smtp.received[0].raw.split('\r\n\r\n')[0];
    expect(headers).toContain('Subject: Message from Jo Bcc: victim@example.net');
    expect(headers).not.toMatch(/^Bcc:/m);
    // In an address field, a name stays a name: it cannot bring an address of its own.
    expect(headers).toContain('Reply-To: "Jo Bcc victim example.net" <jo@example.com>');
  });

  it('keeps the submission and the refused mail when the server refuses it, and lists it in the outbox', async () => {
    const { site, store, submit } = await formSite();
    smtp.received.length = 0;
    const answer = await submit({ ...visitor, dept: 'Kitchen' });
    expect(answer).toMatchObject({ status: 'mail_failed', message: 'There was an error trying to send your message. Please try again later.' });
    expect(answer.posted_data_hash).toMatch(/^[0-9a-f]{64}$/);
    // As with the reference platform's mailer, one refused recipient fails the mail: only the
    // copy went out, and no autoresponder.
    expect(smtp.received.map((mail) => mail.to)).toEqual([['manager@restaurant.example']]);
    const submission = listSubmissions(store()).at(-1);
    expect(submission?.status).toBe('mail_failed');
    expect(submission?.error).toContain('No such mailbox: kitchen@restaurant.example');
    expect(JSON.parse(submission?.posted_data ?? '{}')).toMatchObject({ 'your-name': 'Jo Bloggs', dept: 'kitchen@restaurant.example' });
    const [failed] = listUndelivered(store());
    expect(failed).toMatchObject({ submission_id: submission?.id, kind: 'mail', status: 'failed', subject: 'Message from Jo Bloggs' });
    expect(failed.raw?.toString()).toContain('Name: Jo Bloggs');
    const outbox = await cli(site.dataDir, 'mail', 'outbox');
    expect(outbox.status, outbox.stderr).toBe(0);
    expect(outbox.stdout).toContain(`Mail is sent through ${smtp.url}`);
    expect(outbox.stdout).toContain(`#${failed.id}`);
    expect(outbox.stdout).toContain('failed  mail of submission');
    expect(outbox.stdout).toContain('To: kitchen@restaurant.example, manager@restaurant.example');
    expect(outbox.stdout).toContain('Error: ');
  });

  it('keeps the submission when the server cannot be reached', async () => {
    const { site, store, submit } = await formSite();
    mailSetCommand(store(), site.dataDir, { smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    const answer = await submit(visitor);
    expect(answer.status).toBe('mail_failed');
    expect(listSubmissions(store()).at(-1)).toMatchObject({ status: 'mail_failed', error: expect.stringMatching(/ECONNREFUSED|connect/) });
  });

  const refuseSubmissionsOnSqlite = (site: TestSite) => {
    const other = new Database(path.join(site.dataDir, 'site.db'));
    other.exec("CREATE TRIGGER refuse_submissions BEFORE INSERT ON contact_form_submissions BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    return () => {
      other.exec('DROP TRIGGER refuse_submissions');
      other.close();
    };
  };
  const refuseSubmissionsOnPostgres = (site: TestSite) => {
    const other = new PostgresStore(site.database!);
    other.run("CREATE FUNCTION refuse_submissions() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RAISE EXCEPTION ''disk full''; END'");
    other.run('CREATE TRIGGER refuse_submissions BEFORE INSERT ON contact_form_submissions FOR EACH ROW EXECUTE FUNCTION refuse_submissions()');
    return () => {
      other.run('DROP TRIGGER refuse_submissions ON contact_form_submissions');
      other.run('DROP FUNCTION refuse_submissions');
      other.close();
    };
  };

  it('aborts, sending nothing, when the submission cannot be stored', async () => {
    const { site, store, submit } = await formSite();
    smtp.received.length = 0;
    const before = listSubmissions(store()).length;
    // The database refuses the row, as a full disk would: a trigger, written through another connection.
    const stopRefusing = ON_POSTGRES ? refuseSubmissionsOnPostgres(site) : refuseSubmissionsOnSqlite(site);
    try {
      const answer = await submit(visitor);
      expect(answer).toMatchObject({ status: 'aborted', message: 'Sending mail has been aborted.' });
    } finally {
      stopRefusing();
    }
    expect(listSubmissions(store()).length).toBe(before);
    expect(smtp.received).toEqual([]);
    expect((await submit(visitor)).status).toBe('mail_sent');
  });

  it('logs in with the password of the SMTP URL, which is stored encrypted', async () => {
    const { site, store, submit } = await formSite();
    const secured = await startSmtp({ login: { user: 'mailer', pass: 's3cret pass' } });
    try {
      const shown = mailSetCommand(store(), site.dataDir, { smtpUrl: `smtp://mailer:s3cret%20pass@127.0.0.1:${secured.port}` });
      expect(shown).toBe(`smtp://mailer:****@127.0.0.1:${secured.port}`);
      const stored = store().get<{ value: string }>("SELECT value FROM options WHERE name = 'contact_form_smtp'")?.value ?? '';
      expect(stored).not.toContain('s3cret');
      expect(fs.statSync(path.join(site.dataDir, 'mail.key')).mode & 0o777).toBe(0o600);
      expect((await submit(visitor)).status).toBe('mail_sent');
      expect(secured.received.map((mail) => mail.to)).toEqual([['bookings@restaurant.example', 'manager@restaurant.example'], ['jo@example.com']]);
      mailSetCommand(store(), site.dataDir, { smtpUrl: `smtp://mailer:wrong@127.0.0.1:${secured.port}` });
      expect((await submit(visitor)).status).toBe('mail_failed');
      expect(listSubmissions(store()).at(-1)?.error).toMatch(/535|Invalid/);
    } finally {
      await secured.close();
    }
  });

  it('puts mail in the outbox again once the server is forgotten', async () => {
    const { site, store, submit } = await formSite();
    mailClearCommand(store());
    expect((await submit(visitor)).status).toBe('mail_sent');
    expect(listUndelivered(store()).at(-1)).toMatchObject({ status: 'outbox', error: null });
    const outbox = await cli(site.dataDir, 'mail', 'outbox');
    expect(outbox.stdout).toContain('No SMTP server is set: mail waits in the outbox.');
    expect(outbox.stdout).toContain('outbox  mail of submission');
  });
});
