// The editor's one edit record, as pure logic: the item as loaded plus the writer's edits,
// what a save sends, Undo/Redo, and a conflict's resolution as the new base; then random
// writers' days against a model of a site that checks preconditions, which must never end
// with the site holding a text the writer did not choose.
import { describe, expect, it } from 'vitest';
import {
  autosavedAside, autosavedInPlace, currentOf, edit, hasEdits, keepMine, openRecord, redo, saved, takeTheirs, undo, unsentOf,
  TEXT_FIELDS, type EditRecord, type Edits, type ItemFields,
} from '../../renderer/editor/edit-record.ts';
import { itemFieldsOf, requestBody } from '../../renderer/editor/post-fields.ts';
import { seededRandom } from '../helpers/seeded-random.ts';

const BASE: ItemFields = { ...itemFieldsOf(null), title: 'Title', content: '<p>Body</p>', excerpt: 'Short', slug: 'title', categories: [1], meta: { footnotes: '' } };

/** A different value for every field of the record, so each test covers the next field added. */
const CHANGED: ItemFields = {
  title: 'New title', content: '<p>New body</p>', excerpt: 'New short', slug: 'new-slug', status: 'pending', date: '2031-01-02T09:00:00',
  password: 'secret', sticky: true, format: 'aside', categories: [1, 2], tags: [5], featured_media: 9, template: 'wide', parent: 4,
  menu_order: 3, meta: { footnotes: '', inline_featured_image: true },
};
const FIELDS = Object.keys(CHANGED) as Array<keyof ItemFields>;

describe('the edit record', () => {
  it('covers every field the editor can change', () => {
    expect(new Set(FIELDS)).toEqual(new Set(Object.keys(itemFieldsOf(null))));
  });

  for (const field of FIELDS) {
    it(`keeps a change of ${field} as an edit over the base, and drops it when set back`, () => {
      const opened = openRecord(BASE, 'v1');
      const changed = edit(opened, { [field]: CHANGED[field] });
      expect(changed.edits).toEqual({ [field]: CHANGED[field] });
      expect(currentOf(changed)[field]).toEqual(CHANGED[field]);
      expect(changed.base).toBe(BASE);
      // Set back to the base's value (equal, not the same object): no change, so no request.
      const back = edit(changed, { [field]: structuredClone(BASE[field]) });
      expect(hasEdits(back)).toBe(false);
    });

    it(`sends a change of ${field} alone, where the kind of item takes it`, () => {
      const record = edit(openRecord(BASE, 'v1'), { [field]: CHANGED[field] });
      for (const kind of ['posts', 'pages'] as const) {
        const body = requestBody(kind, record.edits, currentOf(record));
        const pageOnly = ['parent', 'menu_order'].includes(field);
        const postOnly = ['sticky', 'format', 'categories', 'tags'].includes(field);
        const taken = kind === 'posts' ? !pageOnly : !postOnly;
        expect(Object.keys(body)).toEqual(taken ? [field] : []);
      }
    });
  }

  it('sends nothing for an untouched item', () => {
    const record = openRecord(BASE, 'v1');
    expect(record.edits).toEqual({});
    expect(requestBody('posts', record.edits, currentOf(record))).toEqual({});
  });

  it('shapes what the site takes: dates with seconds, an empty date or a first publish as null, no empty slug or categories', () => {
    const now = currentOf(openRecord(BASE, null));
    expect(requestBody('posts', { date: '2031-05-06T07:08' }, now)).toEqual({ date: '2031-05-06T07:08:00' });
    expect(requestBody('posts', { date: '' }, now)).toEqual({ date: null });
    expect(requestBody('posts', { status: 'publish' }, now)).toEqual({ status: 'publish', date: null });
    expect(requestBody('posts', { status: 'publish' }, { ...now, date: '2031-05-06T07:08:00' })).toEqual({ status: 'publish' });
    expect(requestBody('posts', { slug: '', categories: [] }, now)).toEqual({});
  });

  it('makes one Undo step of typing in one field, and redoes it', () => {
    let record = openRecord(BASE, 'v1');
    for (const title of ['T', 'Ti', 'Tit']) record = edit(record, { title });
    record = edit(record, { slug: 'one' });
    record = edit(record, { sticky: true });
    expect(currentOf(undo(record))).toMatchObject({ title: 'Tit', slug: 'one', sticky: false });
    expect(currentOf(undo(undo(record)))).toMatchObject({ title: 'Tit', slug: 'title' });
    expect(undo(undo(undo(record))).edits).toEqual({});
    expect(redo(undo(undo(record))).edits).toEqual({ title: 'Tit', slug: 'one' });
    // A new edit after Undo drops what Redo would bring back.
    expect(edit(undo(record), { excerpt: 'x' }).future).toEqual([]);
  });

  it('leaves the document to its own history when Undo keeps the content', () => {
    let record = edit(openRecord(BASE, 'v1'), { slug: 'one' });
    record = edit(record, { content: '<p>typed</p>' }, { history: false });
    expect(undo(record, ['content']).edits).toEqual({ content: '<p>typed</p>' });
  });

  it('takes the site\'s spelling of what a save fulfilled, and keeps what was typed while it was on its way', () => {
    let record = edit(openRecord(BASE, 'v1'), { slug: 'My Slug', title: 'Sent' });
    const sent = record.edits;
    record = edit(record, { title: 'Sent and more' });
    const answer = { ...currentOf(openRecord(BASE, null)), ...sent, slug: 'my-slug' };
    const after = saved(record, sent, answer, 'v2');
    expect(after.version).toBe('v2');
    expect(after.edits).toEqual({ title: 'Sent and more' });
    expect(currentOf(after).slug).toBe('my-slug');
  });

  it('knows what an autosave kept aside holds (the text) and what only a save can send', () => {
    const record = edit(openRecord(BASE, 'v1'), { title: 'Autosaved', slug: 'not-autosaved' });
    const aside = autosavedAside(record, record.edits);
    expect(unsentOf(aside)).toEqual({ slug: 'not-autosaved' });
    expect(aside.edits).toEqual(record.edits);
    const inPlace = autosavedInPlace(record, record.edits, 'v2');
    expect(inPlace.edits).toEqual({});
    expect(inPlace.version).toBe('v2');
  });

  it('makes "Use the other version" the base, with nothing left to undo (issue 25, finding 8)', () => {
    let record = edit(openRecord(BASE, 'v1'), { content: '<p>Mine</p>' });
    const theirs = { ...BASE, content: '<p>Theirs</p>' };
    record = takeTheirs(theirs, 'v2');
    expect(undo(record)).toBe(record);
    expect(record.edits).toEqual({});
    expect(record.version).toBe('v2');
  });

  it('makes "Keep my version" my text over theirs, keeping their change of a field I never touched', () => {
    const record = edit(openRecord(BASE, 'v1'), { content: '<p>Mine</p>', sticky: true });
    const theirs = { ...BASE, title: 'Their title', slug: 'their-slug' };
    const kept = keepMine(record, theirs, 'v2');
    expect(kept.version).toBe('v2');
    expect(kept.past).toEqual([]);
    // The dialog compared the texts: mine goes whole; their slug stays theirs.
    expect(kept.edits).toEqual({ title: 'Title', content: '<p>Mine</p>', sticky: true });
    expect(currentOf(kept).slug).toBe('their-slug');
  });
});

type Text = Pick<ItemFields, 'title' | 'content' | 'excerpt'>;
const textKey = (fields: Text) => JSON.stringify(TEXT_FIELDS.map((field) => fields[field]));

/** The site as the model sees it: one item with a version, writes checked against If-Match. */
class ModelSite {
  item: ItemFields = { ...BASE };
  version = 1;
  requests = 0;
  write(changes: Edits, ifMatch: string | null): { ok: true; version: string } | { ok: false } {
    this.requests += 1;
    if (ifMatch !== `v${this.version}`) return { ok: false };
    this.item = { ...this.item, ...changes };
    this.version += 1;
    return { ok: true, version: `v${this.version}` };
  }
  otherWrites(text: Partial<Text>): void {
    this.item = { ...this.item, ...text };
    this.version += 1;
  }
}

describe('random writers\' days against a site that checks preconditions', () => {
  const STEPS = ['edit', 'edit', 'save', 'other', 'undo', 'redo', 'choose', 'save'] as const;

  for (let seed = 1; seed <= 300; seed += 1) {
    it(`day ${seed}: the site always holds a text someone chose, never a mix`, () => {
      const next = seededRandom(seed);
      const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
      const site = new ModelSite();
      let record: EditRecord = openRecord({ ...site.item }, 'v1');
      let conflict: { theirs: ItemFields; version: string } | null = null;
      // Texts someone chose: the writer's at each save they sent, and each one written elsewhere.
      const chosen = new Set([textKey(site.item)]);
      const save = () => {
        if (conflict) return;
        const before = site.requests;
        const changes = record.edits;
        if (!hasEdits(record)) {
          expect(site.requests).toBe(before);
          return;
        }
        const answer = site.write(changes, record.version);
        if (!answer.ok) {
          conflict = { theirs: { ...site.item }, version: `v${site.version}` };
          return;
        }
        chosen.add(textKey(currentOf(record)));
        record = saved(record, changes, { ...site.item }, answer.version);
        // What the writer sees is what the site now holds.
        expect(textKey(site.item)).toBe(textKey(currentOf(record)));
      };
      for (let step = 0; step < 40; step += 1) {
        const action = pick(STEPS);
        if (action === 'edit' && !conflict) {
          const field = pick(TEXT_FIELDS);
          record = edit(record, { [field]: `${field} ${seed}.${step}` });
        } else if (action === 'save') save();
        else if (action === 'other') {
          const text = { [pick(TEXT_FIELDS)]: `elsewhere ${seed}.${step}` };
          site.otherWrites(text);
          chosen.add(textKey(site.item));
        } else if (action === 'undo' && !conflict) record = undo(record);
        else if (action === 'redo' && !conflict) record = redo(record);
        else if (action === 'choose' && conflict) {
          const { theirs, version } = conflict as { theirs: ItemFields; version: string };
          conflict = null;
          if (next() < 0.5) {
            record = takeTheirs(theirs, version);
            // Undo cannot bring back the version thrown away.
            expect(textKey(currentOf(undo(record)))).toBe(textKey(theirs));
          } else {
            record = keepMine(record, theirs, version);
            save();
          }
        }
        expect(chosen.has(textKey(site.item))).toBe(true);
      }
    });
  }
});
