// The offer of text that never became the saved version (an autosave on the site, or words
// kept on this computer), with a preview of what restoring would change.
import { WordDiff } from '../components/WordDiff.tsx';
import type { RestoreOffer } from './useItem.ts';
import { readableVersion, type TextVersion } from './text-version.ts';
import { formatInstant, useSiteZone } from '../components/site-dates.ts';

interface Props {
  offer: RestoreOffer;
  current: TextVersion;
  noun: string;
  onRestore(): void;
  onDiscard(): void;
}

export function RestoreNotice({ offer, current, noun, onRestore, onDiscard }: Props) {
  const zone = useSiteZone();
  const where = offer.source === 'journal'
    ? `Text typed on this computer that the site never received (kept ${formatInstant(offer.at, zone)}).`
    : `There is an autosave of this ${noun} newer than the saved version (${formatInstant(offer.at, zone)}).`;
  return (
    <div className="notice restore-offer" role="alert">
      <div>
        <span>{where}</span>
        <details>
          <summary>Show what restoring would change</summary>
          <WordDiff before={readableVersion(current)} after={readableVersion(offer)} beforeLabel="Now in the editor" afterLabel="Would be restored" />
        </details>
      </div>
      <span>
        <button type="button" onClick={onRestore}>{offer.source === 'journal' ? 'Restore the unsaved text' : 'Restore the autosave'}</button>{' '}
        <button type="button" className="link" onClick={onDiscard}>{offer.source === 'journal' ? 'Discard it' : 'Keep the saved version'}</button>
      </span>
    </div>
  );
}
