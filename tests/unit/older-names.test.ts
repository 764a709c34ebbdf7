// @vitest-environment jsdom
// Blocks under an older name (renderer/blocks/older-names.ts): a social icon of one service's own
// block, the comments query loop, the post's comments. Untouched, each is saved byte for byte; it is editable, and the
// first edit or any of its settings changed saves the form the block editor's parser migrates it to
// (serialize(parse(source)) after the same change), which its strict validator accepts.
// Generated over every service the social icon knows and every fixture document of these names.
import { beforeAll, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { DYNAMIC_BLOCKS } from '../../renderer/blocks/dynamic-blocks.ts';
import type { Setting } from '../../renderer/blocks/dynamic-block-type.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorFixtures } from '../helpers/untouched-corpus.ts';

interface Wp {
  parse(markup: string): WpBlock[];
  serialize(blocks: WpBlock[]): string;
  getBlockType(name: string): { attributes: Record<string, unknown> };
  getBlockVariations(name: string): { name: string }[];
}
interface Form { name: string; markup: string; fromCorpus: boolean }

const schema = getSchema(editorExtensions);
const opened = (markup: string) => schema.nodeFromJSON(markupToDoc(markup));
const saved = (doc: PmNode) => docToMarkup(doc.toJSON() as JSONContent);
const OLDER_NAMES = /<!-- wp:(social-link-[a-z0-9]+|comments-query-loop|post-comments)[ /]/;

/** The document with its one block changed as an edit changes it: written anew, its attributes changed by `change`. */
function edited(doc: PmNode, change: (attributes: Record<string, unknown>) => Record<string, unknown>): PmNode {
  const tr = EditorState.create({ doc }).tr;
  const node = doc.child(0);
  return tr.setNodeMarkup(0, undefined, { ...node.attrs, blockAttributes: change({ ...node.attrs.blockAttributes }), source: null, canonical: null }).doc;
}

/** What the block editor saves for `markup` read and then changed the same way. */
function blockEditorSaves(wp: Wp, markup: string, change: (attributes: Record<string, unknown>) => Record<string, unknown>): string {
  return quietly(() => {
    const blocks = wp.parse(markup);
    blocks[0].attributes = change({ ...blocks[0].attributes });
    return wp.serialize(blocks);
  });
}

const COMMENTS_INNER = '<!-- wp:comments-title /-->\n\n<!-- wp:comment-template -->\n<!-- wp:comment-author-name /-->\n\n<!-- wp:comment-content /-->\n<!-- /wp:comment-template -->\n\n<!-- wp:comments-pagination /-->\n\n<!-- wp:post-comments-form /-->';

function generated(wp: Wp): Form[] {
  const services = wp.getBlockVariations('core/social-link').map((variation) => variation.name);
  const socialLinks = services.flatMap((service) => [
    { name: `social-link-${service}`, markup: `<!-- wp:social-link-${service} {"url":"https://example.com/${service}"} /-->`, fromCorpus: false },
    { name: `social-link-${service} with a label and a class`, markup: `<!-- wp:social-link-${service} {"url":"https://example.com/","label":"Find me","className":"mine"} /-->`, fromCorpus: false },
  ]);
  const commentsLoops = [
    ['', ''],
    [' {"className":"extra"}', ' extra'],
    [' {"textColor":"vivid-red","className":"extra"}', ' extra has-vivid-red-color has-text-color'],
  ].map(([attributes, classes]) => ({ name: `comments-query-loop${attributes}`, markup: `<!-- wp:comments-query-loop${attributes} -->\n<div class="wp-block-comments-query-loop${classes}">${COMMENTS_INNER}</div>\n<!-- /wp:comments-query-loop -->`, fromCorpus: false }));
  const postComments = ['', ' {"className":"mine"}', ' {"align":"wide","textColor":"vivid-red"}'].map((attributes) => ({ name: `post-comments${attributes}`, markup: `<!-- wp:post-comments${attributes} /-->`, fromCorpus: false }));
  return [...socialLinks, ...commentsLoops, ...postComments];
}

function inCorpus(): Form[] {
  return (blockEditorFixtures() ?? []).filter((document) => OLDER_NAMES.test(document.markup.trimStart().slice(0, 60))).map((document) => ({ name: document.name, markup: document.markup.trim(), fromCorpus: true }));
}

let wp: Wp;
let forms: Form[] = [];
beforeAll(() => {
  wp = blockEditor() as unknown as Wp;
  forms = [...generated(wp), ...inCorpus()];
}, 300_000);

it('knows the order in which the block editor writes the attributes of the blocks under their current names', () => {
  for (const name of ['core/social-link', 'core/comments']) expect(Object.keys(DYNAMIC_BLOCKS[name].attributes), name).toEqual(Object.keys(wp.getBlockType(name).attributes));
});

it('finds every service\'s social icon and the comments query loop to test, and every fixture of these names where the corpus is present', () => {
  expect(forms.filter((form) => !form.fromCorpus).length).toBeGreaterThan(90);
  if (blockEditorFixtures() !== null) expect(forms.filter((form) => form.fromCorpus).length).toBeGreaterThanOrEqual(38);
});

type Change = [what: string, change: (attributes: Record<string, unknown>) => Record<string, unknown>];

/** A value of the setting other than `current`, as a writer would choose it. */
function otherValue(setting: Setting, current: unknown): unknown {
  if (setting.kind === 'boolean') return !current;
  if (setting.kind === 'number') return current === setting.min ? setting.max : setting.min;
  if (setting.kind === 'choice') return setting.choices.map(([value]) => value).find((value) => value !== current);
  return 'https://example.org/changed';
}

/** The first edit written anew, then each setting the editor offers for the block under its current name changed in turn. */
function changes(currentName: string): Change[] {
  const settings = DYNAMIC_BLOCKS[currentName]?.settings ?? [];
  return [['written anew', (attributes) => attributes], ...settings.map((setting): Change => [`${setting.label} changed`, (attributes) => ({ ...attributes, [setting.path]: otherValue(setting, attributes[setting.path]) })])];
}

it('keeps each block under an older name byte for byte untouched, and saves it under its current name on the first edit, as the block editor does', () => {
  const problems: string[] = [];
  for (const form of forms) {
    const doc = opened(form.markup);
    if (saved(doc) !== form.markup) problems.push(`${form.name}: changed with no edit`);
    if (doc.childCount !== 1 || doc.child(0).type.name !== 'dynamicBlock') {
      problems.push(`${form.name}: not editable`);
      continue;
    }
    for (const [what, change] of changes(String(doc.child(0).attrs.name))) {
      const written = saved(edited(doc, change));
      const invalid = strictlyInvalid(written, form.markup);
      if (invalid.length > 0) problems.push(`${form.name}, ${what}: invalid for the block editor (${invalid.join(', ')}): ${written}`);
      if (OLDER_NAMES.test(written)) problems.push(`${form.name}, ${what}: still under its older name: ${written}`);
      // The block editor also respaces the inner blocks of a fixture written indented: those are kept as written.
      const expected = blockEditorSaves(wp, form.markup, change);
      if (!form.fromCorpus && written !== expected) problems.push(`${form.name}, ${what}: wrote ${JSON.stringify(written)}, the block editor ${JSON.stringify(expected)}`);
    }
  }
  expect(problems).toEqual([]);
}, 300_000);
