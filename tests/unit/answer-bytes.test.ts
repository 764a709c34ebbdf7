// An answer's bytes are JSON.stringify's, and its ETag the tag of those bytes, whatever the
// body; a list of frozen (shared) items is made once and shared by every answer listing the
// same items in the same order, and an item changed (a new object) makes new bytes.
import etag from 'etag';
import { describe, expect, it } from 'vitest';
import { answerBytes, answerJson } from '../../server/rest/answer-bytes.ts';

const frozen = <T extends object>(value: T): T => Object.freeze(value);

/** Bodies of every shape an answer has: items, lists of plain, shared and mixed items, values JSON.stringify treats apart. */
const BODIES: [string, () => unknown][] = [
  ['an item', () => ({ id: 1, title: { rendered: 'A' }, tags: [1, 2] })],
  ['a frozen item', () => frozen({ id: 2, title: frozen({ rendered: 'B' }) })],
  ['an empty list', () => []],
  ['a list of plain items', () => [{ id: 1 }, { id: 2, text: 'é "quoted" \u2028' }]],
  ['a list of frozen items', () => [frozen({ id: 3 }), frozen({ id: 4, nested: frozen([1, 'two']) })]],
  ['a list of frozen and plain items', () => [frozen({ id: 5 }), { id: 6 }]],
  ['a list with what JSON has no value for', () => [undefined, () => 1, frozen({ id: 7, gone: undefined })]],
  ['a list of lists and values', () => [[1, 2], 'text', 3, null, true]],
  ['a string', () => 'text'],
  ['a number', () => 42],
  ['null', () => null],
];

describe('answer bytes', () => {
  it.each(BODIES)('are JSON.stringify’s for %s, with the tag of those bytes', (_name, body) => {
    const value = body();
    const bytes = answerBytes(value);
    expect(bytes.payload.toString('utf8')).toBe(JSON.stringify(value));
    expect(bytes.etag).toBe(etag(Buffer.from(JSON.stringify(value)), { weak: true }));
  });

  it.each(BODIES)('are the JSON made for the tag of %s (answerJson), made once and taken once: a body changed since is new JSON', (_name, body) => {
    const value = body();
    const json = answerJson(value);
    expect(json).toBe(JSON.stringify(value) ?? '');
    expect(answerBytes(value).payload.toString('utf8')).toBe(JSON.stringify(value));
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
    // Taken once: a later answer of the same object, changed in between, is made anew.
    (value as Record<string, unknown>).changed = true;
    expect(answerBytes(value).payload.toString('utf8')).toBe(JSON.stringify(value));
  });

  it('are shared by every list of the same frozen items in the same order, and only by those', () => {
    const items = [frozen({ id: 10, title: 'Ten' }), frozen({ id: 11, title: 'Eleven' })];
    const first = answerBytes([...items]);
    expect(answerBytes([...items])).toBe(first);
    const reordered = answerBytes([items[1], items[0]]);
    expect(reordered).not.toBe(first);
    expect(reordered.payload.toString()).toBe(JSON.stringify([items[1], items[0]]));
    expect(answerBytes([items[0]])).not.toBe(first);
  });

  it('are new when a listed item is changed (a new object), though it reads the same id', () => {
    const before = [frozen({ id: 20, title: 'Before' }), frozen({ id: 21, title: 'Other' })];
    const first = answerBytes(before);
    const after = [frozen({ id: 20, title: 'After' }), before[1]];
    const changed = answerBytes(after);
    expect(changed).not.toBe(first);
    expect(changed.payload.toString()).toBe(JSON.stringify(after));
    expect(changed.etag).not.toBe(first.etag);
  });
});
