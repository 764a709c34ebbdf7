// The rows of a list, virtualised: only the visible ones are in the page, so scrolling
// stays smooth however long the list is.
import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Post } from '../../shared/site-types.ts';
import { href, type PostKind } from '../routing/routes.ts';
import { statusName } from './status-name.ts';
import { formatSiteDateInList, useSiteZone } from '../components/site-dates.ts';

interface Props {
  kind: PostKind;
  items: Post[];
  selected: ReadonlySet<number>;
  failures: ReadonlyMap<number, string>;
  onToggle(id: number): void;
  onToggleAll(): void;
}

export function PostRows({ kind, items, selected, failures, onToggle, onToggleAll }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => 40, overscan: 10 });
  const zone = useSiteZone();
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <div className="rows" ref={scroller} style={{ height: items.length > 0 ? 'calc(100vh - 15rem)' : 'auto' }} role="table" aria-label={kind === 'pages' ? 'Pages' : 'Posts'} aria-rowcount={items.length}>
      <div className="row head" role="row">
        <input type="checkbox" aria-label="Select all" checked={allSelected} onChange={onToggleAll} />
        <span role="columnheader">Title</span>
        <span role="columnheader">Status</span>
        <span role="columnheader" className="date-cell">Date ({zone.label})</span>
      </div>
      <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
        {rows.getVirtualItems().map((virtual) => {
          const item = items[virtual.index];
          const title = item.title.raw || item.title.rendered || '(no title)';
          const failure = failures.get(item.id);
          return (
            <div
              key={item.id}
              role="row"
              className={failure ? 'row failed' : 'row'}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${virtual.start}px)` }}
            >
              <input type="checkbox" aria-label={`Select ${title}`} checked={selected.has(item.id)} onChange={() => onToggle(item.id)} />
              <span className="title" role="cell">
                <a href={href({ screen: 'edit', kind, id: item.id })}>{title}</a>
                {failure && <span className="muted"> — {failure}</span>}
              </span>
              <span role="cell">{statusName(item.status)}</span>
              <span role="cell" className="muted date-cell" title={formatSiteDateInList(item.date, zone)}>{formatSiteDateInList(item.date, zone)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
