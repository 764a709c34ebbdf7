// The recovered versions of an item: every text offered back on this computer (words the site
// never received, autosaves), restored, dismissed or still offered; any can be restored. Opened only
// where the item has some (the editor bar shows "Recovered" with their count then).
import { Dialog } from '../components/Dialog.tsx';
import { WordDiff } from '../components/WordDiff.tsx';
import { formatInstant, formatSiteDate, useSiteZone } from '../components/site-dates.ts';
import type { RecoveredVersion } from './journal.ts';
import { changesBesidesText, readableVersion, type TextVersion } from './text-version.ts';

const STATE_TEXT: Record<RecoveredVersion['state'], string> = { offered: 'offered, not chosen yet', dismissed: 'dismissed', restored: 'restored' };

interface Props {
  versions: RecoveredVersion[];
  current: TextVersion;
  onRestore(version: RecoveredVersion): void;
  onClose(): void;
}

export function RecoveredDialog({ versions, current, onRestore, onClose }: Props) {
  const zone = useSiteZone();
  return (
    <Dialog title="Recovered versions" subtitle={current.title} onClose={onClose}>
      <p>Versions kept on this computer that the site may not hold: words it never received, and autosaves that were offered back.</p>
      <ul className="recovered-versions">
        {versions.map((version) => (
          <li key={version.key}>
            <strong>{version.source === 'journal' ? 'Unsent changes' : 'Autosave'}</strong> of {formatInstant(new Date(version.at), zone)} · {STATE_TEXT[version.state]}
            {changesBesidesText(version, (local) => formatSiteDate(local, zone)).map((line) => <div key={line} className="muted">{line}</div>)}
            <details>
              <summary>Compare with the editor</summary>
              <WordDiff before={readableVersion(current)} after={readableVersion(version)} beforeLabel="Now in the editor" afterLabel="This version" />
            </details>
            <button type="button" onClick={() => onRestore(version)}>Restore this version</button>
          </li>
        ))}
      </ul>
      <div className="toolbar"><button type="button" onClick={onClose}>Close</button></div>
    </Dialog>
  );
}
