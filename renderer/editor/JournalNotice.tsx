// Changes made on this computer that the site never received (the app or the site stopped
// before they were sent): named on the list, so the writer finds them without remembering
// which item they were writing.
import { useEffect, useState } from 'react';
import { href, type PostKind } from '../routing/routes.ts';
import { isLocalId, journalledItems, onJournalChange } from './journal.ts';
import { formatInstant, useSiteZone } from '../components/site-dates.ts';

export function JournalNotice({ apiRoot, kind }: { apiRoot: string; kind: PostKind }) {
  const [items, setItems] = useState(() => journalledItems(apiRoot, kind));
  const zone = useSiteZone();
  // Words sent as the editor closed reach the site a moment after the list opens.
  useEffect(() => {
    const update = () => setItems(journalledItems(apiRoot, kind));
    update();
    return onJournalChange(update);
  }, [apiRoot, kind]);
  if (items.length === 0) return null;
  const noun = kind === 'pages' ? 'page' : 'post';
  return (
    <div className="notice" role="status" aria-label="Unsent words">
      <div>
        <span>Changes made on this computer that the site has not received yet. Open the {noun} to restore or set them aside:</span>
        <ul>
          {items.map((item) => (
            <li key={item.item}>
              <a href={isLocalId(item.item) ? `${href({ screen: 'edit', kind, id: null })}?local=${item.item}` : href({ screen: 'edit', kind, id: item.item })}>
                {item.title || (isLocalId(item.item) ? `A new ${noun} without a title` : `(${noun} without a title)`)}
              </a>
              <span className="muted"> · kept {formatInstant(new Date(item.at), zone)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
