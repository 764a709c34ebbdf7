// A sync through the desktop app's routes, as its window starts and follows one.
import type { SiteClient } from '../../shared/site-client.ts';
import { openEventStream, type StreamedEvent } from '../../shared/event-stream.ts';

/** Reads a sync's event stream to its end. */
export async function followSync(client: SiteClient, siteId: string): Promise<StreamedEvent[]> {
  const events: StreamedEvent[] = [];
  for await (const event of await openEventStream(client, `inkwell/v1/sites/${siteId}/sync/progress`)) events.push(event);
  return events;
}

/** Starts a sync and reads its stream to the end; returns the last event's data. */
export async function syncToEnd(client: SiteClient, siteId: string): Promise<unknown> {
  await client.post(`inkwell/v1/sites/${siteId}/sync`, {});
  return (await followSync(client, siteId)).at(-1)?.data;
}
