// Pages as a tree by parent and menu order, reordered by dragging (dnd-kit) or from the
// keyboard (Alt+arrows on a focused row): up and down among siblings, into the page above,
// out one level. A move shows at once, is saved through the site, and is undone on screen
// when the site refuses it; each move is announced to screen readers. Pages move only where
// all of them are shown (a filtered tree hides siblings whose order a move would cross).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent, type DragMoveEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Post } from '../../shared/site-types.ts';
import { href } from '../routing/routes.ts';
import { useClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { statusName } from './status-name.ts';
import { formatSiteDate, useSiteZone, type SiteZone } from '../components/site-dates.ts';
import { childrenOf, useAllPages } from './useAllPages.ts';
import { changesFor, dropPlacement, keyPlacement, treeRows, type KeyMove, type PageChange, type Placement, type TreeRow } from './tree-moves.ts';
import { savePageMoves } from './save-page-moves.ts';
import { EmptyList } from './EmptyList.tsx';
import type { StatusTab } from './list-options.ts';

/** How far right a level of the tree is drawn, and how far a drag must go to change level. */
const INDENT = 28;

const KEY_MOVES: Record<string, KeyMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' };

const titleOf = (page: Post | undefined) => page?.title.raw || '(no title)';

const INSTRUCTIONS = 'To move a page, drag it by its handle, or focus it and press Alt with an arrow key: up and down among its siblings, right to go under the page above, left to come out one level.';

function Row({ row, depth, pages, movable, zone, onKeyDown }: { row: TreeRow; depth: number; pages: number; movable: boolean; zone: SiteZone; onKeyDown(event: KeyboardEvent, id: number): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.page.id, disabled: !movable });
  const { page } = row;
  return (
    <li
      ref={setNodeRef}
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={pages > 0 ? true : undefined}
      aria-selected={false}
      data-page-id={page.id}
      className={isDragging ? 'tree-row dragging' : 'tree-row'}
      style={{ paddingLeft: depth * INDENT, transform: CSS.Translate.toString(transform), transition }}
      onKeyDown={(event) => onKeyDown(event, page.id)}
    >
      {movable && <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${titleOf(page)}`} tabIndex={-1}>⠿</button>}
      <a href={href({ screen: 'edit', kind: 'pages', id: page.id })}>{titleOf(page)}</a>
      <span className="tree-status" data-status={page.status}>{page.status === 'future' ? `Scheduled for ${formatSiteDate(page.date, zone)}` : statusName(page.status)}</span>
    </li>
  );
}

export function PageTree({ tab }: { tab: StatusTab }) {
  const { statuses } = tab;
  const movable = tab.label === 'All';
  const client = useClient();
  const queries = useQueryClient();
  const query = useAllPages(statuses);
  const zone = useSiteZone();
  const [error, setError] = useState<unknown>(null);
  const [waiting, setWaiting] = useState(0);
  const queue = useRef({ tail: Promise.resolve(), generation: 0 });
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<{ id: number; steps: number; over: number | null } | null>(null);
  const focusAfterMove = useRef<number | null>(null);
  const tree = useRef<HTMLUListElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  useEffect(() => {
    if (focusAfterMove.current === null) return;
    tree.current?.querySelector<HTMLElement>(`[data-page-id="${focusAfterMove.current}"] a`)?.focus();
    focusAfterMove.current = null;
  });

  if (query.error) return <ErrorNotice error={query.error} />;
  if (!query.data) return <p className="muted">Loading pages…</p>;
  if (query.data.length === 0) return <EmptyList kind="pages" tab={tab.label} search="" />;
  const pages = query.data;
  const children = childrenOf(pages);
  const rows = treeRows(children, dragging?.id ?? null);
  const key = ['page-tree', statuses];

  // The tree as it is now: a move made before the screen redrew after the last one (or after
  // a save answered its new dates) must start from that one, not from what was drawn.
  const pagesNow = () => queries.getQueryData<Post[]>(key) ?? pages;

  /**
   * Shows the move at once and queues its save behind the ones before it (each next move's
   * preconditions use the dates the last save answered). A refusal puts the tree back as it
   * was before the refused move, drops the moves queued after it, and says why.
   */
  const move = (id: number, placement: Placement) => {
    const before = pagesNow();
    const siblingsBefore = childrenOf(before);
    const changes: PageChange[] = changesFor(siblingsBefore, id, placement);
    if (changes.length === 0) return;
    void queries.cancelQueries({ queryKey: key });
    const changed = new Map(changes.map((change) => [change.id, change]));
    queries.setQueryData<Post[]>(key, before.map((page) => ({ ...page, ...changed.get(page.id) })));
    const under = placement.parent === 0 ? 'at the top' : `under ${titleOf(before.find((page) => page.id === placement.parent))}`;
    const siblings = (siblingsBefore.get(placement.parent) ?? []).filter((page) => page.id !== id).length + 1;
    const said = `${titleOf(before.find((page) => page.id === id))} moved ${under}, position ${placement.index + 1} of ${siblings}.`;
    setAnnouncement(`${said} Saving…`);
    setError(null);
    const saves = queue.current;
    const generation = saves.generation;
    setWaiting((count) => count + 1);
    const save: Promise<void> = saves.tail.then(async () => {
      try {
        if (generation !== saves.generation) return;
        const versionOf = (pageId: number) => queries.getQueryData<Post[]>(key)?.find((page) => page.id === pageId)?.modified_gmt;
        const versions = await savePageMoves(client, before, changes, versionOf);
        queries.setQueryData<Post[]>(key, (current) => current?.map((page) => ({ ...page, modified_gmt: versions.get(page.id) ?? page.modified_gmt })));
        setAnnouncement(`${said} Saved.`);
      } catch (failure) {
        saves.generation++;
        queries.setQueryData<Post[]>(key, before);
        setError(failure);
        setAnnouncement('The move was not saved; the tree is as it was.');
      } finally {
        setWaiting((count) => count - 1);
        // The site's own order once nothing is on its way (a read in between would undo moves on screen).
        if (saves.tail === save) {
          await queries.invalidateQueries({ queryKey: ['page-tree'] });
          await queries.invalidateQueries({ queryKey: ['list'] });
        }
      }
    });
    saves.tail = save;
  };

  const onKeyDown = (event: KeyboardEvent, id: number) => {
    const how = KEY_MOVES[event.key];
    if (!event.altKey || !how || !movable) return;
    event.preventDefault();
    const placement = keyPlacement(childrenOf(pagesNow()), id, how);
    if (!placement) {
      setAnnouncement(`${titleOf(pages.find((page) => page.id === id))} cannot move ${how === 'in' ? 'under the page above: there is none' : how === 'out' ? 'out: it is at the top' : how} from here.`);
      return;
    }
    focusAfterMove.current = id;
    move(id, placement);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const steps = Math.round(event.delta.x / INDENT);
    setDragging(null);
    if (!event.over) return;
    const { depth: _depth, ...placement } = dropPlacement(rows, Number(event.active.id), Number(event.over.id), steps);
    move(Number(event.active.id), placement);
  };

  const nameOf = (id: number | string) => titleOf(pages.find((page) => page.id === Number(id)));
  // While dragging, the dragged row is drawn at the depth it would drop at.
  const projected = dragging && dragging.over !== null ? dropPlacement(rows, dragging.id, dragging.over, dragging.steps).depth : null;
  return (
    <>
      <p className="muted tree-help">{movable ? INSTRUCTIONS : 'Pages are moved in the All tab, where every page is shown.'}</p>
      <ErrorNotice error={error} onDismiss={() => setError(null)} />
      <div className="visually-hidden tree-announcement" aria-live="polite" role="status">{announcement}</div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{
          screenReaderInstructions: { draggable: INSTRUCTIONS },
          // In titles, not dnd-kit's ids; the drop itself is announced with the move.
          announcements: {
            onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : `${nameOf(active.id)} is over no page.`),
            onDragEnd: () => undefined,
            onDragCancel: ({ active }) => `${nameOf(active.id)} was not moved.`,
          },
        }}
        onDragStart={(event: DragStartEvent) => setDragging({ id: Number(event.active.id), steps: 0, over: Number(event.active.id) })}
        onDragMove={(event: DragMoveEvent) => setDragging({ id: Number(event.active.id), steps: Math.round(event.delta.x / INDENT), over: event.over ? Number(event.over.id) : null })}
        onDragCancel={() => setDragging(null)}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={rows.map((row) => row.page.id)} strategy={verticalListSortingStrategy}>
          <ul className="tree" role="tree" aria-label="Page tree" aria-busy={waiting > 0} ref={tree}>
            {rows.map((row) => (
              <Row
                key={row.page.id}
                row={row}
                depth={row.page.id === dragging?.id && projected !== null ? projected : row.depth}
                pages={row.page.id === dragging?.id ? 0 : (children.get(row.page.id)?.length ?? 0)}
                movable={movable}
                zone={zone}
                onKeyDown={onKeyDown}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </>
  );
}
