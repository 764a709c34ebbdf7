// Drop zone and file picker for several files at once; each file uploads with its own
// progress bar and its own outcome, in plain words, in an order the library keeps.
import { useRef, useState, type DragEvent } from 'react';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { describeError } from '../components/ErrorNotice.tsx';
import { uploadFile } from './upload.ts';

interface Upload {
  key: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** `accept`: the kinds of file the file chooser offers (as an input's `accept`); any when left out. */
export function UploadQueue({ onUploaded, accept }: { onUploaded(item: MediaItem): void; accept?: string }) {
  const client = useClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const update = (key: number, changes: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)));

  const uploadOne = (key: number, file: File) =>
    uploadFile(client, file, (progress) => update(key, { progress })).then(
      (item) => {
        update(key, { progress: 1, state: 'done' });
        onUploaded(item);
      },
      (error: unknown) => update(key, { state: 'failed', error: describeError(error) }),
    );

  /**
   * The library shows the newest first: files picked or dropped together reach the site one
   * at a time, the last picked first, so the group stands at the top in the order it was
   * picked, the same after a reload (uploads side by side would land in the order they finish).
   * A later group waits for the one before, so it stands above it whole.
   */
  const start = (files: FileList) => {
    const picked = Array.from(files, (file) => ({ key: nextKey.current++, file }));
    setUploads((current) => [...current, ...picked.map(({ key, file }) => ({ key, name: file.name, progress: 0, state: 'uploading' as const }))]);
    for (const { key, file } of picked.reverse()) queue.current = queue.current.then(() => uploadOne(key, file));
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files);
  };

  return (
    <div>
      <div
        className={dragging ? 'dropzone active' : 'dropzone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        // Moving over the zone's own children is not leaving it.
        onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setDragging(false)}
        onDrop={drop}
      >
        <p>Drop files here to upload them, or</p>
        <label className="inline-field">
          Upload files
          <input
            type="file"
            multiple
            accept={accept}
            onChange={(event) => {
              if (event.target.files) start(event.target.files);
              event.target.value = ''; // so choosing the same file again uploads it again
            }}
          />
        </label>
      </div>
      {uploads.length > 0 && (
        <>
          <ul className="uploads" aria-label="Uploads">
            {uploads.map((upload) => (
              <li key={upload.key}>
                <span className="upload-name">{upload.name}</span>
                {upload.state === 'uploading' && <progress max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />}
                {upload.state === 'done' && <span className="upload-done">Uploaded</span>}
                {upload.state === 'failed' && <span className="upload-failed" role="alert">{upload.error}</span>}
              </li>
            ))}
          </ul>
          <button type="button" className="link" disabled={uploads.every((upload) => upload.state === 'uploading')} onClick={() => setUploads((current) => current.filter((upload) => upload.state === 'uploading'))}>
            Clear finished
          </button>
        </>
      )}
    </div>
  );
}
