// @vitest-environment jsdom
// Synced patterns in the editor (issue 29, row 27; renderer/editor/synced-patterns.ts): a post's
// reference to one is saved byte for byte untouched and strictly valid as the inserter writes it;
// Detach puts the pattern's blocks in its place as they are; Create synced pattern sends the
// selected blocks' markup and leaves a reference where they were; the inserter's entries insert a
// reference; a pattern that cannot be read is said in a sentence.
import { describe, expect, it } from 'vitest';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { insertMarkup } from '../../renderer/editor/create-block.ts';
import { createPattern, detachPattern, patternBlocks, patternNotHere, patternRef, patternReference, syncedPatternEntries, unreadablePattern } from '../../renderer/editor/synced-patterns.ts';
import { SiteError, type SiteClient } from '../../shared/site-client.ts';
import { ownPatternRef } from '../../shared/copy-pattern-refs.ts';
import { bindPatternEdits, PatternEdits } from '../../renderer/editor/pattern-edits.ts';
import { writingDocument } from '../../renderer/editor/tiptap-document.ts';
import { countWords } from '../../renderer/editor/stats.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';

const openEditor = editorsForFile();
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const PATTERN = [paragraph('Shared <strong>words</strong>'), '<!-- wp:heading -->\n<h2 class="wp-block-heading">A shared heading</h2>\n<!-- /wp:heading -->'].join('\n\n');
const POST = [paragraph('Before'), patternReference(7), paragraph('After')].join('\n\n');

/** The position of the document's first block named `type`. */
function positionOf(doc: import('@tiptap/pm/model').Node, type: string): number {
  let found = -1;
  doc.descendants((node, position) => {
    if (found < 0 && node.type.name === type) found = position;
    return found < 0;
  });
  expect(found).toBeGreaterThanOrEqual(0);
  return found;
}

describe('a reference to a synced pattern', () => {
  it('is saved byte for byte when untouched, strictly valid', () => {
    const editor = openEditor(POST);
    expect(strictlyValid(docToMarkup(editor.state.doc))).toBe(POST);
    const reference = editor.state.doc.nodeAt(positionOf(editor.state.doc, 'dynamicBlock'));
    expect(patternRef(reference?.attrs.blockAttributes ?? {})).toBe(7);
  });

  it('is what the inserter puts in place of the empty line: the block editor\'s own markup for it', () => {
    const [entry] = syncedPatternEntries([{ id: 12, title: 'Sign-off' }]);
    expect(entry).toMatchObject({ title: 'Sign-off', category: 'Synced patterns', creation: { kind: 'markup', markup: '<!-- wp:block {"ref":12} /-->' } });
    const editor = openEditor(paragraph(''));
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)));
    if (entry.creation.kind === 'markup') insertMarkup(editor, entry.creation.markup);
    expect(strictlyValid(docToMarkup(editor.state.doc))).toContain('<!-- wp:block {"ref":12} /-->');
  });

  it('in a connected site\'s copy goes in under the site\'s id for it (the copy\'s 7 is the site\'s 40), one made here under the copy\'s own reference', () => {
    const refOf = (id: number) => (id === 7 ? 40 : ownPatternRef(id));
    const entries = syncedPatternEntries([{ id: 7, title: 'Pulled' }, { id: 9, title: 'Made here' }], refOf);
    expect(entries.map((entry) => entry.creation)).toEqual([
      { kind: 'markup', markup: '<!-- wp:block {"ref":40} /-->' },
      { kind: 'markup', markup: '<!-- wp:block {"ref":1000000000000009} /-->' },
    ]);
  });

  it('detached, becomes the pattern\'s blocks as they are, in its place', () => {
    const editor = openEditor(POST);
    detachPattern(editor, positionOf(editor.state.doc, 'dynamicBlock'), PATTERN);
    const saved = strictlyValid(docToMarkup(editor.state.doc));
    expect(saved).not.toContain('wp:block ');
    expect(saved).toContain(PATTERN);
    expect(saved.indexOf('Before')).toBeLessThan(saved.indexOf('Shared'));
    expect(saved.indexOf('A shared heading')).toBeLessThan(saved.indexOf('After'));
  });
});

describe('Create synced pattern', () => {
  it.each([
    ['the app\'s own site', (id: number) => id, 42],
    ['a connected site\'s copy', ownPatternRef, 1000000000000042],
  ])('sends the selected blocks as they are and puts a reference to the new pattern in their place (%s)', async (_site, refOf, ref) => {
    const original = [paragraph('Keep'), PATTERN, paragraph('Also kept')].join('\n\n');
    const editor = openEditor(original);
    const { doc } = editor.state;
    const from = positionOf(doc, 'paragraph') + doc.nodeAt(positionOf(doc, 'paragraph'))!.nodeSize + 2;
    const to = positionOf(doc, 'heading') + 3;
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(doc, from, to)));
    const blocks = patternBlocks(editor.state);
    expect(blocks?.markup).toBe(PATTERN);
    const sent: unknown[] = [];
    const client = { request: async (method: string, path: string, options: { body: unknown }) => { sent.push({ method, path, body: options.body }); return { body: { id: 42 } }; } } as unknown as SiteClient;
    await createPattern(client, editor, 'Shared bit', blocks!.markup, blocks!, refOf);
    expect(sent).toEqual([{ method: 'POST', path: 'cms/v2/blocks', body: { title: 'Shared bit', content: PATTERN, status: 'publish' } }]);
    const saved = strictlyValid(docToMarkup(editor.state.doc));
    expect(saved).toContain(paragraph('Keep'));
    expect(saved).toContain(paragraph('Also kept'));
    expect(saved).toContain(`<!-- wp:block {"ref":${ref}} /-->`);
    expect(saved).not.toContain('Shared <strong>words</strong>');
  });

  it('changes nothing when the site refuses', async () => {
    const editor = openEditor([paragraph('Keep'), paragraph('Mine')].join('\n\n'));
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 2)));
    const blocks = patternBlocks(editor.state)!;
    expect(blocks.markup).toBe(paragraph('Keep'));
    const client = { request: async () => { throw new SiteError('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', 403); } } as unknown as SiteClient;
    await expect(createPattern(client, editor, 'Nope', blocks.markup, blocks, (id) => id)).rejects.toThrow(SiteError);
    expect(docToMarkup(editor.state.doc)).toBe([paragraph('Keep'), paragraph('Mine')].join('\n\n'));
  });
});

describe('a pattern that cannot be shown', () => {
  it.each([
    [new SiteError('rest_post_invalid_id', 'Invalid post ID.', 404), 'is not among the synced patterns here'],
    [new SiteError('rest_forbidden', 'Sorry, you are not allowed to do that.', 403), 'your account may not read'],
    [new Error('offline'), 'could not be read from the site just now'],
  ])('is said in a sentence (%s)', (error, words) => {
    const sentence = unreadablePattern(5, error);
    expect(sentence).toContain('Synced pattern #5');
    expect(sentence).toContain(words);
    expect(sentence).not.toContain('Invalid post ID');
  });

  it('made in a connected site\'s copy and deleted there, is named by its number here, not by the reference above every site id', () => {
    const sentence = patternNotHere(ownPatternRef(7));
    expect(sentence).toContain('Synced pattern #7, made on this computer, is no longer here');
    expect(sentence).not.toContain(String(ownPatternRef(7)));
  });
});

describe('the pattern edits of a post', () => {
  it('keep the writer\'s changes based on the version they saw: a later reading of the pattern does not move them onto a newer one', async () => {
    const edits = new PatternEdits();
    edits.read(3, 'Sign-off', paragraph('Read'), 'W/"3-1:a"');
    edits.edit(3, paragraph('Mine'));
    edits.read(3, 'Sign-off', paragraph('Changed elsewhere'), 'W/"3-2:b"');
    expect(edits.content(3)).toBe(paragraph('Mine'));
    const sent: unknown[] = [];
    const client = { request: async (_method: string, _path: string, options: { headers: Record<string, string> }) => { sent.push(options.headers); return { headers: new Headers({ etag: 'W/"3-3:c"' }) }; } } as unknown as SiteClient;
    expect(await edits.save(client)).toEqual([]);
    expect(sent).toEqual([{ 'if-match': 'W/"3-1:a"' }]);
    expect(edits.hasEdits).toBe(false);
    // Detached with changes, the pattern stays as the site has it: nothing is left to save.
    edits.edit(3, paragraph('Taken into the post'));
    edits.detached(3);
    expect([edits.hasEdits, edits.content(3)]).toEqual([false, undefined]);
    // Saved, the next reading is the new base.
    edits.read(3, 'Sign-off', paragraph('Newer'), 'W/"3-4:d"');
    expect(edits.content(3)).toBe(paragraph('Newer'));
  });
});

describe('the word count of a post that shows synced patterns', () => {
  // The post's Before, After; the pattern's Shared words, A shared heading (5), changed to Three more words (3): read on the page where each reference stands.
  it.each([
    ['once', POST, 2 + 5, 2 + 3],
    ['twice', [POST, patternReference(7)].join('\n\n'), 2 + 5 + 5, 2 + 3 + 3],
    ['not read (yet)', [paragraph('Before'), patternReference(8)].join('\n\n'), 1, 1],
  ])('counts each pattern shown as the post\'s words (%s), its changes as the writer sees them', (_shown, markup, read, changed) => {
    const editor = openEditor(markup);
    // The file's editors are reused: each case binds edits of its own, as the screen binds its store's.
    const edits = new PatternEdits();
    bindPatternEdits(editor, edits);
    edits.read(7, 'Sign-off', PATTERN, null);
    const count = () => countWords(writingDocument(editor).text());
    expect(count()).toBe(read);
    edits.edit(7, paragraph('Three more words'));
    expect(count()).toBe(changed);
  });

  it('in a connected site\'s copy counts the pattern its reference finds there (the site\'s id 40 is the copy\'s 7), changes and all', () => {
    const editor = openEditor([paragraph('Before'), patternReference(40)].join('\n\n'));
    const edits = new PatternEdits();
    bindPatternEdits(editor, edits);
    edits.read(7, 'Sign-off', PATTERN, null);
    // A pattern of the copy whose own id is the reference's is not the one it names.
    edits.read(40, 'Another', paragraph('Not these seven words, not counted here'), null);
    const count = () => countWords(writingDocument(editor, (ref) => (ref === 40 ? 7 : null)).text());
    expect(count()).toBe(1 + 5);
    edits.edit(7, paragraph('Three more words'));
    expect(count()).toBe(1 + 3);
  });
});
