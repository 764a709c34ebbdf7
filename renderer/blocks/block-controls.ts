// The buttons a defined block shows on itself (an accordion's Add item, a tab's Remove), as
// widgets beside its content: a press runs a change on the editor's state, the caret left in place.
// Every control of the editor's own inside a block's box (a button, a field, a bar of settings, a
// placeholder) carries BLOCK_CONTROL: styles.css draws it in the editor's colours, so that a block's
// text colour colours the writer's words, not the editor's controls.
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** The class of every control of the editor's own inside a block's box. */
export const BLOCK_CONTROL = 'in-block-control';

/** `element`, marked as a control of the editor's own (BLOCK_CONTROL). */
export function asBlockControl<T extends Element>(element: T): T {
  element.classList.add(BLOCK_CONTROL);
  return element;
}

export function controlButton(label: string, run: () => void, pressed?: boolean): HTMLButtonElement {
  const element = asBlockControl(document.createElement('button'));
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
