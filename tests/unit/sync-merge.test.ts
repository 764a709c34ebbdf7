// The merge rule on its own, generated over every field of the merge table × changed
// there only / here only / both the same / both differently, and content pieces that
// always join back to the content byte for byte.
import { describe, expect, it } from 'vitest';
import { contentPieces } from '../../electron/remote/merge/content-blocks.ts';
import { fieldsOf, fieldValue, MERGED_FIELDS, type FieldName } from '../../electron/remote/merge/merge-fields.ts';
import { mergeContent, planMerge, sendWithPicks } from '../../electron/remote/merge/merge.ts';
import { ITEM_KINDS } from '../../electron/remote/store/sync-map.ts';
import type { LocalWriting } from '../../server/local-copy/index.ts';

/** Three distinct values of each field: the base, one made there, one made here (local and remote words alike here). */
const VALUES: Record<FieldName, [unknown, unknown, unknown]> = {
  title: ['Base', 'There', 'Here'],
  content: ['<p>Base</p>', '<p>There</p>', '<p>Here</p>'],
  excerpt: ['', 'There', 'Here'],
  status: ['publish', 'draft', 'private'],
  date_gmt: ['2024-01-01T00:00:00', '2023-01-01T00:00:00', '2022-01-01T00:00:00'],
  slug: ['base', 'there', 'here'],
  categories: [[1], [2], [3]],
  tags: [[], [5], [6]],
  featured_media: [0, 7, 8],
  parent: [0, 9, 10],
  menu_order: [0, 3, 5],
  template: ['', 'blank', 'wide'],
  sticky: [false, true, true],
  format: ['standard', 'aside', 'quote'],
  password: ['', 'there', 'here'],
  comment_status: ['open', 'closed', 'closed'],
  ping_status: ['open', 'closed', 'closed'],
  meta: [{ a: 1 }, { a: 2 }, { a: 3 }],
};

const MODES = ['there only', 'here only', 'both the same', 'both differently'] as const;

function writing(values: Partial<Record<FieldName, unknown>>): LocalWriting {
  const base = Object.fromEntries(MERGED_FIELDS.map(({ name }) => [name, VALUES[name][0]]));
  return { type: 'post', status_before_trash: null, ...base, ...values } as unknown as LocalWriting;
}

const CASES = MERGED_FIELDS.flatMap(({ name, kinds }) => MODES.map((mode) => ({ name, kind: kinds[0], mode })))
  .filter(({ name, mode }) => mode !== 'both differently' || JSON.stringify(VALUES[name][1]) !== JSON.stringify(VALUES[name][2]));

describe.each(CASES)('$name changed $mode', ({ name, kind, mode }) => {
  it('is taken, sent, left alone or a conflict of that field alone, as the rule says', () => {
    const [base, there, hereValue] = VALUES[name];
    const here = mode === 'both the same' ? there : hereValue;
    const remoteNow = { ...writing({}), ...(mode === 'here only' ? {} : { [name]: there }) };
    const localNow = writing(mode === 'there only' ? {} : { [name]: here });
    const plan = planMerge({ kind, localBase: writing({}), localNow, remoteBase: writing({}) as unknown as Record<string, unknown>, remoteNow, outgoing: localNow as unknown as Record<string, unknown> });
    expect(base).not.toEqual(there);
    if (mode === 'there only' || mode === 'both the same') expect(plan).toEqual({ send: {}, conflicts: [] });
    if (mode === 'here only') expect(plan).toEqual({ send: { [name]: here }, conflicts: [] });
    if (mode === 'both differently') {
      expect(plan.send).toEqual({});
      expect(plan.conflicts.map((conflict) => conflict.field)).toEqual([name]);
      expect(fieldValue(sendWithPicks(plan, localNow as unknown as Record<string, unknown>), name)).toEqual(fieldValue({ [name]: here }, name));
      expect(sendWithPicks(plan, localNow as unknown as Record<string, unknown>, { [name]: 'remote', 'content:0': 'remote' })).toEqual({});
    }
  });
});

describe('the merge table', () => {
  it('has a field for each kind\'s writing, and every field has values here', () => {
    expect(fieldsOf('post')).toContain('categories');
    expect(fieldsOf('page')).toContain('parent');
    for (const { name } of MERGED_FIELDS) expect(VALUES[name]).toHaveLength(3);
  });

  // A kind whose writing the table leaves out would merge to nothing: the site's version taken over an edit here, unseen.
  it.each(ITEM_KINDS)('merges the writing of every kind sync carries: %s', (kind) => {
    expect(fieldsOf(kind)).toEqual(expect.arrayContaining(['title', 'content', 'status', 'slug', 'date_gmt']));
  });
});

const p = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

describe('content pieces', () => {
  it.each([
    '', '<p>Classic</p>', `${p('a')}\n\n${p('b')}`, `<p>x</p>\n${p('a')}\n<!-- wp:group --><div>${p('in')}</div><!-- /wp:group -->\n<!-- wp:spacer /-->`,
    `${p('a')}\n<!-- /wp:paragraph -->stray closer`, '<!-- wp:paragraph -->\n<p>never closed</p>',
  ])('join back byte for byte: %j', (content) => {
    expect(contentPieces(content).join('')).toBe(content);
  });

  it('merge blocks changed on one side each, and mark a block changed on both', () => {
    const base = [p('1'), p('2'), p('3')].join('\n\n');
    expect(mergeContent(base, [p('1 here'), p('2'), p('3')].join('\n\n'), [p('1'), p('2'), p('3 there')].join('\n\n'))).toEqual([{ ok: [p('1 here'), p('2'), p('3 there')].join('\n\n') }]);
    const chunks = mergeContent(base, [p('1'), p('2 here'), p('3')].join('\n\n'), [p('1'), p('2 there'), p('3')].join('\n\n'));
    expect(chunks.filter((chunk) => !('ok' in chunk))).toEqual([{ local: p('2 here'), remote: p('2 there') }]);
  });
});
