// A button's link while the caret is in a button's text: where it goes, changed or removed in
// place with the same address field as links in the text.
import { useEditorState, type Editor } from '@tiptap/react';
import { useState } from 'react';
import { buttonHref, withButtonHref } from '../blocks/button-link.ts';
import { BUTTON } from '../blocks/buttons-block.ts';
import { linkAddress } from './link-address.ts';
import { UrlField } from './UrlField.tsx';
import { chainInText } from './focus-text.ts';

/** The position and opening tag of the button text the caret is in, or null. */
function buttonPart(editor: Editor): { position: number; open: string } | null {
  const { $from } = editor.state.selection;
  const part = $from.parent;
  if (part.type.name !== 'richPart' || $from.depth < 2 || $from.node($from.depth - 1).attrs.name !== BUTTON) return null;
  return { position: $from.before(), open: String(part.attrs.open) };
}

export function ButtonControls({ editor }: { editor: Editor }) {
  const [asking, setAsking] = useState(false);
  const open = useEditorState({ editor, selector: ({ editor: current }) => buttonPart(current)?.open ?? null });
  if (open === null || !open.startsWith('<a')) return null;
  const href = buttonHref(open);
  const apply = (typed: string) => {
    const part = buttonPart(editor);
    setAsking(false);
    if (part) chainInText(editor).command(({ tr }) => Boolean(tr.setNodeAttribute(part.position, 'open', withButtonHref(part.open, linkAddress(typed))))).run();
  };
  return (
    <>
      <div className="toolbar link-bar" role="group" aria-label="Button link">
        <span className="muted">Button links to</span> <span className="link-bar-address">{href || 'nowhere yet'}</span>
        <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => setAsking(true)}>{href ? 'Edit link' : 'Add link'}</button>
        {href && <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => apply('')}>Remove link</button>}
      </div>
      {asking && <UrlField label="Button link address" applyLabel="Apply link" initial={href} suggest onApply={apply} onCancel={() => setAsking(false)} />}
    </>
  );
}
