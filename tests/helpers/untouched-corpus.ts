// Real content to open and save untouched: every post and page of WordPress's theme unit test
// data (theme-unit-test/items.json, from WPTT/theme-unit-test), the block editor's own fixture
// documents (block-fixtures/, from WordPress/gutenberg's test/integration/fixtures/blocks) and
// the content fixtures. The first two are other projects' data, kept beside the repository in
// the shared folder's corpus/ (INKWELL_CORPUS to read them elsewhere), not in it. Used by
// tests/unit/untouched-corpus.test.ts (jsdom) and e2e/untouched-corpus.e2e.test.ts (Chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hasBlocks, splitBlocks, type ParsedBlock } from '../../renderer/blocks/split-blocks.ts';
import { currentForm } from '../../renderer/blocks/older-forms.ts';
import { equivalentForm } from '../../renderer/blocks/equivalent-form.ts';

export interface Document {
  /** Where it comes from and its name there. */
  name: string;
  markup: string;
}

const FIXTURES = path.resolve('tests', 'fixtures');

/**
 * The shared folder's corpus beside the main checkout (a worktree's git directory is the main
 * checkout's), or null where it is not: other projects' data is not the repository's to hold.
 */
function corpusFolder(): string | null {
  if (process.env.INKWELL_CORPUS) return process.env.INKWELL_CORPUS;
  const gitDirectory = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { encoding: 'utf8' }).trim();
  const folder = path.resolve(path.dirname(gitDirectory), '..', 'shared', 'corpus');
  return fs.existsSync(folder) ? folder : null;
}

interface ExportedItem { id: number; type: string; title: string; content: string }

function themeUnitTest(folder: string): Document[] {
  const items = JSON.parse(fs.readFileSync(path.join(folder, 'theme-unit-test', 'items.json'), 'utf8')) as ExportedItem[];
  return items.map((item) => ({ name: `theme unit test: ${item.type} ${item.id} ${item.title}`, markup: item.content }));
}

const htmlFiles = (folder: string, label: string): Document[] =>
  fs.readdirSync(folder).filter((file) => file.endsWith('.html')).sort().map((file) => ({ name: `${label}: ${file}`, markup: fs.readFileSync(path.join(folder, file), 'utf8') }));

/** The corpus there is: the content fixtures always; the theme unit test and the block editor's fixtures where the shared folder holds them (said when not). */
export function untouchedCorpus(): Document[] {
  const folder = corpusFolder();
  const ours = htmlFiles(path.join(FIXTURES, 'content'), 'content fixture');
  if (folder === null) {
    console.log('NOT TESTED here: WordPress\'s theme unit test data and the block editor\'s fixture documents are other projects\' data, kept in the shared folder\'s corpus/ (or INKWELL_CORPUS), which this machine does not have; the content fixtures and the block editor\'s own output are tested.');
    return ours;
  }
  return [...themeUnitTest(folder), ...htmlFiles(path.join(folder, 'block-fixtures'), 'block editor fixture'), ...ours];
}

/** The block editor's fixture documents (its test corpus, older forms included), or null where the shared folder does not hold them. */
export function blockEditorFixtures(): Document[] | null {
  const folder = corpusFolder();
  return folder === null ? null : htmlFiles(path.join(folder, 'block-fixtures'), 'block editor fixture');
}

/** What `after` adds to and removes from `before`, as one change between their common start and end. */
export function oneChange(before: string, after: string): { removed: string; added: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { removed: before.slice(start, before.length - end), added: after.slice(start, after.length - end) };
}

/** Every block of `markup` at any depth, with its exact source (an inner block's is cut from its parent's, between the parent's comments). */
function allBlocks(markup: string): { block: ParsedBlock; source: string }[] {
  return splitBlocks(markup).flatMap((piece) => {
    if (piece.kind !== 'block') return [];
    const opener = /^\s*<!--[\s\S]*?-->/.exec(piece.source);
    const closer = piece.source.lastIndexOf('<!-- /wp:');
    const inner = piece.block.innerBlocks.length > 0 && opener && closer > opener[0].length ? allBlocks(piece.source.slice(opener[0].length, closer)) : [];
    return [{ block: piece.block, source: piece.source }, ...inner];
  });
}

/**
 * `before` as the editor saves it once the block the writer typed in is edited: as it is, or
 * with one block of an older form (at any depth) in its current form (its first edit saves that:
 * older-forms.test.ts), or an older-form container and one older-form block in it so, whichever
 * `after` differs from by one change adding `added` alone.
 */
export function beforeTypingIn(before: string, after: string, added: string): string {
  // A block written with formatting the block editor does not see is saved without it once edited (equivalent-form.ts), migrated where that is an older form.
  const withoutFormatting = (block: ParsedBlock, source: string) => {
    const equivalent = equivalentForm(block, source);
    const [piece] = equivalent === null ? [] : splitBlocks(equivalent);
    return piece?.kind === 'block' ? (currentForm(piece.block, piece.source) ?? equivalent) : null;
  };
  const older = allBlocks(before).flatMap(({ block, source }) => {
    const current = currentForm(block, source) ?? withoutFormatting(block, source);
    return current === null ? [] : [{ source, current }];
  });
  // A container in an older form keeps its inner blocks as written: the one typed in may be an older form too, both written anew.
  const nested = older.flatMap((outer) => older.filter((inner) => inner !== outer && outer.current.includes(inner.source)).map((inner) => ({ source: outer.source, current: outer.current.replace(inner.source, () => inner.current) })));
  const olderForms = [...older, ...nested].map(({ source, current }) => before.replace(source, () => current));
  return [before, ...olderForms].find((candidate) => isJustTyped(oneChange(candidate, after), added)) ?? before;
}

/**
 * Whether `change` is `typed` (" word") added and nothing else. The word's space may be found
 * after it, where the text as read ends in whitespace the editor does not hold (" Cover! ").
 */
export function isJustTyped(change: { removed: string; added: string }, typed: string): boolean {
  const leading = typed.slice(0, typed.length - typed.trimStart().length);
  return change.removed === '' && [typed, `${typed.trimStart()}${leading}`].includes(change.added);
}

/** How block documents are spaced in the wild: blocks run together, on the next line, a blank line apart; with and without a trailing newline. */
const SPACINGS = [['', ''], ['\n', '\n'], ['\n\n', '\n'], ['\n\n', '']] as const;

/** Each block document of `documents` again with its blocks spaced each way SPACINGS says. */
export function respaced(documents: Document[]): Document[] {
  return documents.flatMap((document) => {
    if (!hasBlocks(document.markup)) return [];
    const sources = splitBlocks(document.markup).map((piece) => piece.source);
    return SPACINGS.map(([between, trailing]) => ({ name: `respaced ${JSON.stringify(between)}, ${JSON.stringify(trailing)} at the end: ${document.name}`, markup: `${sources.join(between)}${trailing}` }));
  });
}
