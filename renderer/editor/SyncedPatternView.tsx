// A synced pattern where a post refers to it (`core/block`): its blocks as every post that uses
// it shows them, framed and named, with "Detach" (its blocks become this post's own). A reference
// the site does not hold, or that the writer may not read, says so in a sentence.
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useClient } from '../api/client-context.tsx';
import { shownKeptHtml } from '../blocks/kept-markup.ts';
import { detachPattern, readPattern, unreadablePattern } from './synced-patterns.ts';

interface Props {
  id: number;
  selected: boolean;
  editor: Editor;
  getPos: () => number | undefined;
}

export function SyncedPatternView({ id, selected, editor, getPos }: Props) {
  const client = useClient();
  const pattern = useQuery({ queryKey: ['synced-pattern', client.apiRoot, id], retry: false, queryFn: () => readPattern(client, id) });
  if (!pattern.data) {
    return <p className="muted">{pattern.error ? unreadablePattern(id, pattern.error) : 'Asking the site…'}</p>;
  }
  const { title, content } = pattern.data;
  const detach = () => {
    const position = getPos();
    if (position !== undefined) detachPattern(editor, position, content);
  };
  return (
    <div className="synced-pattern" data-synced-pattern={id}>
      <div className="synced-pattern-title">
        <strong>{title || `Synced pattern #${id}`}</strong> <span className="muted">Synced pattern: every post that uses it shows it so.</span>
        {selected && <button type="button" onClick={detach}>Detach</button>}
      </div>
      <div className="synced-pattern-blocks" inert dangerouslySetInnerHTML={{ __html: shownKeptHtml(content) }} />
    </div>
  );
}
