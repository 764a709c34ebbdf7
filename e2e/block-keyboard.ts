// A writer with only a keyboard, as the toolbar-keyboard file walks it over every block: the
// arrows into a block from the text before and after it (the block selected, or the caret in its
// text; never a gap cursor, which Alt+F10 lost), Alt+F10 to its toolbar, the arrows along the
// toolbar (Tab on from a field that keeps its arrows), each menu there opened and closed by Escape
// with the keyboard back on its button, and Escape back to the block as it was selected.
import { expect } from 'vitest';
import type { AppSession } from './harness.ts';

/** The editor's element as these steps read it. */
type EditorElement = HTMLElement & { editor: { state: { doc: PmLike; selection: { from: number; to: number; toJSON(): { type: string } } } } };
interface PmLike { childCount: number; child(index: number): PmLike; nodeSize: number; textContent: string; type: { name: string } }

/** A block of the document's top level: where it is, and the text of the blocks beside it (null when there is none, or it holds no words). */
export interface PlacedBlock { from: number; to: number; name: string; before: string | null; after: string | null }

/** Where the selection is against a block: selected or in it, a gap cursor, or before or after it. */
type Where = 'in' | 'gap' | 'before' | 'after';

/** The menus of the toolbar that open from a control: colour menus (a summary) and menu buttons (Transform to, Options). */
const OPENERS = 'summary, [aria-haspopup="menu"]';
const TOOLBAR = '[role="toolbar"][aria-label="Block"]';
/** Fields that keep the arrows for themselves: Tab moves on from them. */
const KEEPS_ARROWS = 'input:not([type="checkbox"]):not([type="radio"]), select, textarea';
/** The most controls a toolbar may have: past them the walk has gone wrong. */
const MOST_STOPS = 40;
/** The most arrow presses across a block made by the inserter (a 2×2 table, three columns, their captions). */
const MOST_PRESSES = 30;

export function blockKeyboard(app: AppSession) {
  /** The writing area (the page is the file's session's, made before its tests run). */
  const text = () => app.page.getByRole('textbox', { name: 'Content' });

  /** The top-level block at `index` and the words of its neighbours. */
  const placed = (index: number) => text().evaluate((element, at): PlacedBlock => {
    const { doc } = (element as EditorElement).editor.state;
    let from = 0;
    for (let child = 0; child < at; child += 1) from += doc.child(child).nodeSize;
    const words = (child: number) => (child >= 0 && child < doc.childCount && doc.child(child).textContent.trim() !== '' ? doc.child(child).textContent : null);
    const node = doc.child(at);
    return { from, to: from + node.nodeSize, name: node.type.name, before: words(at - 1), after: words(at + 1) };
  }, index);

  /** The index of the last top-level block that is no paragraph (a footnote's command makes its block at the end). */
  const lastBlock = () => text().evaluate((element) => {
    const { doc } = (element as EditorElement).editor.state;
    for (let child = doc.childCount - 1; child >= 0; child -= 1) if (doc.child(child).type.name !== 'paragraph') return child;
    return -1;
  });

  /** The index among the top-level blocks of the paragraph reading `words`. */
  const indexOf = (words: string) => text().evaluate((element, wanted) => {
    const { doc } = (element as EditorElement).editor.state;
    for (let child = 0; child < doc.childCount; child += 1) if (doc.child(child).textContent === wanted) return child;
    return -1;
  }, words);

  /** Where the paragraph reading `words` starts and ends: one look at the page, not an index and then the block. */
  const lineOf = (words: string) => text().evaluate((element, wanted) => {
    const { doc } = (element as EditorElement).editor.state;
    let from = 0;
    for (let child = 0; child < doc.childCount; from += doc.child(child).nodeSize, child += 1) {
      if (doc.child(child).textContent === wanted) return { from, to: from + doc.child(child).nodeSize };
    }
    throw new Error(`No paragraph reads "${wanted}"`);
  }, words);

  const where = (block: PlacedBlock) => text().evaluate((element, { from, to }): Where => {
    const { selection } = (element as EditorElement).editor.state;
    if (selection.toJSON().type === 'gapcursor') return 'gap';
    if (selection.from >= from && selection.to <= to) return 'in';
    return selection.to <= from ? 'before' : 'after';
  }, block);
  const selection = () => text().evaluate((element) => JSON.stringify((element as EditorElement).editor.state.selection.toJSON()));

  /** The caret at the end (or the start) of the paragraph reading `words`, put there as a writer would: a click in it, then End (Home). */
  async function caretIn(words: string, end: 'End' | 'Home') {
    await text().getByText(words, { exact: true }).click();
    await app.page.keyboard.press(end);
    const line = await lineOf(words);
    await expect.poll(() => text().evaluate((element) => (element as EditorElement).editor.state.selection.from), { message: `the caret at the ${end} of "${words}"` }).toBe(end === 'End' ? line.to - 1 : line.from + 1);
  }

  /** One arrow pressed, waited for until the selection has moved: the selection it made. */
  async function arrow(key: 'ArrowDown' | 'ArrowUp', what: string): Promise<string> {
    const from = await selection();
    await app.page.keyboard.press(key);
    // The selection the poll saw move to is the answer, not read again.
    let moved = from;
    await expect.poll(async () => (moved = await selection()), { message: `${what}: ${key} from ${from} moves the selection` }).not.toBe(from);
    return moved;
  }

  /** From the text beside `block` (`side`), one arrow reaches it: the block selected or the caret in it, no gap cursor. */
  async function reach(block: PlacedBlock, side: 'before' | 'after', what: string) {
    const key = side === 'before' ? 'ArrowDown' : 'ArrowUp';
    const words = side === 'before' ? block.before : block.after;
    if (words === null) throw new Error(`${what}: no text ${side} it`);
    await caretIn(words, side === 'before' ? 'End' : 'Home');
    await expect.poll(() => where(block)).toBe(side);
    const reached = await arrow(key, what);
    expect(await where(block), `${what}: ${key} from the text ${side} it selects it (${reached})`).toBe('in');
  }

  /** From in `block`, the arrows take the caret on through it to the text on `side` (never stopping). */
  async function through(block: PlacedBlock, side: 'before' | 'after', what: string) {
    const key = side === 'after' ? 'ArrowDown' : 'ArrowUp';
    let now = await where(block);
    for (let press = 0; press < MOST_PRESSES && now !== side; press += 1) {
      const reached = await arrow(key, what);
      now = await where(block);
      expect(now, `${what}: ${key} inside it (${reached})`).not.toBe('gap');
    }
    expect(now, `${what}: ${key} through it`).toBe(side);
  }

  /** The focused control: whether it is on the block toolbar, its index on the toolbar's line and their count, whether it opens a menu or keeps the arrows, its name. */
  const focused = () => app.page.evaluate(({ toolbar, openers, keeps }) => {
    const active = (document.activeElement ?? document.body) as HTMLElement;
    const bar = active.closest(toolbar);
    const line = bar ? [...bar.querySelectorAll<HTMLElement>('button, input, select, summary')].filter((control) => !control.closest('.menu-popover, .colour-menu-panel') && control.getClientRects().length > 0) : [];
    return {
      onToolbar: bar !== null, at: line.indexOf(active), count: line.length, opener: bar !== null && active.matches(openers), keepsArrows: active.matches(keeps),
      name: `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}"`,
    };
  }, { toolbar: TOOLBAR, openers: OPENERS, keeps: KEEPS_ARROWS });

  /** Marks the focused control, to know it again (the toolbar may fold or unfold its settings around it meanwhile). */
  const markFocused = () => app.page.evaluate(() => document.activeElement?.setAttribute('data-opener-under-test', ''));
  const unmark = () => app.page.evaluate(() => document.querySelector('[data-opener-under-test]')?.removeAttribute('data-opener-under-test'));
  /** Whether the marked control has the keyboard, and whether its menu or popover is open. */
  const markedState = () => app.page.evaluate(() => {
    const control = document.querySelector('[data-opener-under-test]');
    const open = control?.matches('summary') ? (control.parentElement as HTMLDetailsElement).open : control?.getAttribute('aria-expanded') === 'true';
    return { focused: control !== null && control === document.activeElement, open };
  });
  const textFocused = () => app.page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Content');

  /** The menu of the focused control opened with `key` and closed with Escape, the keyboard back on its control. */
  async function openAndClose(key: string, what: string, name: string) {
    await app.page.keyboard.press(key);
    await expect.poll(async () => (await markedState()).open, { message: `${what}: ${name} opened by ${key}` }).toBe(true);
    await app.page.keyboard.press('Escape');
    await expect.poll(markedState, { message: `${what}: ${name} closed by Escape (opened by ${key}), the keyboard back on it` }).toEqual({ focused: true, open: false });
  }

  /**
   * Alt+F10 to the toolbar of the block selected, then (with `walk`) along it with the arrows, each
   * menu opened with each of `keys` and closed with Escape; Escape back to the text, the selection
   * as it was. The names of the menus opened.
   */
  async function toolbar(what: string, walk: { keys: readonly string[] } | null): Promise<string[]> {
    const selected = await selection();
    await app.page.keyboard.press('Alt+F10');
    // What a poll saw is the state used after it, not read again.
    let control!: Awaited<ReturnType<typeof focused>>;
    await expect.poll(async () => (control = await focused()).onToolbar, { message: `${what}: Alt+F10 reaches its toolbar (selection ${selected})` }).toBe(true);
    const opened: string[] = [];
    for (let stop = 0; walk && stop < MOST_STOPS; stop += 1) {
      if (!control.onToolbar) break;
      if (control.opener) {
        await markFocused();
        for (const key of walk.keys) await openAndClose(key, what, control.name);
        await unmark();
        opened.push(control.name);
      }
      if (control.at === control.count - 1) break;
      // The arrows along the toolbar; Tab on from a field that keeps them.
      await app.page.keyboard.press(control.keepsArrows ? 'Tab' : 'ArrowRight');
      const left = control;
      let next = left;
      await expect.poll(async () => (next = await focused()).at, { message: `${what}: the keyboard moves on from ${left.name}` }).not.toBe(left.at);
      control = next;
    }
    await app.page.keyboard.press('Escape');
    await expect.poll(textFocused, { message: `${what}: Escape from its toolbar back to the text` }).toBe(true);
    expect(await selection(), `${what}: the block selected as it was`).toBe(selected);
    return opened;
  }

  return { placed, indexOf, lastBlock, reach, through, toolbar, focused };
}
