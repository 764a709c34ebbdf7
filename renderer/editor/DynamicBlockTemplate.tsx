// A query loop's post template while writing: what each item shows (above the preview), and,
// when the query loop is selected, its blocks to move, remove and set, and a part to add, beside
// the loop's settings (renderer/blocks/query-template.ts).
import { useState } from 'react';
import { DYNAMIC_BLOCKS, partTitle, queryTemplateParts } from '../blocks/dynamic-blocks.ts';
import { TEMPLATE_PARTS, setTemplateBlock, templateBlocks, withFirstTemplate, withTemplateBlocks, type TemplateBlock } from '../blocks/query-template.ts';
import { DynamicBlockSettings } from './DynamicBlockSettings.tsx';

interface Props {
  /** The query's inner markup as held (null: none). */
  inner: string | null;
  onChange(inner: string): void;
}

/** Whether the writer can set this block of the template here. */
const hasSettings = (block: TemplateBlock) => block.settable && DYNAMIC_BLOCKS[block.name].settings.length > 0;

/** What each item shows, in words. */
export function QueryTemplateSummary({ inner }: { inner: string | null }) {
  return <div className="dynamic-block-template muted">{summary(inner)}</div>;
}

function summary(inner: string | null): string {
  const parts = queryTemplateParts(inner);
  return parts === null ? 'It has no post template: the site shows no items.' : parts.length === 0 ? 'Its post template is empty: each item shows nothing.' : `Each item shows: ${parts.join(', ')}.`;
}

export function DynamicBlockTemplate({ inner, onChange }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const blocks = templateBlocks(inner);
  if (!blocks) {
    // Holding nothing, it offers what the block editor's placeholder offers to start from nothing.
    const started = withFirstTemplate(inner);
    return started === null ? null : (
      <div className="query-template" role="group" aria-label="Each item of the query loop">
        <button type="button" onClick={() => onChange(started)}>Start blank: each item's title and date</button>
      </div>
    );
  }
  const write = (next: TemplateBlock[]) => onChange(withTemplateBlocks(inner, next));
  const move = (from: number, to: number) => {
    const next = [...blocks];
    next.splice(to, 0, ...next.splice(from, 1));
    write(next);
    setOpen(open === from ? to : open);
  };
  return (
    <div className="query-template" role="group" aria-label="Each item of the query loop">
      <ol className="query-template-parts">
        {blocks.map((block, index) => (
          <li key={`${index}-${block.name}`}>
            <span className="query-template-part">{partTitle(block.name)}</span>
            {hasSettings(block) && (
              <button type="button" aria-expanded={open === index} onClick={() => setOpen(open === index ? null : index)} aria-label={`${partTitle(block.name)} settings`}>Settings</button>
            )}
            <button type="button" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${partTitle(block.name)} up`}>↑</button>
            <button type="button" disabled={index === blocks.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${partTitle(block.name)} down`}>↓</button>
            <button type="button" onClick={() => { setOpen(null); write(blocks.filter((_, other) => other !== index)); }} aria-label={`Remove ${partTitle(block.name)}`}>Remove</button>
            {open === index && hasSettings(block) && (
              <DynamicBlockSettings name={block.name} attributes={block.attributes} onChange={(attributes) => write(blocks.map((other, at) => (at === index ? setTemplateBlock(block.name, attributes) : other)))} />
            )}
          </li>
        ))}
      </ol>
      <label className="dynamic-setting">
        Add to each item{' '}
        <select value="" onChange={(event) => event.target.value && write([...blocks, setTemplateBlock(event.target.value, {})])}>
          <option value="">Choose…</option>
          {TEMPLATE_PARTS.map(({ name, title }) => (
            <option key={name} value={name}>{title}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
