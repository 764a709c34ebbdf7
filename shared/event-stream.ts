// Reading a server-sent event stream with fetch, so the request can carry the client's
// credentials (EventSource cannot send an Authorization header).
import { SiteError, type SiteClient } from './site-client.ts';
import type { ErrorBody } from './site-types.ts';

export interface StreamedEvent<T = unknown> {
  event: string;
  data: T;
}

/** Splits the stream into events (blank-line separated), each with its name and JSON data. */
export async function* parseEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamedEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) yield { event, data: JSON.parse(data.join('\n')) };
    }
  }
}

/** Opens `route` of the client's site as an event stream; an error answer is thrown as a SiteError. */
export async function openEventStream(client: SiteClient, route: string, signal?: AbortSignal): Promise<AsyncGenerator<StreamedEvent>> {
  let response: Response;
  try {
    response = await fetch(client.url(route), { headers: { accept: 'text/event-stream', ...client.authHeaders() }, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new SiteError('network_error', 'The site could not be reached. Check that it is running and try again.', 0);
  }
  if (!response.ok || !response.body) {
    const error = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new SiteError(error.code ?? 'http_error', error.message ?? `The site answered ${response.status}.`, response.status, error.data);
  }
  return parseEventStream(response.body);
}
