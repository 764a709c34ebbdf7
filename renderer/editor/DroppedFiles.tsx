// Files dropped on the post from the desktop, or pasted (a screenshot): each uploads to the media
// library with its own progress, and a file that fails says why in words (and what to do) while
// the others go on; when the last has finished, those uploaded become blocks where they landed
// (dropped-files.ts). The place is carried through the writer's edits meanwhile.
import { useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { describeError } from '../components/error-words.ts';
import { uploadFile } from '../media/upload.ts';
import { placeDroppedFiles } from './dropped-files.ts';
import { fillPlaceholder } from './placeholder-fill.ts';
import { FILES_ADDED, type FilesAdded } from './file-drop.ts';
import { focusText } from './focus-text.ts';

interface DroppedFile {
  key: number;
  name: string;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  problem?: string;
}

export function DroppedFiles({ editor }: { editor: Editor }) {
  const client = useClient();
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const nextKey = useRef(1);
  // The places of drops still uploading, moved along by every change to the document.
  const places = useRef(new Map<number, number>());

  useEffect(() => {
    const follow = ({ transaction }: { transaction: { mapping: { map(position: number): number } } }) => {
      for (const [drop, position] of places.current) places.current.set(drop, transaction.mapping.map(position));
    };
    editor.on('transaction', follow);
    return () => { editor.off('transaction', follow); };
  }, [editor]);

  useEffect(() => {
    const update = (key: number, changes: Partial<DroppedFile>) => setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...changes } : file)));
    const onDrop = (event: Event) => {
      const { files: dropped, position } = (event as CustomEvent<FilesAdded>).detail;
      const drop = nextKey.current++;
      places.current.set(drop, position);
      const entries = dropped.map((file) => ({ file, key: nextKey.current++ }));
      setFiles((current) => [...current, ...entries.map(({ file, key }): DroppedFile => ({ key, name: file.name, progress: 0, state: 'waiting' }))]);
      void (async () => {
        const uploaded: MediaItem[] = [];
        // One at a time, in the order dropped: the gallery and the library keep that order.
        for (const { file, key } of entries) {
          update(key, { state: 'uploading' });
          try {
            uploaded.push(await uploadFile(client, file, (progress) => update(key, { progress })));
            update(key, { state: 'done', progress: 1 });
          } catch (error) {
            update(key, { state: 'failed', problem: describeError(error) });
          }
        }
        const place = places.current.get(drop) ?? position;
        places.current.delete(drop);
        // On a media block's placeholder, the files make that block; elsewhere, each the block of its kind.
        const filled = !editor.isDestroyed && fillPlaceholder(editor, place, uploaded);
        const placed = editor.isDestroyed || filled ? null : placeDroppedFiles(editor.state, place, uploaded);
        if (filled) focusText(editor);
        if (placed) {
          editor.view.dispatch(placed);
          focusText(editor);
        }
        // What went in needs no more words; a failure stays until the writer has read it.
        setFiles((current) => current.filter((file) => !(file.state === 'done' && entries.some((entry) => entry.key === file.key))));
      })();
    };
    const element = editor.view.dom;
    element.addEventListener(FILES_ADDED, onDrop);
    return () => element.removeEventListener(FILES_ADDED, onDrop);
  }, [editor, client]);

  if (files.length === 0) return null;
  const failed = files.filter((file) => file.state === 'failed');
  return (
    <section className={failed.length > 0 ? 'notice notice-error dropped-images' : 'notice dropped-images'} aria-label="Dropped files">
      <ul className="uploads">
        {files.map((file) => (
          <li key={file.key}>
            <span className="upload-name">{file.name}</span>
            {file.state === 'waiting' && <span className="muted">Waiting to upload…</span>}
            {file.state === 'uploading' && <progress max={1} value={file.progress} aria-label={`Uploading ${file.name}`} />}
            {file.state === 'done' && <span className="upload-done">Uploaded</span>}
            {file.state === 'failed' && <span className="upload-failed" role="alert">{file.problem}</span>}
          </li>
        ))}
      </ul>
      {failed.length > 0 && failed.length === files.length && (
        <button type="button" className="link" onClick={() => setFiles([])}>Dismiss</button>
      )}
    </section>
  );
}
