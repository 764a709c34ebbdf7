// Choosing a file from the library (an image to insert, a featured image, the new media of a
// block), or uploading one from this computer first: uploaded files join the list to choose
// from. The library and the upload offer only the kinds the block takes (a cover's: an image or a
// video), as the block editor's MediaUpload `allowedTypes` does; a file of another kind that still arrives (dropped on the
// upload zone) is named in plain words rather than taken.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../shared/site-types.ts';
import type { MediaKind } from '../blocks/block-definition.ts';
import { Dialog } from '../components/Dialog.tsx';
import { MediaBrowser } from './MediaBrowser.tsx';
import { fileNameOf } from './media-item.ts';
import { UploadQueue } from './UploadQueue.tsx';

interface Props {
  onPick(item: MediaItem): void;
  onClose(): void;
  /** The kind of file to choose, or the kinds: an image unless told ('file' takes any file). */
  kind?: MediaKind | readonly MediaKind[];
  /** The closing button's name: 'Done' while picking several (a gallery's images). */
  closeLabel?: string;
  /** Where the keyboard goes when it closes (the Dialog's). */
  returnFocus?(): void;
}

/** Each kind of file in a writer's words. */
export const KIND_NAME: Readonly<Record<MediaKind, string>> = { image: 'an image', video: 'a video', audio: 'an audio file', file: 'a file' };

/** What a file is, in a writer's words, from its MIME type. */
const kindOf = (mime: string): string => KIND_NAME[(['image', 'video', 'audio'] as const).find((kind) => mime.startsWith(`${kind}/`)) ?? 'file'];

export function MediaPicker({ onPick, onClose, kind = 'image', closeLabel = 'Cancel', returnFocus }: Props) {
  const queries = useQueryClient();
  const [refused, setRefused] = useState<string | null>(null);
  const kinds: readonly MediaKind[] = typeof kind === 'string' ? [kind] : kind;
  const anyFile = kinds.includes('file');
  const named = kinds.map((each) => KIND_NAME[each]).join(' or ');
  const fits = (item: MediaItem) => anyFile || kinds.some((each) => item.mime_type.startsWith(`${each}/`));
  const refuse = (item: MediaItem) => setRefused(`“${fileNameOf(item)}” is ${kindOf(item.mime_type)}, and only ${named} can go here. It is in the media library; choose or upload ${named}.`);
  return (
    <Dialog title={`Choose ${named}`} onClose={onClose} returnFocus={returnFocus}>
      <UploadQueue
        accept={anyFile ? undefined : kinds.map((each) => `${each}/*`).join(',')}
        onUploaded={(item) => {
          void queries.invalidateQueries({ queryKey: ['media'] });
          if (fits(item)) setRefused(null);
          else refuse(item);
        }}
      />
      {refused && <p className="notice notice-error" role="alert">{refused}</p>}
      <MediaBrowser mediaType={anyFile ? undefined : kinds.filter((each): each is 'image' | 'video' | 'audio' => each !== 'file')} onSelect={(item) => (fits(item) ? onPick(item) : refuse(item))} />
      <div className="toolbar">
        <button type="button" onClick={onClose}>{closeLabel}</button>
      </div>
    </Dialog>
  );
}
