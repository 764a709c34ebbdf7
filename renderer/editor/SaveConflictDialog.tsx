// A save found the item changed elsewhere since it was opened (412): both versions side by
// side with a word diff, and nothing is written until the writer chooses.
import type { SaveConflict } from './post-saver.ts';
import { WordDiff } from '../components/WordDiff.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { readableVersion, type TextVersion } from './text-version.ts';
import { statusName } from '../posts/status-name.ts';
import { formatInstant, useSiteZone } from '../components/site-dates.ts';

interface Props {
  conflict: SaveConflict;
  mine: TextVersion;
  noun: string;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onClose(): void;
}

export function SaveConflictDialog({ conflict, mine, noun, onKeepMine, onTakeTheirs, onClose }: Props) {
  const { theirs } = conflict;
  const zone = useSiteZone();
  const theirsText = { title: theirs.title.raw ?? '', content: theirs.content.raw ?? '', excerpt: theirs.excerpt.raw ?? '' };
  return (
    <Dialog title="Changed elsewhere" subtitle={mine.title || theirsText.title} onClose={onClose}>
      <p>
        This {noun} was changed somewhere else (by a sync, another window or another person) after you opened it:
        now {statusName(theirs.status)}, saved {formatInstant(theirs.modified_gmt, zone)}. Nothing was overwritten.
        Choose which version to keep.
      </p>
      <WordDiff before={readableVersion(mine)} after={readableVersion(theirsText)} beforeLabel="Your version" afterLabel="The other version" compare="versions" />
      <div className="toolbar">
        <button type="button" className="primary" onClick={onKeepMine}>Keep my version</button>
        <button type="button" onClick={onTakeTheirs}>Use the other version</button>
        <button type="button" onClick={onClose}>Decide later</button>
      </div>
    </Dialog>
  );
}
