// Form tags of contact forms: reading templates, refusing broken tags, the schema built from
// them, the checks of values, and mail tags.
import { describe, expect, it } from 'vitest';
import {
  acceptedFileTypes, applyPipes, dateOption, fileLimitOption, maxLengthOption, minLengthOption, numberOption, scanFormTags,
} from '../../server/namespaces/contact-form/form-tags.ts';
import { buildSchema } from '../../server/namespaces/contact-form/schema.ts';
import { defaultProperties, parseAdditionalSettings } from '../../server/namespaces/contact-form/properties.ts';
import {
  acceptedSuffixes, canonicalAnswer, isDate, isEmail, isNumber, isTel, isUrl, validateSubmission, type SubmissionInput,
} from '../../server/namespaces/contact-form/validation.ts';
import { replaceMailTags, type MailContext } from '../../server/namespaces/contact-form/mail.ts';
import { isMailbox } from '../../server/namespaces/contact-form/config-check.ts';

const reasonsOf = (template: string) => scanFormTags(template).errors.map((error) => [error.tag, error.reason]);

describe('scanning a form template', () => {
  it('reads type, name, options, values, pipes and enclosed content of every tag', () => {
    const { tags, errors } = scanFormTags(`<label>Name [text* your-name id:name-field 20/80 "Jo"]</label>
[select menu include_blank "Red|red@example.com" "Blue"]
[textarea note]Default text[/textarea]
[acceptance terms optional]I agree[/acceptance]
[submit "Send"]`);
    expect(errors).toEqual([]);
    expect(tags.map((tag) => [tag.type, tag.basetype, tag.name])).toEqual([
      ['text*', 'text', 'your-name'], ['select', 'select', 'menu'], ['textarea', 'textarea', 'note'],
      ['acceptance', 'acceptance', 'terms'], ['submit', 'submit', ''],
    ]);
    expect(tags[0].options).toEqual(['id:name-field', '20/80']);
    expect(tags[0].values).toEqual(['Jo']);
    expect(maxLengthOption(tags[0])).toBe(80);
    expect(tags[1].values).toEqual(['Red', 'Blue']);
    expect(tags[1].pipes).toEqual([['Red', 'red@example.com'], ['Blue', 'Blue']]);
    expect(applyPipes(tags[1], 'Red')).toBe('red@example.com');
    expect(applyPipes(tags[1], 'Blue')).toBe('Blue');
    expect(tags[2].content).toBe('Default text');
    expect(tags[3].content).toBe('I agree');
    expect(tags[4].values).toEqual(['Send']);
  });

  it('leaves escaped tags, unknown words in brackets and look-alike words as text', () => {
    const { tags, errors } = scanFormTags('[[text literal]] [note] [textual] [email your-email]');
    expect(errors).toEqual([]);
    expect(tags.map((tag) => tag.name)).toEqual(['your-email']);
  });

  it('turns periods of field names into underscores', () => {
    expect(scanFormTags('[text contact.name]').tags[0].name).toBe('contact_name');
  });

  it('refuses tags without a field name, with a bad name or with a name used twice', () => {
    expect(reasonsOf('[text*]')).toEqual([['[text*]', '[text*] needs a field name, as in [text* your-field].']]);
    expect(reasonsOf('[email* 1st-email]')[0][1]).toMatch(/"1st-email" is not a field name/);
    expect(reasonsOf('[text a] [email a]')).toEqual([['[email a]', 'Another field of this form is already named "a".']]);
  });

  it('refuses options it cannot read, unclosed tags and a star where none belongs', () => {
    expect(reasonsOf('[text name placeholder "unclosed]')[0][1]).toMatch(/cannot be read/);
    expect(reasonsOf('[text name filetypes:a,b]')[0][1]).toMatch(/cannot be read/);
    expect(reasonsOf('Ask us: [text* your-name')).toEqual([['[text* your-name', 'The tag is not closed with "]".']]);
    expect(reasonsOf('[radio* r "a" "b"]')).toEqual([['[radio* r "a" "b"]', 'A radio group is always required and takes no "*".']]);
    expect(reasonsOf('[acceptance* a]')[0][1]).toBe('[acceptance] takes no "*".');
  });

  it('refuses options whose values are wrong for the type, and bounds the wrong way round', () => {
    expect(reasonsOf('[number n min:abc]')).toEqual([['[number n min:abc]', 'The option min:abc is not valid: min takes a number.']]);
    expect(reasonsOf('[number n min:10 max:5]')[0][1]).toBe('min 10 is more than max 5.');
    expect(reasonsOf('[date d min:tomorrowish]')[0][1]).toMatch(/min takes a date/);
    expect(reasonsOf('[date d min:2025-02-01 max:2025-01-01]')[0][1]).toBe('min 2025-02-01 is after max 2025-01-01.');
    expect(reasonsOf('[text t minlength:x]')[0][1]).toMatch(/minlength takes a whole number/);
    expect(reasonsOf('[text t minlength:10 maxlength:5]')[0][1]).toBe('minlength 10 is more than maxlength 5.');
    expect(reasonsOf('[file f limit:lots]')[0][1]).toMatch(/limit takes a size in bytes/);
    expect(reasonsOf('[select s]')[0][1]).toMatch(/needs at least one choice/);
    expect(reasonsOf('[checkbox c]')[0][1]).toMatch(/needs at least one choice/);
    expect(reasonsOf('[quiz q "What is 2+2?"]')[0][1]).toMatch(/needs a question and its answer/);
    expect(reasonsOf('[quiz q "2+2?|4" "Capital of France?|Paris"] [quiz plain]')).toEqual([]);
  });

  it('reads number, length, date and file options', () => {
    const [number, text, date, file, plainFile] = scanFormTags(
      '[number n min:-5 max:10.5] [text t minlength:2 maxlength:9] [date d min:today max:today+1_month] [file f limit:2mb filetypes:pdf|TXT] [file g]',
    ).tags;
    expect([numberOption(number, 'min'), numberOption(number, 'max')]).toEqual([-5, 10.5]);
    expect([minLengthOption(text), maxLengthOption(text)]).toEqual([2, 9]);
    expect([dateOption(date, 'min', '2025-01-31'), dateOption(date, 'max', '2025-01-31')]).toEqual(['2025-01-31', '2025-03-03']);
    expect(fileLimitOption(file)).toBe(2 * 1024 * 1024);
    expect(acceptedFileTypes(file)).toEqual(['.pdf', '.txt']);
    expect(fileLimitOption(plainFile)).toBe(1024 * 1024);
    expect(acceptedFileTypes(plainFile)).toContain('.jpg');
  });
});

describe('the schema of a form', () => {
  const properties = defaultProperties();
  const schemaOf = (template: string) => buildSchema(scanFormTags(template).tags, properties, 'en_US', '2025-06-15');

  it('has one rule per check, in the order they are made, with the form messages', () => {
    const schema = schemaOf('[email* e] [number n min:1 max:9] [select s "a" "b"] [file f limit:100 filetypes:txt] [acceptance ok] [quiz q "1+2?|3"] [submit]');
    expect(schema.version).toMatch(/SWV Schema/);
    expect(schema.locale).toBe('en_US');
    expect(schema.rules).toEqual([
      { rule: 'required', field: 'e', error: 'Please fill out this field.' },
      { rule: 'email', field: 'e', error: 'Please enter an email address.' },
      { rule: 'maxlength', field: 'e', error: 'This field has a too long input.', threshold: 400 },
      { rule: 'number', field: 'n', error: 'Please enter a number.' },
      { rule: 'minnumber', field: 'n', error: 'This field has a too small number.', threshold: 1 },
      { rule: 'maxnumber', field: 'n', error: 'This field has a too large number.', threshold: 9 },
      { rule: 'enum', field: 's', error: 'Undefined value was submitted through this field.', accept: ['a', 'b'] },
      { rule: 'file', field: 'f', error: 'You are not allowed to upload files of this type.', accept: ['.txt'] },
      { rule: 'maxfilesize', field: 'f', error: 'The file is too big.', threshold: 100 },
      { rule: 'acceptance', field: 'ok', error: 'You must accept the terms and conditions before sending your message.' },
      { rule: 'quiz', field: 'q', error: 'The answer to the quiz is incorrect.' },
    ]);
  });

  it('resolves relative dates against the day given, requires radio groups, and skips optional boxes', () => {
    const schema = schemaOf('[date d min:today] [radio r "x" "y"] [acceptance a optional] [checkbox c free_text "x" "other"]');
    expect(schema.rules).toEqual([
      { rule: 'date', field: 'd', error: 'Please enter a date in YYYY-MM-DD format.' },
      { rule: 'mindate', field: 'd', error: 'This field has a too early date.', threshold: '2025-06-15' },
      { rule: 'required', field: 'r', error: 'Please fill out this field.' },
      { rule: 'enum', field: 'r', error: 'Undefined value was submitted through this field.', accept: ['x', 'y'] },
    ]);
  });

  it('uses the messages of the form', () => {
    const custom = { ...properties, messages: { ...properties.messages, invalid_required: 'Needed!' } };
    expect(buildSchema(scanFormTags('[text* t]').tags, custom, 'de_DE', '2025-01-01').rules[0]).toEqual({ rule: 'required', field: 't', error: 'Needed!' });
  });
});

describe('checks of values', () => {
  it('accepts email addresses as the reference platform does', () => {
    for (const good of ['jo@example.com', 'first.last+tag@sub.example.org', "o'hara@example.ie"]) expect(isEmail(good), good).toBe(true);
    for (const bad of ['jo', 'jo@example', '@example.com', 'jo@exa mple.com', 'jo@-example.com', 'jo@example..com', 'a@b.c.', 'jo@@example.com']) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });

  it('accepts URLs with an allowed scheme (and a host for web addresses)', () => {
    for (const good of ['https://example.com/a?b=1', 'http://localhost:8080', 'mailto:jo@example.com', 'ftp://files.example.com']) expect(isUrl(good), good).toBe(true);
    for (const bad of ['example.com', 'javascript:alert(1)', 'http://', 'data:text/html,hi', 'www.example.com']) expect(isUrl(bad), bad).toBe(false);
  });

  it('accepts telephone numbers of 6 to 15 digits with separators and extensions', () => {
    for (const good of ['+1 (555) 123-4567', '0044 20 7946 0958', '555-1234 #12', '030/123456']) expect(isTel(good), good).toBe(true);
    for (const bad of ['12345', '+1234567890123456', 'call me', '555-CALL-NOW']) expect(isTel(bad), bad).toBe(false);
  });

  it('accepts numbers and calendar dates as HTML fields submit them', () => {
    for (const good of ['0', '-12', '3.5', '.5', '1e3', '-2.5E-2']) expect(isNumber(good), good).toBe(true);
    for (const bad of ['', '1,5', '+3', '1.', 'ten', '0x10']) expect(isNumber(bad), bad).toBe(false);
    for (const good of ['2024-02-29', '1999-12-31']) expect(isDate(good), good).toBe(true);
    for (const bad of ['2023-02-29', '2024-13-01', '24-01-01', '2024/01/01', '2024-1-1']) expect(isDate(bad), bad).toBe(false);
  });

  it('compares quiz answers without case, spaces or full-width forms', () => {
    expect(canonicalAnswer(' Paris ')).toBe('paris');
    expect(canonicalAnswer('Ｔｏｋｙｏ')).toBe('tokyo');
    expect(canonicalAnswer('New  York')).toBe('newyork');
  });

  it('maps accepted MIME types to file suffixes', () => {
    expect([...acceptedSuffixes(['.PDF', 'image/*'])]).toEqual(expect.arrayContaining(['.pdf', '.jpg', '.png', '.webp']));
    expect([...acceptedSuffixes(['image/png', 'image/jpeg'])]).toEqual(['.png', '.jpeg', '.jpg', '.jpe']);
  });
});

describe('validating a submission against the schema', () => {
  const template = `[text* name minlength:2 maxlength:5] [email mail] [url site] [tel phone] [number* age min:18 max:99]
[date when min:2025-01-01 max:2025-12-31] [select* colour "red" "blue"] [checkbox extras "a" "b"] [radio size "S" "M"]
[acceptance terms] [acceptance newsletter invert] [file* cv limit:10 filetypes:txt|application/pdf] [quiz q "2+2?|four"]`;
  const schema = buildSchema(scanFormTags(template).tags, defaultProperties(), 'en_US', '2025-06-15');
  const hash = (answer: string) => `hash:${answer}`;
  const file = (fileName: string, size: number) => ({ fileName, contentType: 'text/plain', bytes: Buffer.alloc(size) });
  const valid: SubmissionInput = {
    fields: {
      name: 'Jo', mail: 'jo@example.com', site: 'https://jo.example', phone: '+44 20 7946 0958', age: '30', when: '2025-03-01',
      colour: 'red', extras: ['a', 'b'], size: 'M', terms: '1', q: ' FOUR ', _wpcf7_quiz_answer_q: 'hash:four',
    },
    files: { cv: file('cv.txt', 10) },
    quizHash: hash,
  };
  const errorsWith = (fields: Record<string, unknown>, files: SubmissionInput['files'] = valid.files) =>
    Object.fromEntries(validateSubmission(schema, { ...valid, fields: { ...valid.fields, ...fields }, files }));

  it('passes a submission that keeps every rule', () => {
    expect(errorsWith({})).toEqual({});
  });

  it('reports the first broken rule of each field', () => {
    expect(errorsWith({ name: '  ', age: '', colour: '', size: '' })).toEqual({
      name: 'Please fill out this field.', age: 'Please fill out this field.', colour: 'Please fill out this field.', size: 'Please fill out this field.',
    });
    expect(errorsWith({ name: 'J' })).toEqual({ name: 'This field has a too short input.' });
    expect(errorsWith({ name: 'Joanna' })).toEqual({ name: 'This field has a too long input.' });
    expect(errorsWith({ mail: 'jo@' })).toEqual({ mail: 'Please enter an email address.' });
    expect(errorsWith({ site: 'jo.example' })).toEqual({ site: 'Please enter a URL.' });
    expect(errorsWith({ phone: 'call me' })).toEqual({ phone: 'Please enter a telephone number.' });
    expect(errorsWith({ age: 'thirty' })).toEqual({ age: 'Please enter a number.' });
    expect(errorsWith({ age: '17' })).toEqual({ age: 'This field has a too small number.' });
    expect(errorsWith({ age: '100' })).toEqual({ age: 'This field has a too large number.' });
    expect(errorsWith({ when: '2025-02-30' })).toEqual({ when: 'Please enter a date in YYYY-MM-DD format.' });
    expect(errorsWith({ when: '2024-12-31' })).toEqual({ when: 'This field has a too early date.' });
    expect(errorsWith({ when: '2026-01-01' })).toEqual({ when: 'This field has a too late date.' });
    expect(errorsWith({ colour: 'green' })).toEqual({ colour: 'Undefined value was submitted through this field.' });
    expect(errorsWith({ extras: ['a', 'z'] })).toEqual({ extras: 'Undefined value was submitted through this field.' });
    expect(errorsWith({ size: 'XL' })).toEqual({ size: 'Undefined value was submitted through this field.' });
    expect(errorsWith({ terms: '' })).toEqual({ terms: 'You must accept the terms and conditions before sending your message.' });
    expect(errorsWith({ newsletter: '1' })).toEqual({ newsletter: 'You must accept the terms and conditions before sending your message.' });
    expect(errorsWith({ q: 'five' })).toEqual({ q: 'The answer to the quiz is incorrect.' });
    expect(errorsWith({ _wpcf7_quiz_answer_q: 'forged' })).toEqual({ q: 'The answer to the quiz is incorrect.' });
  });

  it('leaves optional fields alone when they are empty', () => {
    expect(errorsWith({ mail: '', site: '', phone: '', when: '', extras: [] })).toEqual({});
  });

  it('checks files: present when required, of an accepted type, not too large', () => {
    expect(errorsWith({}, {})).toEqual({ cv: 'Please fill out this field.' });
    expect(errorsWith({}, { cv: file('', 0) })).toEqual({ cv: 'Please fill out this field.' });
    expect(errorsWith({}, { cv: file('cv.exe', 5) })).toEqual({ cv: 'You are not allowed to upload files of this type.' });
    expect(errorsWith({}, { cv: file('cv', 5) })).toEqual({ cv: 'You are not allowed to upload files of this type.' });
    expect(errorsWith({}, { cv: file('CV.PDF', 5) })).toEqual({});
    expect(errorsWith({}, { cv: file('cv.txt', 11) })).toEqual({ cv: 'The file is too big.' });
  });
});

describe('mail tags', () => {
  const tags = scanFormTags('[text your-name] [select dept "Sales|sales@example.com" "Help|help@example.com"] [checkbox topics "a" "b"] [acceptance ok]I agree[/acceptance] [file cv]').tags;
  const context: MailContext = {
    posted: { 'your-name': 'Jo\nBloggs <b>', dept: 'sales@example.com', topics: ['a', 'b'], ok: '1', cv: 'cv.txt' },
    raw: { 'your-name': 'Jo\nBloggs <b>', dept: 'Sales', topics: ['a', 'b'], ok: '1', cv: 'cv.txt' },
    tags,
    files: { cv: { fileName: 'cv.txt', contentType: 'text/plain', bytes: Buffer.from('hi') } },
    special: { _site_title: 'My Site' },
  };

  it('fills fields, raw values, special tags, lists, consent and file names; keeps unknown and escaped tags', () => {
    const { text } = replaceMailTags('[your-name] to [dept] ([_raw_dept]) on [_site_title]: [topics]; [ok]; [cv]; [unknown] [[dept]]', context);
    expect(text).toBe('Jo\nBloggs <b> to sales@example.com (Sales) on My Site: a, b; Consented: I agree; cv.txt; [unknown] [dept]');
  });

  it('keeps header fields on one line and escapes HTML bodies', () => {
    expect(replaceMailTags('Re: [your-name]', context, 'header').text).toBe('Re: Jo Bloggs <b>');
    expect(replaceMailTags('<p>[your-name]</p>', context, 'html').text).toBe('<p>Jo<br>\nBloggs &#60;b&#62;</p>');
  });

  it('reads mailboxes and additional settings', () => {
    expect(isMailbox('My Site <admin@example.com>')).toBe(true);
    expect(isMailbox('admin@example.com')).toBe(true);
    expect(isMailbox('My Site admin@example.com')).toBe(false);
    expect(parseAdditionalSettings('demo_mode: on\nskip_mail: off\nnot a setting\nflavour : vanilla')).toEqual([
      ['demo_mode', true], ['skip_mail', false], ['flavour', 'vanilla'],
    ]);
  });
});
