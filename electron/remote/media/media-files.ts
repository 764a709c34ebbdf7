// A media item's files on both sides, paired: the full size with the full size, each
// sub-size with the remote's size of the same name, and what has no counterpart with the
// other side's full size (a size one site makes and the other does not).
import path from 'node:path';
import type { LocalMedia } from '../../../server/local-copy/index.ts';
import type { MediaFilePair } from '../store/media-map.ts';

export interface RemoteMedia {
  id: number;
  source_url: string;
  mime_type?: string;
  alt_text?: string;
  title?: { raw?: string; rendered?: string };
  media_details?: { sizes?: Record<string, { source_url: string }> };
}

/** Every file of a local media item, relative to the uploads folder. */
export function localFiles({ files: media }: LocalMedia): Set<string> {
  const dir = path.posix.dirname(media.file);
  const sizes = (JSON.parse(media.details) as { sizes?: Record<string, { file: string }> }).sizes ?? {};
  return new Set([media.file, media.original_file, ...Object.values(sizes).map((size) => `${dir}/${size.file}`)]);
}

export function filePairs({ files: local }: LocalMedia, remote: RemoteMedia): MediaFilePair[] {
  const dir = path.posix.dirname(local.file);
  const localSizes = (JSON.parse(local.details) as { sizes?: Record<string, { file: string }> }).sizes ?? {};
  const remoteSizes = remote.media_details?.sizes ?? {};
  const pairs: MediaFilePair[] = [{ localPath: local.file, remoteUrl: remote.source_url }];
  for (const [name, size] of Object.entries(localSizes)) {
    pairs.push({ localPath: `${dir}/${size.file}`, remoteUrl: remoteSizes[name]?.source_url ?? remote.source_url });
  }
  for (const [name, size] of Object.entries(remoteSizes)) {
    if (!localSizes[name]) pairs.push({ localPath: local.file, remoteUrl: size.source_url });
  }
  if (local.original_file !== local.file) pairs.push({ localPath: local.original_file, remoteUrl: remote.source_url });
  return pairs;
}
