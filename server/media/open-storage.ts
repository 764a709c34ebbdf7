// Which backend keeps the library's files, as chosen at start: `--media-dir DIR` (a folder
// several instances share), `--media s3://bucket?endpoint=…&region=…`, or neither: the data
// directory's `uploads/` folder, today's and the desktop's only one.
import { FolderMediaStorage } from './folder-storage.ts';
import { S3MediaStorage, parseS3Address } from './s3-storage.ts';
import { uploadsRoot } from './upload-dir.ts';
import type { MediaStorage } from './storage.ts';

export interface MediaChoice {
  /** A folder shared by every instance (a network file system's mount). */
  mediaDir?: string;
  /** `s3://bucket[/prefix]?endpoint=…&region=…`; credentials from the AWS environment. */
  media?: string;
}

export function openMediaStorage(dataDir: string, choice: MediaChoice): MediaStorage {
  if (choice.mediaDir !== undefined && choice.media !== undefined) throw new Error('Choose one of --media-dir and --media.');
  if (choice.media !== undefined) return new S3MediaStorage(parseS3Address(choice.media));
  if (choice.mediaDir !== undefined) return new FolderMediaStorage(choice.mediaDir, true);
  return new FolderMediaStorage(uploadsRoot(dataDir), false);
}
