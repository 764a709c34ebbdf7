// "Create synced pattern" (the block toolbar's Options): the selected blocks become a synced pattern
// of the site under the name given, and a reference to it stands where they were (synced-patterns.ts).
import { useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../components/Dialog.tsx';
import { describeError } from '../components/ErrorNotice.tsx';
import { useClient } from '../api/client-context.tsx';
import { createPattern, patternBlocks } from './synced-patterns.ts';
import { focusText } from './focus-text.ts';
import { usePatternRefs } from './usePatternId.ts';

export function CreatePatternDialog({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const client = useClient();
  const queries = useQueryClient();
  // In a connected site's copy, the new pattern goes in under the copy's own reference to it.
  const refOf = usePatternRefs();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blocks = patternBlocks(editor.state);
    if (!blocks || name.trim() === '') return;
    setBusy(true);
    try {
      await createPattern(client, editor, name.trim(), blocks.markup, blocks, refOf);
      // The inserter lists it from now on.
      void queries.invalidateQueries({ queryKey: ['synced-patterns'] });
      onClose();
    } catch (caught) {
      // Nothing changed in the post: the blocks stay as they were.
      setError(caught);
      setBusy(false);
    }
  };
  return (
    <Dialog title="Create synced pattern" onClose={onClose} returnFocus={() => focusText(editor)}>
      <form onSubmit={submit}>
        <p className="muted">The selected blocks become a pattern of the site that other posts can use; edits to it change every post that uses it.</p>
        <label>Name <input autoFocus value={name} onChange={(event) => setName(event.target.value)} /></label>
        {error !== null && <p role="alert">The pattern was not created: {describeError(error)} Your blocks are as they were.</p>}
        <div className="toolbar">
          <button type="submit" disabled={busy || name.trim() === ''}>Create</button>
          <button type="button" onClick={onClose}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
