// Server-sent events (text/event-stream) as a stream response: each event a name and a
// JSON payload, so a client can follow a long job (the desktop app's sync) as it runs.
import type { RestResponse } from './types.ts';
import { respondStream } from './response.ts';

export interface ServerEvent {
  event: string;
  data: unknown;
}

/** One event in the wire format: JSON has no raw newlines, so `data` is always one line. */
export function formatEvent({ event, data }: ServerEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function respondEvents(produce: (signal: AbortSignal) => AsyncIterable<ServerEvent>): RestResponse {
  return respondStream('text/event-stream; charset=utf-8', async function* (signal) {
    for await (const event of produce(signal)) yield formatEvent(event);
  });
}
