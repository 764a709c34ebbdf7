// The kinds of block a writer moves and the kinds of block holding blocks, as the block editor
// makes them (its own createBlock), for the tests of the document overview that generate a case
// for each (tests/unit/list-view-moves.test.ts, tests/unit/list-view-places.test.ts).
import { blockEditor, type WpBlock } from './block-editor.ts';

const wp = () => blockEditor();

export const words = (text: string) => wp().createBlock('core/paragraph', { content: text });
export const image = (alt: string) => wp().createBlock('core/image', { id: 1, url: 'https://example.com/a.jpg', alt });

/** A kind of block a writer moves, as the block editor makes it. */
export const KINDS: Readonly<Record<string, () => WpBlock>> = {
  paragraph: () => words('Moved words'),
  heading: () => wp().createBlock('core/heading', { level: 2, content: 'Moved heading' }),
  list: () => wp().createBlock('core/list', {}, [item('Moved item')]),
  'list item': () => item('Moved item'),
  quote: () => wp().createBlock('core/quote', {}, [words('Moved quote')]),
  image: () => image('Moved image'),
  gallery: () => wp().createBlock('core/gallery', { linkTo: 'none' }, [image('Moved one'), image('Moved two')]),
  group: () => wp().createBlock('core/group', { layout: { type: 'constrained' } }, [words('Moved group')]),
  columns: () => wp().createBlock('core/columns', {}, [wp().createBlock('core/column', {}, [words('Moved columns')])]),
  column: () => wp().createBlock('core/column', {}, [words('Moved column')]),
  buttons: () => wp().createBlock('core/buttons', {}, [button('Moved buttons')]),
  button: () => button('Moved button'),
  details: () => wp().createBlock('core/details', { summary: 'Moved details' }, [words('Moved inside')]),
  separator: () => wp().createBlock('core/separator'),
  code: () => wp().createBlock('core/code', { content: 'moved()' }),
  preformatted: () => wp().createBlock('core/preformatted', { content: 'Moved text' }),
};

export function item(text: string, inner: WpBlock[] = []): WpBlock {
  return wp().createBlock('core/list-item', { content: text }, inner);
}
export function button(text: string): WpBlock {
  return wp().createBlock('core/button', { text });
}

/** Each kind of block holding blocks, made holding the blocks given (its usual ones when none). */
export const CONTAINERS: Readonly<Record<string, (inner?: WpBlock[]) => WpBlock>> = {
  group: (inner = [words('Held')]) => wp().createBlock('core/group', { layout: { type: 'constrained' } }, inner),
  columns: (inner = [wp().createBlock('core/column', {}, [words('Held')])]) => wp().createBlock('core/columns', {}, inner),
  column: (inner = [words('Held')]) => wp().createBlock('core/column', {}, inner),
  quote: (inner = [words('Held')]) => wp().createBlock('core/quote', {}, inner),
  details: (inner = [words('Held')]) => wp().createBlock('core/details', { summary: 'Ask' }, inner),
  buttons: (inner = [button('Held')]) => wp().createBlock('core/buttons', {}, inner),
  list: (inner = [item('Held')]) => wp().createBlock('core/list', {}, inner),
  'list item': (inner = [wp().createBlock('core/list', {}, [item('Nested')])]) => item('Held', inner),
  gallery: (inner = [image('Held')]) => wp().createBlock('core/gallery', { linkTo: 'none' }, inner),
  cover: (inner = [words('Held')]) => wp().createBlock('core/cover', { url: 'https://example.com/a.jpg', id: 1, dimRatio: 50 }, inner),
};

/** Where a container stands: a column in columns, a list item in a list; others at the top level. */
export const PLACED: Readonly<Record<string, (container: WpBlock) => WpBlock>> = {
  column: (column) => wp().createBlock('core/columns', {}, [column]),
  'list item': (listItem) => wp().createBlock('core/list', {}, [listItem]),
};
export const placed = (kind: string, container: WpBlock) => PLACED[kind]?.(container) ?? container;

