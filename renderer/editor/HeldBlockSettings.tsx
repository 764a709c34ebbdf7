// The blocks a selected dynamic block holds (a menu's links, the comments' title, template and
// pagination, a pagination's links), each with its settings, set one by one beside the block's
// own settings (renderer/blocks/held-blocks.ts); a query loop's post template parts are set by
// its template's editor (DynamicBlockTemplate.tsx).
import { useState } from 'react';
import { DYNAMIC_BLOCKS, partTitle } from '../blocks/dynamic-blocks.ts';
import { heldBlocks, withHeldBlockSet } from '../blocks/held-blocks.ts';
import { DynamicBlockSettings } from './DynamicBlockSettings.tsx';

interface Props {
  /** The holder's block name and its inner markup as held. */
  name: string;
  inner: string;
  onChange(inner: string): void;
}

export function HeldBlockSettings({ name, inner, onChange }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const blocks = heldBlocks(name, inner);
  if (!blocks.some((block) => block.settable)) return null;
  return (
    <div className="held-blocks" role="group" aria-label={`The blocks ${DYNAMIC_BLOCKS[name]?.title ?? name} holds`}>
      <ol className="held-blocks-list">
        {blocks.map((block, index) => (
          <li key={`${index}-${block.name}`} style={{ marginLeft: `${block.depth * 1.25}rem` }}>
            <span className="held-block-name">{partTitle(block.name)}</span>
            {block.settable && (
              <button type="button" aria-expanded={open === index} onClick={() => setOpen(open === index ? null : index)} aria-label={`${partTitle(block.name)} settings`}>Settings</button>
            )}
            {open === index && block.settable && <DynamicBlockSettings name={block.name} attributes={block.attributes} onChange={(attributes) => onChange(withHeldBlockSet(inner, block, attributes))} />}
          </li>
        ))}
      </ol>
    </div>
  );
}
