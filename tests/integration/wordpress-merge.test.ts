// The three-way merge against a real WordPress, generated from a table of fields: each
// field × changed there only / here only / on both sides the same way / on both sides
// differently, while the other side changes another field (the companion) of the same
// item. The result on both sides is what the merge rule says; only "both differently" is a
// conflict, naming that field alone, and keeping this computer's version then sends that
// field without putting back the site's other change. Then content by block: different
// blocks, a block added on one side and removed on the other, and the same block changed
// on both sides (a conflict of that block alone, resolved per block), with untouched
// blocks byte for byte.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts, resolveConflict } from '../../electron/remote/merge/conflicts.ts';
import { openRun } from '../../electron/remote/run.ts';
import { fieldValue, MERGED_FIELDS, type FieldName } from '../../electron/remote/merge/merge-fields.ts';
import { MediaMap } from '../../electron/remote/store/media-map.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { basicAuth, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import { solidImage } from '../helpers/images.ts';

const sync = (fixture: WordPressFixture) => syncSite(fixture.workspace, { retry: FAST_RETRY });

let f: WordPressFixture;
const word = `m${Date.now().toString(36)}`;

/** What the cases use on both sides: terms, images and parent pages that WordPress has and the copy is linked to. */
interface Shared {
  categories: number[];
  tags: number[];
  media: number[];
  pages: number[];
}
let shared: Shared;

/** A field's two values other than the base, in WordPress's words, and how the copy takes them. */
interface FieldCase {
  field: FieldName;
  kind: 'post' | 'page';
  base?: unknown;
  there: (s: Shared) => unknown;
  /** Null for a field with one other value only (sticky): no "both differently". */
  here: ((s: Shared) => unknown) | null;
  /** The value as the copy's routes take it (local ids). */
  toLocal?: (value: unknown) => unknown;
}

/** Slugs are unique on a site: each case asks for new ones. */
let slugs = 0;
const localTerms = (taxonomy: string) => (value: unknown) => (value as number[]).map((id) => f.workspace.map.localTermOf(taxonomy, id)!);

const FIELDS: FieldCase[] = [
  { field: 'title', kind: 'post', there: () => `Title there ${word}`, here: () => `Title here ${word}` },
  { field: 'content', kind: 'post', there: () => '<p>Content there</p>', here: () => '<p>Content here</p>' },
  { field: 'excerpt', kind: 'post', there: () => 'Excerpt there', here: () => 'Excerpt here' },
  { field: 'status', kind: 'post', there: () => 'draft', here: () => 'private' },
  { field: 'date_gmt', kind: 'post', base: '2024-03-05T11:19:03', there: () => '2023-01-02T03:04:05', here: () => '2022-06-07T08:09:10' },
  { field: 'slug', kind: 'post', there: () => `slug-there-${word}-${++slugs}`, here: () => `slug-here-${word}-${++slugs}` },
  { field: 'categories', kind: 'post', there: (s) => [s.categories[0]], here: (s) => [s.categories[1]], toLocal: localTerms('category') },
  { field: 'tags', kind: 'post', there: (s) => [s.tags[0]], here: (s) => [s.tags[1]], toLocal: localTerms('post_tag') },
  { field: 'featured_media', kind: 'post', there: (s) => s.media[0], here: (s) => s.media[1], toLocal: (id) => new MediaMap(f.workspace.map.db).localId(id as number) },
  { field: 'parent', kind: 'page', there: (s) => s.pages[0], here: (s) => s.pages[1], toLocal: (id) => f.workspace.map.item('page', id as number)!.localId },
  { field: 'menu_order', kind: 'page', there: () => 3, here: () => 5 },
  { field: 'template', kind: 'page', there: () => 'blank', here: () => 'blog-alternative' },
  { field: 'sticky', kind: 'post', there: () => true, here: null },
  { field: 'format', kind: 'post', there: () => 'aside', here: () => 'quote' },
];

const MODES = ['there only', 'here only', 'both the same way', 'both differently'] as const;

const CASES = FIELDS.flatMap((fieldCase) => MODES.filter((mode) => mode !== 'both differently' || fieldCase.here).map((mode) => ({ ...fieldCase, mode })));

const route = (kind: 'post' | 'page', id?: number) => `wp/v2/${kind}s${id === undefined ? '' : `/${id}`}`;

const block = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
/** Blocks joined as the block editor does, but for an odd separator after the first block ("One …"), kept byte for byte. */
const blocks = (...texts: string[]) => texts.map((text, index) => block(text) + (index === texts.length - 1 ? '' : text.startsWith('One') ? '\n \n' : '\n\n')).join('');

const BLOCK_CASES = [
  { name: 'different blocks changed on each side', there: blocks('One there', 'Two', 'Three'), here: blocks('One', 'Two', 'Three here'), merged: blocks('One there', 'Two', 'Three here') },
  { name: 'a block added here, another removed there', there: blocks('One', 'Three'), here: blocks('One', 'Two', 'Three', 'Four here'), merged: blocks('One', 'Three', 'Four here') },
  { name: 'a block removed here, another changed there', there: blocks('One', 'Two', 'Three there'), here: blocks('Two', 'Three'), merged: blocks('Two', 'Three there') },
] as const;
const SAME_BLOCK = 'Same block';

/** The item a case starts from, by its title: on the site and in the copy, as one sync left it. */
interface Base {
  title: string;
  kind: 'post' | 'page';
  body: Record<string, unknown>;
}
const BASES: Base[] = [
  ...CASES.map(({ field, mode, kind, base }) => {
    const title = `Merge ${field} ${mode} ${word}`;
    return { title, kind, body: { title, content: '<p>Base</p>', status: 'publish', ...(base === undefined ? {} : { [field]: base }) } };
  }),
  ...[...BLOCK_CASES.map(({ name }) => name), SAME_BLOCK].map((name) => {
    const title = `${name} ${word}`;
    return { title, kind: 'post' as const, body: { title, content: blocks('One', 'Two', 'Three'), status: 'publish' } };
  }),
];
const baseIds = new Map<string, { remoteId: number; localId: number }>();
/** The ids of the item a case starts from (made in beforeAll). */
const baseOf = (title: string) => baseIds.get(title)!;

async function remoteItem(kind: 'post' | 'page', id: number): Promise<Record<string, unknown>> {
  return (await f.api(route(kind, id), { query: { context: 'edit' } })).body;
}

/** The local item as it would go to WordPress (its ids made WordPress's). */
async function localItem(kind: 'post' | 'page', localId: number): Promise<Record<string, unknown>> {
  return (await openRun(f.workspace).outgoing.prepare(kind, localId)).fields;
}

async function uploadThere(name: string): Promise<number> {
  const answer = await fetch(`${f.wp.apiRoot}wp/v2/media`, {
    method: 'POST', body: new Uint8Array(await solidImage(40, 30, 'jpeg')),
    headers: { authorization: basicAuth(f.wp, 'administrator'), 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="${name}.jpg"` },
  });
  return ((await answer.json()) as { id: number }).id;
}

beforeAll(async () => {
  f = await wordpressFixture();
  const make = async (kind: string, body: Record<string, unknown>) => (await f.api(`wp/v2/${kind}`, { method: 'POST', body })).body.id as number;
  shared = {
    categories: [await make('categories', { name: `Cat A ${word}` }), await make('categories', { name: `Cat B ${word}` })],
    tags: [await make('tags', { name: `Tag A ${word}` }), await make('tags', { name: `Tag B ${word}` })],
    media: [await uploadThere(`a-${word}`), await uploadThere(`b-${word}`)],
    pages: [await make('pages', { title: `Parent A ${word}`, status: 'publish' }), await make('pages', { title: `Parent B ${word}`, status: 'publish' })],
  };
  // Posts that carry the terms and images, so the copy has them and is linked to them.
  for (const media of shared.media) {
    await make('posts', { title: `Holder ${media} ${word}`, status: 'publish', categories: shared.categories, tags: shared.tags, featured_media: media });
  }
  // Every case's base item, made at once on the site's workers and linked by this one sync
  // (a sync of its own per case only linked that case's item, a quarter of the file's requests).
  const remoteIds = await Promise.all(BASES.map(({ kind, body }) => make(`${kind}s`, body)));
  expect(await sync(f)).toMatchObject({ result: 'ok' });
  BASES.forEach(({ title, kind }, index) => baseIds.set(title, { remoteId: remoteIds[index], localId: f.localOf(kind, remoteIds[index]).id }));
});

afterAll(async () => {
  await f?.close();
});

// A case that failed half-way leaves no conflict behind for the next.
afterEach(async () => {
  for (const left of listConflicts(f.workspace)) await resolveConflict(f.workspace, left.id, 'remote', { retry: FAST_RETRY });
});

describe.each(CASES)('$field changed $mode', (fieldCase) => {
  it('ends as the merge rule says on both sides, with a conflict only when both changed it differently', async () => {
    const { field, kind, mode } = fieldCase;
    const companion: FieldName = field === 'content' ? 'title' : 'content';
    const companionThere = companion === 'content' ? '<p>Companion there</p>' : `Companion there ${word}`;
    const companionHere = companion === 'content' ? '<p>Companion here</p>' : `Companion here ${word}`;
    const there = fieldCase.there(shared);
    const here = mode === 'both the same way' ? there : fieldCase.here?.(shared) ?? there;
    const toLocal = fieldCase.toLocal ?? ((value: unknown) => value);

    const { remoteId, localId } = baseOf(`Merge ${field} ${mode} ${word}`);

    const changeThere = mode === 'here only' ? { [companion]: companionThere } : { [field]: there, ...(mode === 'there only' ? {} : { [companion]: companionThere }) };
    const changeHere = mode === 'there only' ? { [companion]: companionHere } : { [field]: toLocal(here) };
    await f.api(route(kind, remoteId), { method: 'POST', body: changeThere });
    await f.local('POST', `${kind}s/${localId}`, changeHere);

    const run = await sync(f);
    const expectBoth = async (values: Partial<Record<FieldName, unknown>>) => {
      const [remote, local] = [await remoteItem(kind, remoteId), await localItem(kind, localId)];
      for (const [name, value] of Object.entries(values) as [FieldName, unknown][]) {
        expect(fieldValue(remote, name), `${name} there`).toEqual(fieldValue({ [name]: value }, name));
        expect(fieldValue(local, name), `${name} here`).toEqual(fieldValue({ [name]: value }, name));
      }
    };
    if (mode !== 'both differently') {
      expect(run).toMatchObject({ result: 'ok', conflicts: 0 });
      const companionValue = mode === 'there only' ? companionHere : companionThere;
      await expectBoth({ [field]: mode === 'here only' ? here : there, [companion]: companionValue });
    } else {
      expect(run).toMatchObject({ result: 'conflicts', conflicts: 1 });
      const [conflict] = listConflicts(f.workspace);
      expect(conflict.fields.map((entry) => entry.field)).toEqual([field]);
      expect(conflict.fields[0].label).toBe(MERGED_FIELDS.find((entry) => entry.name === field)!.label);
      expect(fieldValue(await remoteItem(kind, remoteId), field)).toEqual(fieldValue({ [field]: there }, field));
      // This computer's version of the field goes; the site's change of the companion stays.
      await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
      await expectBoth({ [field]: here, [companion]: companionThere });
    }
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
  });
});

describe('content by block', () => {
  it.each(BLOCK_CASES)('$name: merged without asking, untouched blocks byte for byte', async ({ name, there, here, merged }) => {
    const { remoteId, localId } = baseOf(`${name} ${word}`);
    await f.api(`wp/v2/posts/${remoteId}`, { method: 'POST', body: { content: there } });
    await f.local('POST', `posts/${localId}`, { content: here });
    expect(await sync(f)).toMatchObject({ result: 'ok', conflicts: 0 });
    expect((await remoteItem('post', remoteId)).content).toMatchObject({ raw: merged });
    expect(f.localRow(localId)!.content).toBe(merged);
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
  });

  it('the same block changed on both sides: a conflict of that block alone, resolved per block, the other changes merged', async () => {
    const { remoteId, localId } = baseOf(`${SAME_BLOCK} ${word}`);
    await f.api(`wp/v2/posts/${remoteId}`, { method: 'POST', body: { content: blocks('One there', 'Two there', 'Three') } });
    await f.local('POST', `posts/${localId}`, { content: blocks('One', 'Two here', 'Three here') });
    expect(await sync(f)).toMatchObject({ result: 'conflicts', conflicts: 1 });
    const [conflict] = listConflicts(f.workspace);
    expect(conflict.fields).toHaveLength(1);
    expect(conflict.fields[0]).toMatchObject({ field: 'content', blocks: [{ local: block('Two here'), remote: block('Two there') }] });
    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY }, { [conflict.fields[0].blocks![0].key]: 'remote' });
    const merged = blocks('One there', 'Two there', 'Three here');
    expect((await remoteItem('post', remoteId)).content).toMatchObject({ raw: merged });
    expect(f.localRow(localId)!.content).toBe(merged);
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 0, conflicts: 0 });
  });
});
