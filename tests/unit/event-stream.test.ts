// Reading server-sent events as the network delivers them: events split across chunks
// anywhere (even inside a multi-byte character), CRLF line ends, several data lines.
import { describe, expect, it } from 'vitest';
import { parseEventStream } from '../../shared/event-stream.ts';
import { formatEvent } from '../../server/rest/event-stream.ts';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function read(chunks: Uint8Array[]) {
  const events = [];
  for await (const event of parseEventStream(streamOf(chunks))) events.push(event);
  return events;
}

describe('event streams', () => {
  const events = [
    { event: 'progress', data: { phase: 'pull', done: 3, total: 10, step: 'Reading “Café” posts' } },
    { event: 'done', data: null },
  ];
  const bytes = new TextEncoder().encode(events.map(formatEvent).join(''));

  it('reads the events the server writes, however the bytes are cut', async () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await read([bytes.slice(0, cut), bytes.slice(cut)]), `cut at ${cut}`).toEqual(events);
    }
    expect(await read(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toEqual(events);
  });

  it('takes CRLF line ends and data over several lines, and ignores comments and events without data', async () => {
    const text = ': keep-alive\r\n\r\nevent: progress\r\ndata: {"done":\r\ndata: 1}\r\n\r\nevent: empty\r\n\r\ndata: 2\r\n\r\n';
    expect(await read([new TextEncoder().encode(text)])).toEqual([{ event: 'progress', data: { done: 1 } }, { event: 'message', data: 2 }]);
  });
});
