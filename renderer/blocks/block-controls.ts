// The buttons a defined block shows on itself (an accordion's Add item, a tab's Remove), as
// widgets beside its content: a press runs a change on the editor's state, the caret left in place.
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

export function controlButton(label: string, run: () => void, pressed?: boolean): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  if (pressed !== undefined) element.setAttribute('aria-pressed', String(pressed));
  // The caret stays where it is in the text.
  element.addEventListener('mousedown', (event) => event.preventDefault());
  element.addEventListener('click', run);
  return element;
}

/** A press that makes its change from the state as it is then (none when the change does not apply). */
export const runOnClick = (view: EditorView, make: (state: EditorState) => Transaction | null) => () => {
  const tr = make(view.state);
  if (tr) view.dispatch(tr);
};

/** Whether a node is the block container (blockContainer) of the block named `name`, the part a button acts on. */
export const isContainer = (node: PmNode | null | undefined, name: string): node is PmNode => node?.type.name === 'blockContainer' && node.attrs.name === name;
