// Drop zone and file picker; each file uploads with its own progress bar and outcome.
import { useState, type DragEvent } from 'react';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { describeError } from '../components/ErrorNotice.tsx';
import { uploadFile } from './upload.ts';

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

let nextKey = 1;

export function UploadQueue({ onUploaded }: { onUploaded(item: MediaItem): void }) {
  const client = useClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const update = (key: number, changes: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)));

  const start = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = nextKey++;
      setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
      uploadFile(client, file, (progress) => update(key, { progress })).then(
        (item) => {
          update(key, { progress: 1, done: true });
          onUploaded(item);
        },
        (error: unknown) => update(key, { error: describeError(error) }),
      );
    }
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
        onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drop files here to upload, or</p>
        <label>
          Upload files <input type="file" multiple aria-label="Upload files" onChange={(event) => { if (event.target.files) start(event.target.files); event.target.value = ''; }} />
        </label>
      </div>
      {uploads.length > 0 && (
        <ul className="uploads" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key}>
              <span>{upload.name}</span>{' '}
              {upload.error ? <span className="notice-error" role="alert">{upload.error}</span> : upload.done ? <span>Uploaded</span> : null}
              {!upload.error && !upload.done && <progress max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
