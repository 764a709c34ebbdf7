// Contact forms over HTTP (deployment A): the routes in the index, forms created, read,
// changed and deleted by those with the right, malformed templates refused, and the
// feedback route: every tag type's validation, files, stored submissions, the outbox, spam,
// the schema and refill routes, and the per-client and size limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { setRateLimit } from '../../server/namespaces/contact-form/rate-limit.ts';
import { listSubmissions, submissionFiles } from '../../server/namespaces/contact-form/store/submissions.ts';
import { listMail } from '../../server/namespaces/contact-form/store/mail.ts';
import { setOption } from '../../server/store/options.ts';

type Fields = Record<string, string | string[]>;
interface Upload { fileName: string; type?: string; content: string | Buffer }

/** A submission as a browser sends it: multipart (with files) or form-encoded. */
async function submit(site: TestSite, formId: number, fields: Fields, options: { files?: Record<string, Upload>; headers?: Record<string, string>; encoding?: 'multipart' | 'form' } = {}) {
  const pairs = Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item): [string, string] => [`${name}[]`, item]) : [[name, value] as [string, string]]);
  let body: FormData | URLSearchParams;
  if (options.encoding === 'form') body = new URLSearchParams(pairs);
  else {
    body = new FormData();
    for (const [name, value] of pairs) body.append(name, value);
    for (const [name, file] of Object.entries(options.files ?? {})) {
      const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
      body.append(name, new Blob([new Uint8Array(bytes)], { type: file.type ?? 'text/plain' }), file.fileName);
    }
  }
  const response = await fetch(new URL(`contact-form/v1/contact-forms/${formId}/feedback`, site.apiRoot), { method: 'POST', body, headers: options.headers });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const EVERY_TAG = `<label>Name [text* your-name minlength:2 id:name-input]</label>
<label>Email [email* your-email]</label>
<label>Website [url your-site]</label>
<label>Phone [tel your-phone]</label>
<label>Guests [number* guests min:1 max:8]</label>
<label>Visit [date visit min:2020-01-01 max:2099-12-31]</label>
<label>Message [textarea your-message maxlength:200]</label>
[select* menu include_blank "Starter|starter@kitchen.example" "Main|main@kitchen.example"]
[checkbox extras "Wine" "Cake"]
[radio seating "Inside" "Outside"]
[acceptance terms]I accept the terms[/acceptance]
[file attachment limit:1kb filetypes:txt|pdf]
[quiz capital "Capital of France?|Paris"]
[submit "Book"]`;

const ROUTES = [
  ['/contact-form/v1/contact-forms', [['GET'], ['POST']]],
  ['/contact-form/v1/contact-forms/(?P<id>[\\d]+)', [['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]],
  ['/contact-form/v1/contact-forms/(?P<id>[\\d]+)/feedback', [['POST']]],
  ['/contact-form/v1/contact-forms/(?P<id>[\\d]+)/feedback/schema', [['GET']]],
  ['/contact-form/v1/contact-forms/(?P<id>[\\d]+)/refill', [['GET']]],
] as const;

// One site for the file: each test finds its own forms (by id, or a word in their titles that only it uses).
describe('contact forms', () => {
  let site: TestSite;
  let store: TestSite['running']['site']['context']['store'];
  let formId: number;
  let quizHash: string;

  const createForm = async (body: Record<string, unknown>, as: 'editor' | 'administrator' = 'editor') => {
    const result = await site.api('contact-form/v1/contact-forms', { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body;
  };

  /** A submission of EVERY_TAG that keeps every rule, with some fields changed. */
  const valid = (changes: Fields = {}): Fields => ({
    _wpcf7_unit_tag: 'wpcf7-f1-o1',
    'your-name': 'Jo Bloggs',
    'your-email': 'jo@example.com',
    'your-site': 'https://jo.example',
    'your-phone': '+44 20 7946 0958',
    guests: '4',
    visit: '2030-05-01',
    'your-message': 'A table by the window, please.',
    menu: 'Starter',
    extras: ['Wine', 'Cake'],
    seating: 'Outside',
    terms: '1',
    capital: 'paris',
    '_wpcf7_quiz_answer_capital': quizHash,
    ...changes,
  });

  beforeAll(async () => {
    site = await startTestSite('a');
    store = site.running.site.context.store;
    setRateLimit(store, { requests: 100_000, seconds: 60 });
    formId = (await createForm({ title: 'Booking', form: EVERY_TAG })).id;
    quizHash = (await site.api(`contact-form/v1/contact-forms/${formId}/refill`)).body.quiz.capital[1];
  });
  afterAll(() => site.close());

  describe('in the index', () => {
    it('lists every route with its methods and empty parameter lists, in the index and the namespace index', async () => {
      const index = (await site.api('')).body;
      const namespaceIndex = (await site.api('contact-form/v1')).body;
      expect(namespaceIndex.namespace).toBe('contact-form/v1');
      expect(Object.keys(namespaceIndex.routes).sort()).toEqual(['/contact-form/v1', ...ROUTES.map(([pattern]) => pattern)].sort());
      for (const [pattern, endpoints] of ROUTES) {
        for (const routes of [index.routes, namespaceIndex.routes]) {
          const route = routes[pattern];
          expect(route.namespace).toBe('contact-form/v1');
          expect(route.methods).toEqual(endpoints.flat());
          expect(route.endpoints).toEqual(endpoints.map((methods) => ({ methods, args: [] })));
        }
      }
      expect(index.routes['/contact-form/v1/contact-forms']._links.self[0].href).toBe(`${site.apiRoot}contact-form/v1/contact-forms`);
    });
  });

  describe('forms', () => {
    it('are listed for those who write, and changed only with the editing right', async () => {
      const anonymous = await site.api('contact-form/v1/contact-forms');
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'wpcf7_forbidden']);
      expect((await site.api('contact-form/v1/contact-forms', { as: 'subscriber' })).status).toBe(403);
      const asAuthor = await site.api('contact-form/v1/contact-forms', { as: 'author' });
      expect(asAuthor.status).toBe(200);
      expect(asAuthor.body.find((form: { id: number }) => form.id === formId)).toEqual({ id: formId, slug: 'booking', title: 'Booking', locale: 'en_US' });
      for (const [method, route] of [['POST', 'contact-form/v1/contact-forms'], ['GET', `contact-form/v1/contact-forms/${formId}`], ['PATCH', `contact-form/v1/contact-forms/${formId}`], ['DELETE', `contact-form/v1/contact-forms/${formId}`]]) {
        const refused = await site.api(route, { method, as: 'author', body: method === 'GET' || method === 'DELETE' ? undefined : { title: 'Mine' } });
        expect([refused.status, refused.body.code], `${method} ${route}`).toEqual([403, 'wpcf7_forbidden']);
        expect((await site.api(route, { method, body: method === 'GET' || method === 'DELETE' ? undefined : { title: 'Mine' } })).status).toBe(401);
      }
      expect((await site.api(`contact-form/v1/contact-forms/${formId}`, { as: 'author' })).status).toBe(403);
    });

    it('are created with the default template, mail and messages, and read back with their fields', async () => {
      const created = await createForm({ title: 'Contact us' });
      expect(created).toMatchObject({ slug: 'contact-us', title: 'Contact us', locale: 'en_US', config_errors: {} });
      const read = await site.api(`contact-form/v1/contact-forms/${created.id}`, { as: 'editor' });
      expect(read.status).toBe(200);
      const { properties } = read.body;
      expect(Object.keys(read.body)).toEqual(['id', 'slug', 'title', 'locale', 'properties']);
      expect(properties.form.content).toContain('[email* your-email autocomplete:email]');
      expect(properties.form.fields.map((field: { type: string; name: string }) => `${field.type} ${field.name}`)).toEqual([
        'text* your-name', 'email* your-email', 'text* your-subject', 'textarea your-message', 'submit ',
      ]);
      expect(properties.form.fields[0]).toEqual({
        type: 'text*', basetype: 'text', name: 'your-name', options: ['autocomplete:name'], raw_values: [], labels: [], values: [], pipes: [], content: '',
      });
      expect(properties.mail).toEqual({
        recipient: '[_site_admin_email]',
        sender: '[_site_title] <[_site_admin_email]>',
        subject: '[_site_title] "[your-subject]"',
        body: expect.stringContaining('From: [your-name] <[your-email]>'),
        additional_headers: 'Reply-To: [your-email]',
        attachments: '',
        use_html: false,
        exclude_blank: false,
      });
      expect(properties.mail_2).toMatchObject({ active: false, recipient: '[your-email]' });
      expect(properties.messages.mail_sent_ok).toBe('Thank you for your message. It has been sent.');
      expect(properties.additional_settings).toEqual({ content: '', settings: [] });
      expect((await createForm({ title: 'Contact us' })).slug).toBe('contact-us-2');
    });

    it('refuses a malformed template with the tag and the reason, and saves nothing', async () => {
      const before = (await site.api('contact-form/v1/contact-forms', { as: 'editor' })).body.length;
      for (const [form, tag, reason] of [
        ['<label>[text* ]</label>', '[text* ]', /needs a field name/],
        ['[number guests min:many]', '[number guests min:many]', /min:many is not valid/],
        ['[select* menu]', '[select* menu]', /needs at least one choice/],
        ['[email your-email] [text your-email]', '[text your-email]', /already named "your-email"/],
        ['Write to us [textarea msg', '[textarea msg', /not closed/],
      ] as const) {
        const refused = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: 'Broken', form } });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('wpcf7_malformed_form_template');
        expect(refused.body.data.tag).toBe(tag);
        expect(refused.body.data.reason).toMatch(reason);
        expect(refused.body.message).toContain(tag);
        expect(refused.body.data.errors[0]).toEqual({ tag, reason: refused.body.data.reason });
      }
      const update = await site.api(`contact-form/v1/contact-forms/${formId}`, { method: 'PATCH', as: 'editor', body: { form: '[radio* r "a"]' } });
      expect([update.status, update.body.data.reason]).toEqual([400, 'A radio group is always required and takes no "*".']);
      expect((await site.api(`contact-form/v1/contact-forms/${formId}`, { as: 'editor' })).body.properties.form.content).toBe(EVERY_TAG);
      expect((await site.api('contact-form/v1/contact-forms', { as: 'editor' })).body.length).toBe(before);
    });

    it('refuses payloads of the wrong shape and creating a form that exists', async () => {
      const wrong = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: 5, mail: 'to me', locale: 'not a locale!' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('rest_invalid_param');
      expect(Object.keys(wrong.body.data.params).sort()).toEqual(['locale', 'mail', 'title']);
      const exists = await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { id: formId, title: 'Again' } });
      expect([exists.status, exists.body.code]).toEqual([400, 'wpcf7_post_exists']);
    });

    it('are updated in the parts sent, in either payload shape, and report configuration errors', async () => {
      const created = await createForm({ title: 'Feedback', locale: 'fr_FR', mail: { recipient: 'team@example.com', subject: 'Hello' } });
      expect(created.properties.mail).toMatchObject({ recipient: 'team@example.com', subject: 'Hello', sender: '[_site_title] <[_site_admin_email]>' });
      const route = `contact-form/v1/contact-forms/${created.id}`;
      const updated = await site.api(route, {
        method: 'PUT', as: 'administrator',
        body: { title: 'Feedback form', properties: { form: { content: '[email* your-email] [submit]' }, messages: { mail_sent_ok: 'Merci !' }, additional_settings: { content: 'demo_mode: on' } }, mail: { recipient: 'not an address', body: 'From [your-email] about [nothing]' } },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: created.id, title: 'Feedback form', slug: 'feedback', locale: 'fr_FR' });
      expect(updated.body.properties.mail).toMatchObject({ recipient: 'not an address', subject: 'Hello', body: 'From [your-email] about [nothing]' });
      expect(updated.body.properties.messages).toMatchObject({ mail_sent_ok: 'Merci !', spam: expect.any(String) });
      expect(updated.body.properties.additional_settings).toEqual({ content: 'demo_mode: on', settings: [['demo_mode', true]] });
      expect(updated.body.config_errors['mail.recipient']).toEqual([{ code: 'invalid_mailbox_syntax', message: 'Invalid mailbox syntax is used.' }]);
      expect(updated.body.config_errors['mail.body']).toEqual([{ code: 'unavailable_mail_tag', message: '[nothing] is not a field of this form: it is sent as written.' }]);
      expect(updated.body.config_errors['mail.subject']).toBeUndefined();
      const renamed = await site.api(route, { method: 'POST', as: 'editor', body: { slug: 'Tell Us', mail: { recipient: 'team@example.com', body: '[your-email]' } } });
      expect(renamed.body).toMatchObject({ slug: 'tell-us', title: 'Feedback form', config_errors: {} });
      const formEncoded = await site.api(route, { method: 'PATCH', as: 'editor', body: 'mail[use_html]=1&mail_2[active]=on&mail_2[recipient]=[your-email]', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(formEncoded.body.properties.mail.use_html).toBe(true);
      expect(formEncoded.body.properties.mail_2).toMatchObject({ active: true, recipient: '[your-email]' });
    });

    it('are listed with search, order and paging', async () => {
      for (const title of ['Alpha listed', 'Beta listed', 'Gamma listed', 'Omega listed']) await createForm({ title });
      const titles = async (query: Record<string, string | number>) => {
        const result = await site.api('contact-form/v1/contact-forms', { as: 'editor', query });
        expect(result.status).toBe(200);
        return result.body.map((form: { title: string }) => form.title);
      };
      expect(await titles({ search: 'listed', orderby: 'title', order: 'desc' })).toEqual(['Omega listed', 'Gamma listed', 'Beta listed', 'Alpha listed']);
      expect(await titles({ search: 'a listed', orderby: 'title', per_page: 1, offset: 1 })).toEqual(['Beta listed']);
      const all = await site.api('contact-form/v1/contact-forms', { as: 'editor', query: { search: 'listed' } });
      expect(all.headers.get('x-wp-total')).toBe('4');
      expect((await site.api('contact-form/v1/contact-forms', { as: 'editor', query: { orderby: 'colour' } })).body.code).toBe('rest_invalid_param');
    });

    it('are deleted, after which they are not found', async () => {
      const created = await createForm({ title: 'Short-lived' });
      const route = `contact-form/v1/contact-forms/${created.id}`;
      expect(await site.api(route, { method: 'DELETE', as: 'editor' })).toMatchObject({ status: 200, body: { deleted: true } });
      for (const method of ['GET', 'DELETE', 'PATCH']) {
        const gone = await site.api(route, { method, as: 'editor', body: method === 'PATCH' ? { title: 'x' } : undefined });
        expect([gone.status, gone.body.code]).toEqual([404, 'wpcf7_not_found']);
      }
      for (const path of ['feedback/schema', 'refill']) expect((await site.api(`${route}/${path}`)).status).toBe(404);
      expect((await submit(site, created.id, {})).status).toBe(404);
    });
  });

  describe('feedback', () => {
    it('publishes the validation rules of the form, for anyone', async () => {
      const schema = await site.api(`contact-form/v1/contact-forms/${formId}/feedback/schema`);
      expect(schema.status).toBe(200);
      expect(schema.body.version).toBe('Contact Form 7 SWV Schema 2024-02');
      expect(schema.body.locale).toBe('en_US');
      const rules = schema.body.rules.map((rule: { rule: string; field: string }) => `${rule.field}:${rule.rule}`);
      expect(rules).toEqual([
        'your-name:required', 'your-name:minlength', 'your-name:maxlength',
        'your-email:required', 'your-email:email', 'your-email:maxlength',
        'your-site:url', 'your-site:maxlength', 'your-phone:tel', 'your-phone:maxlength',
        'guests:required', 'guests:number', 'guests:minnumber', 'guests:maxnumber',
        'visit:date', 'visit:mindate', 'visit:maxdate', 'your-message:maxlength',
        'menu:required', 'menu:enum', 'extras:enum', 'seating:required', 'seating:enum',
        'terms:acceptance', 'attachment:file', 'attachment:maxfilesize', 'capital:quiz',
      ]);
      expect(schema.body.rules.find((rule: { rule: string }) => rule.rule === 'maxfilesize')).toEqual({
        rule: 'maxfilesize', field: 'attachment', error: 'The file is too big.', threshold: 1024,
      });
    });

    it('refuses payloads that are not form submissions, and unknown forms', async () => {
      const json = await site.api(`contact-form/v1/contact-forms/${formId}/feedback`, { method: 'POST', body: valid() });
      expect([json.status, json.body.code]).toEqual([415, 'wpcf7_unsupported_media_type']);
      const missing = await submit(site, 999_999, valid());
      expect([missing.status, missing.body.code]).toEqual([404, 'wpcf7_not_found']);
    });

    it('answers an empty submission with every required field, and stores nothing', async () => {
      const before = listSubmissions(store).length;
      const result = await submit(site, formId, { _wpcf7_unit_tag: 'wpcf7-f1-o1' });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        contact_form_id: formId,
        status: 'validation_failed',
        message: 'One or more fields have an error. Please check and try again.',
        posted_data_hash: '',
        into: '#wpcf7-f1-o1',
      });
      expect(result.body.invalid_fields).toEqual([
        { field: 'your-name', message: 'Please fill out this field.', idref: 'name-input', error_id: 'wpcf7-f1-o1-ve-your-name' },
        { field: 'your-email', message: 'Please fill out this field.', idref: null, error_id: 'wpcf7-f1-o1-ve-your-email' },
        { field: 'guests', message: 'Please fill out this field.', idref: null, error_id: 'wpcf7-f1-o1-ve-guests' },
        { field: 'menu', message: 'Please fill out this field.', idref: null, error_id: 'wpcf7-f1-o1-ve-menu' },
        { field: 'seating', message: 'Please fill out this field.', idref: null, error_id: 'wpcf7-f1-o1-ve-seating' },
        { field: 'terms', message: 'You must accept the terms and conditions before sending your message.', idref: null, error_id: 'wpcf7-f1-o1-ve-terms' },
        { field: 'capital', message: 'The answer to the quiz is incorrect.', idref: null, error_id: 'wpcf7-f1-o1-ve-capital' },
      ]);
      expect(listSubmissions(store).length).toBe(before);
    });

    it('validates every tag type against its rules', async () => {
      const cases: [Fields, string, string][] = [
        [{ 'your-name': 'J' }, 'your-name', 'This field has a too short input.'],
        [{ 'your-name': 'J'.repeat(401) }, 'your-name', 'This field has a too long input.'],
        [{ 'your-email': 'jo@example' }, 'your-email', 'Please enter an email address.'],
        [{ 'your-site': 'jo.example' }, 'your-site', 'Please enter a URL.'],
        [{ 'your-phone': 'call me maybe' }, 'your-phone', 'Please enter a telephone number.'],
        [{ guests: 'four' }, 'guests', 'Please enter a number.'],
        [{ guests: '0' }, 'guests', 'This field has a too small number.'],
        [{ guests: '9' }, 'guests', 'This field has a too large number.'],
        [{ visit: '01/05/2030' }, 'visit', 'Please enter a date in YYYY-MM-DD format.'],
        [{ visit: '2019-12-31' }, 'visit', 'This field has a too early date.'],
        [{ visit: '2100-01-01' }, 'visit', 'This field has a too late date.'],
        [{ 'your-message': 'x'.repeat(201) }, 'your-message', 'This field has a too long input.'],
        [{ menu: 'Dessert' }, 'menu', 'Undefined value was submitted through this field.'],
        [{ menu: 'starter@kitchen.example' }, 'menu', 'Undefined value was submitted through this field.'],
        [{ extras: ['Wine', 'Coffee'] }, 'extras', 'Undefined value was submitted through this field.'],
        [{ seating: 'Roof' }, 'seating', 'Undefined value was submitted through this field.'],
        [{ terms: '' }, 'terms', 'You must accept the terms and conditions before sending your message.'],
        [{ capital: 'Lyon' }, 'capital', 'The answer to the quiz is incorrect.'],
        [{ _wpcf7_quiz_answer_capital: 'made-up' }, 'capital', 'The answer to the quiz is incorrect.'],
      ];
      for (const [changes, field, message] of cases) {
        const result = await submit(site, formId, valid(changes));
        expect(result.body.status, JSON.stringify(changes)).toBe('validation_failed');
        expect(result.body.invalid_fields.map((invalid: { field: string; message: string }) => [invalid.field, invalid.message]), JSON.stringify(changes)).toEqual([[field, message]]);
      }
    });

    it('validates file fields: type and size', async () => {
      const withFile = (file: Upload) => submit(site, formId, valid(), { files: { attachment: file } });
      for (const [file, message] of [
        [{ fileName: 'notes.exe', content: 'MZ' }, 'You are not allowed to upload files of this type.'],
        [{ fileName: 'notes', content: 'plain' }, 'You are not allowed to upload files of this type.'],
        [{ fileName: 'notes.txt', content: 'x'.repeat(1025) }, 'The file is too big.'],
      ] as const) {
        const result = await withFile(file);
        expect(result.body.invalid_fields, file.fileName).toEqual([expect.objectContaining({ field: 'attachment', message })]);
      }
      const required = await createForm({ title: 'Applications', form: '[file* cv filetypes:pdf] [submit]' });
      const none = await submit(site, required.id, {});
      expect(none.body.invalid_fields).toEqual([expect.objectContaining({ field: 'cv', message: 'Please fill out this field.' })]);
      const accepted = await submit(site, required.id, {}, { files: { cv: { fileName: 'CV.PDF', type: 'application/pdf', content: '%PDF-1.4' } } });
      expect(accepted.body.status).toBe('mail_sent');
    });

    it('stores a valid submission with its files before mailing it, and puts the mail in the outbox', async () => {
      const before = listSubmissions(store).length;
      const result = await submit(site, formId, valid(), { files: { attachment: { fileName: 'menu-wishes.txt', content: 'No nuts, please.' } } });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        contact_form_id: formId,
        status: 'mail_sent',
        message: 'Thank you for your message. It has been sent.',
        into: '#wpcf7-f1-o1',
        invalid_fields: [],
      });
      expect(result.body.posted_data_hash).toMatch(/^[0-9a-f]{64}$/);
      // A new question comes with every answer of a form that has a quiz.
      expect(result.body.quiz.capital).toEqual(['Capital of France?', quizHash]);
      const submissions = listSubmissions(store);
      expect(submissions.length).toBe(before + 1);
      const stored = submissions[submissions.length - 1];
      expect(stored).toMatchObject({ form_id: formId, status: 'mail_sent', posted_data_hash: result.body.posted_data_hash, error: null });
      expect(JSON.parse(stored.posted_data)).toEqual({
        'your-name': 'Jo Bloggs', 'your-email': 'jo@example.com', 'your-site': 'https://jo.example', 'your-phone': '+44 20 7946 0958',
        guests: '4', visit: '2030-05-01', 'your-message': 'A table by the window, please.',
        // The visitor chose "Starter"; what is kept is its value after the pipe.
        menu: 'starter@kitchen.example', extras: ['Wine', 'Cake'], seating: 'Outside', terms: '1', attachment: 'menu-wishes.txt',
      });
      expect(JSON.parse(stored.meta)).toMatchObject({ unit_tag: 'wpcf7-f1-o1', remote_ip: expect.stringContaining('127.0.0.1') });
      const files = submissionFiles(store, stored.id);
      expect(files.map((file) => [file.field, file.file_name, file.content_type, file.bytes.toString()])).toEqual([
        ['attachment', 'menu-wishes.txt', 'text/plain', 'No nuts, please.'],
      ]);
      const mail = listMail(store).filter((row) => row.submission_id === stored.id);
      expect(mail.map((row) => [row.kind, row.status, row.subject, JSON.parse(row.recipients)])).toEqual([
        ['mail', 'outbox', 'My Site "[your-subject]"', ['admin@localhost.invalid']],
      ]);
      expect(mail[0].raw?.toString()).toContain('Reply-To: jo@example.com');
    });

    it('takes form-encoded submissions too', async () => {
      const form = await createForm({ title: 'Quick note', form: '[email* your-email] [checkbox* topics "News" "Events"] [submit]' });
      const result = await submit(site, form.id, { 'your-email': 'sam@example.com', topics: ['Events'] }, { encoding: 'form' });
      expect(result.body.status).toBe('mail_sent');
      const missing = await submit(site, form.id, { 'your-email': 'sam@example.com' }, { encoding: 'form' });
      expect(missing.body.invalid_fields).toEqual([expect.objectContaining({ field: 'topics', message: 'Please fill out this field.' })]);
    });

    it('enforces the rules its schema publishes after the form changes', async () => {
      const form = await createForm({ title: 'Callback', form: '[tel phone] [submit]' });
      expect((await submit(site, form.id, {})).body.status).toBe('mail_sent');
      await site.api(`contact-form/v1/contact-forms/${form.id}`, { method: 'PATCH', as: 'editor', body: { form: '[tel* phone] [submit]', messages: { invalid_required: 'We need your number.' } } });
      const schema = (await site.api(`contact-form/v1/contact-forms/${form.id}/feedback/schema`)).body;
      expect(schema.rules[0]).toEqual({ rule: 'required', field: 'phone', error: 'We need your number.' });
      const refused = await submit(site, form.id, {});
      expect(refused.body.invalid_fields).toEqual([expect.objectContaining({ field: 'phone', message: 'We need your number.' })]);
    });

    it('refills quiz questions with the hash of their answers, never from a cache', async () => {
      const form = await createForm({ title: 'Quiz', form: '[quiz q1 "One plus one?|2"] [quiz q2] [submit]' });
      const refill = await site.api(`contact-form/v1/contact-forms/${form.id}/refill`);
      expect(refill.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(refill.body.quiz)).toEqual(['q1', 'q2']);
      expect(refill.body.quiz.q1[0]).toBe('One plus one?');
      expect(refill.body.quiz.q2[0]).toBe('1+1=?');
      expect(refill.body.quiz.q1[1]).toMatch(/^[0-9a-f]{64}$/);
      const answered = await submit(site, form.id, { q1: ' 2 ', _wpcf7_quiz_answer_q1: refill.body.quiz.q1[1], q2: '2', _wpcf7_quiz_answer_q2: refill.body.quiz.q2[1] });
      expect(answered.body.status).toBe('mail_sent');
      const stored = listSubmissions(store).at(-1);
      expect(JSON.parse(stored?.posted_data ?? '')).toEqual({});
      expect((await site.api(`contact-form/v1/contact-forms/${formId}/refill`)).body).toEqual({ quiz: { capital: ['Capital of France?', quizHash] } });
      const plain = await createForm({ title: 'No quiz', form: '[text t] [submit]' });
      expect((await site.api(`contact-form/v1/contact-forms/${plain.id}/refill`)).body).toEqual({});
    });

    it('keeps spam apart: stored, marked, not mailed', async () => {
      const mailBefore = listMail(store).length;
      const bot = await submit(site, formId, valid(), { headers: { 'user-agent': 'x' } });
      expect(bot.body).toMatchObject({ status: 'spam', message: 'There was an error trying to send your message. Please try again later.', posted_data_hash: '' });
      expect(listSubmissions(store).at(-1)).toMatchObject({ status: 'spam', error: 'User-Agent string is unnaturally short.' });
      setOption(store, 'disallowed_keys', 'cheap pills\nviagra');
      const words = await submit(site, formId, valid({ 'your-message': 'Buy CHEAP PILLS now' }));
      expect(words.body.status).toBe('spam');
      expect(listSubmissions(store).at(-1)?.error).toBe('Disallowed words (cheap pills) are used.');
      setOption(store, 'disallowed_keys', '');
      expect(listMail(store).length).toBe(mailBefore);
    });

    it('follows the demo_mode, skip_mail and subscribers_only settings', async () => {
      const mailBefore = listMail(store).length;
      const demo = await createForm({ title: 'Demo', form: '[text* t] [submit]', additional_settings: 'demo_mode: on' });
      expect((await submit(site, demo.id, { t: 'hi' })).body).toMatchObject({ status: 'mail_sent', demo_mode: true });
      const skip = await createForm({ title: 'Skip', form: '[text* t] [submit]', additional_settings: 'skip_mail: on' });
      expect((await submit(site, skip.id, { t: 'hi' })).body.status).toBe('mail_sent');
      expect(listMail(store).length).toBe(mailBefore);
      const members = await createForm({ title: 'Members', form: '[text* t] [submit]', additional_settings: 'subscribers_only: true' });
      expect((await submit(site, members.id, { t: 'hi' })).body).toMatchObject({ status: 'error', message: 'This contact form is available only for logged in users.' });
      const member = await submit(site, members.id, { t: 'hi' }, { headers: { authorization: site.authHeader('subscriber') } });
      expect(member.body.status).toBe('mail_sent');
      expect(JSON.parse(listSubmissions(store).at(-1)?.meta ?? '{}').current_user_id).toBe(site.users.subscriber.id);
    });

    it('refuses submissions larger than the form can take', async () => {
      const form = await createForm({ title: 'Small', form: '[textarea note] [submit]' });
      const tooLarge = await submit(site, form.id, { note: 'x'.repeat(300 * 1024) });
      expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'rest_request_too_large']);
      expect(tooLarge.body.data.limit).toBe(256 * 1024);
      // File fields make room for their files.
      const withFile = await createForm({ title: 'Large', form: '[textarea note] [file f limit:1mb] [submit]' });
      expect((await submit(site, withFile.id, { note: 'x'.repeat(300 * 1024) })).body.status).toBe('mail_sent');
    });
  });
});

describe('the per-client limit of submissions', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  it('answers 429 with Retry-After past the limit, whatever the form', async () => {
    setRateLimit(site.running.site.context.store, { requests: 2, seconds: 3600 });
    const form = (await site.api('contact-form/v1/contact-forms', { method: 'POST', as: 'editor', body: { title: 'Limited', form: '[text t] [submit]' } })).body;
    expect((await submit(site, form.id, { t: 'one' })).body.status).toBe('mail_sent');
    expect((await submit(site, form.id, { t: 'two' })).body.status).toBe('mail_sent');
    const third = await submit(site, form.id, { t: 'three' });
    expect([third.status, third.body.code]).toEqual([429, 'wpcf7_too_many_requests']);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await submit(site, 999, {})).status).toBe(429);
    expect(listSubmissions(site.running.site.context.store).length).toBe(2);
  });
});
