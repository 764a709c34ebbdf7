// An image in the post, with its controls in place when it is selected: alt text, caption and
// alignment, changed as the writer types (each change undoable). The caption is rich text held as HTML:
// it is shown and edited as its words, and left as written until the writer changes it.
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { escapeText } from '../blocks/inline-html.ts';
import { htmlText } from '../blocks/kept-attributes.ts';

const ALIGNMENTS: readonly [string, string][] = [['', 'None'], ['left', 'Left'], ['center', 'Centre'], ['right', 'Right'], ['wide', 'Wide'], ['full', 'Full width']];

export function ImageControls({ node, selected, updateAttributes }: ReactNodeViewProps) {
  const alt = String(node.attrs.alt ?? '');
  const caption = String(node.attrs.caption ?? '');
  const captionText = htmlText(caption);
  return (
    <NodeViewWrapper className={selected ? 'post-image selected' : 'post-image'} data-align={String(node.attrs.align ?? '')} data-drag-handle="">
      <img src={String(node.attrs.src ?? '')} alt={alt} draggable={false} />
      {/* Shown while the controls are open too: words in a field are not on the page. */}
      {captionText && <p className="post-image-caption">{captionText}</p>}
      {selected && (
        // The editor leaves events inside a node view's fields to them (its stopEvent), so keys typed here are the form's.
        <div className="post-image-controls" contentEditable={false}>
          <label>
            Alt text
            <input type="text" value={alt} placeholder="Describe the image for people who cannot see it" onChange={(event) => updateAttributes({ alt: event.target.value })} />
          </label>
          <label>
            Caption
            <input type="text" value={captionText} onChange={(event) => updateAttributes({ caption: escapeText(event.target.value) })} />
          </label>
          <label>
            Alignment
            <select value={String(node.attrs.align ?? '')} onChange={(event) => updateAttributes({ align: event.target.value })}>
              {ALIGNMENTS.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
            </select>
          </label>
        </div>
      )}
    </NodeViewWrapper>
  );
}
