// What the writer did not touch never changes, through the real editor in Chromium: a sample of
// the untouched corpus (WordPress's theme unit test posts and pages, the block editor's fixture
// documents, some with their blocks respaced) is opened, saved with Ctrl+S and no change (the
// site must still hold the very bytes it held), then saved with a word typed at the end of the
// last text (the site must hold exactly that word more). Prints a table of counts.
import { JSDOM } from 'jsdom';
import { afterAll, expect, it } from 'vitest';
import type { Post } from '../shared/site-types.ts';
import { beforeTypingIn, isJustTyped, oneChange, respaced, untouchedCorpus } from '../tests/helpers/untouched-corpus.ts';
import { appForFile } from './harness.ts';
import { editorHolds, type EditorElement } from './editor-selection.ts';

const app = appForFile();
// The corpus helper reads older forms with the DOM, as the editor does: where the worker has none
// yet (its files share it), this file's, taken away after it so that a file loading the block
// editor next finds no half of a DOM.
const { window: dom } = new JSDOM('');
const DOM_GLOBALS = { DOMParser: dom.DOMParser, Node: dom.Node, Element: dom.Element, HTMLElement: dom.HTMLElement, Text: dom.Text, document: dom.document };
const lent = Object.keys(DOM_GLOBALS).filter((name) => !(name in globalThis));
for (const name of lent) Object.assign(globalThis, { [name]: DOM_GLOBALS[name as keyof typeof DOM_GLOBALS] });
afterAll(() => {
  for (const name of lent) Reflect.deleteProperty(globalThis, name);
});
const TYPED = 'Inkwelled';
/** Every how-many-th document of the corpus is opened (each takes a few seconds). */
const EVERY = Number(process.env.UNTOUCHED_EVERY ?? 4);

/** The caret at the end of the last text the writer can type into (not in code, not in a block shown read-only). */
async function caretAtEndOfLastText(): Promise<boolean> {
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  await editor.focus();
  const placed = await editor.evaluate((editor) => {
    const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (node.textContent?.trim() && parent && !parent.closest('[contenteditable="false"], pre')) last = node as Text;
    }
    if (!last) return null;
    getSelection()?.collapse(last, last.length);
    const at = (editor as EditorElement).editor.view.posAtDOM(last, last.length);
    return { from: at, to: at };
  });
  if (placed) await editorHolds(editor, placed);
  else await app.page.keyboard.press('Control+End');
  return placed !== null;
}

it('stores a document opened and saved with no change byte for byte, and one with a word typed at the end with exactly that word more', async () => {
  const read = untouchedCorpus();
  const documents = [...read, ...respaced(read.slice(0, 20))].filter((_, index) => index % EVERY === 0);
  const counts = { documents: 0, unchangedOnSave: 0, exactlyTheWord: 0 };
  const problems: string[] = [];
  for (const item of documents) {
    counts.documents++;
    const created = await app.openPost({ title: item.name.slice(0, 80), content: item.markup });
    const stored = (await app.api.get<Post>(`cms/v2/posts/${created.id}`, { context: 'edit' })).content.raw ?? '';
    const afterSave = (await app.savedPost(created.id)).content.raw ?? '';
    if (afterSave === stored) counts.unchangedOnSave++;
    else problems.push(`${item.name}: Ctrl+S with no change stored ${JSON.stringify(oneChange(stored, afterSave)).slice(0, 300)}`);
    const placed = await caretAtEndOfLastText();
    await app.page.keyboard.type(` ${TYPED}`);
    const typed = (await app.savedPost(created.id)).content.raw ?? '';
    // A block of an older form the word went into is saved in its current form (older-forms.test.ts).
    const change = oneChange(placed ? beforeTypingIn(afterSave, typed, ` ${TYPED}`) : afterSave, typed);
    const exact = placed ? isJustTyped(change, ` ${TYPED}`) : change.removed === '' && change.added.includes(TYPED);
    if (exact) counts.exactlyTheWord++;
    else problems.push(`${item.name}: a word typed at the end stored ${JSON.stringify(change).slice(0, 300)}`);
  }
  console.log(`documents | unchanged by Ctrl+S with no change | exactly the typed word more\n${counts.documents} | ${counts.unchangedOnSave} | ${counts.exactlyTheWord}`);
  expect(problems).toEqual([]);
}, 900_000);
