// The offer of a version that never became the saved one (words kept on this computer, or an
// autosave on the site), with a preview of what restoring would change. It stays until the
// writer restores or dismisses it; a dismissed version stays in the recovered versions.
import { WordDiff } from '../components/WordDiff.tsx';
import type { RecoveredVersion } from './journal.ts';
import { changesBesidesText, readableVersion, type TextVersion } from './text-version.ts';
import { formatInstant, formatSiteDate, useSiteZone } from '../components/site-dates.ts';

interface Props {
  offer: RecoveredVersion;
  current: TextVersion;
  noun: string;
  /** Other versions offered for this item, shown after this one. */
  more: number;
  onRestore(): void;
  onDiscard(): void;
}

export function RestoreNotice({ offer, current, noun, more, onRestore, onDiscard }: Props) {
  const zone = useSiteZone();
  const at = formatInstant(new Date(offer.at), zone);
  const where = offer.source === 'journal'
    ? `Changes made on this computer that the site never received (kept ${at}).`
    : `There is an autosave of this ${noun} newer than the saved version (${at}).`;
  const settings = changesBesidesText(offer, (local) => formatSiteDate(local, zone));
  return (
    <div className="notice restore-offer" role="alert">
      <div>
        <span>{where}{more > 0 ? ` ${more} more kept after this one.` : ''}</span>
        {offer.title.trim() !== '' && <div>Titled <strong>{offer.title}</strong></div>}
        {settings.length > 0 && <ul className="offered-settings" aria-label="Settings it would restore">{settings.map((line) => <li key={line}>{line}</li>)}</ul>}
        <details>
          <summary>Show what restoring would change</summary>
          <WordDiff before={readableVersion(current)} after={readableVersion(offer)} beforeLabel="Now in the editor" afterLabel="Would be restored" />
        </details>
      </div>
      <span>
        <button type="button" onClick={onRestore}>{offer.source === 'journal' ? 'Restore the unsaved changes' : 'Restore the autosave'}</button>{' '}
        <button type="button" className="link" onClick={onDiscard}>{offer.source === 'journal' ? 'Not now (keep it in Recovered)' : 'Keep the saved version'}</button>
      </span>
    </div>
  );
}
