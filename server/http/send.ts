// Bytes out: an API answer (whole, or streamed as it is produced) or an HTML page, written
// to the node:http response.
import type http from 'node:http';
import type { EncodedAnswer, StreamedAnswer } from '../rest/answers.ts';
import type { PageResponse } from '../site-context.ts';

export function send(res: http.ServerResponse, answer: EncodedAnswer, headOnly: boolean): void {
  res.statusCode = answer.status;
  for (const name in answer.headers) res.setHeader(name, answer.headers[name]);
  res.setHeader('content-length', answer.payload.length);
  res.end(headOnly ? undefined : answer.payload);
}

/** Writes chunks as they are produced; the producer is told to stop when the client leaves or the server closes. */
export async function sendStream(res: http.ServerResponse, answer: StreamedAnswer, headOnly: boolean, closing: AbortSignal): Promise<void> {
  res.statusCode = answer.status;
  for (const name in answer.headers) res.setHeader(name, answer.headers[name]);
  res.flushHeaders();
  if (headOnly) {
    res.end();
    return;
  }
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  const signal = AbortSignal.any([gone.signal, closing]);
  try {
    for await (const chunk of answer.body.produce(signal)) {
      if (signal.aborted) break;
      res.write(chunk);
    }
  } finally {
    res.end();
  }
}

export function sendPage(res: http.ServerResponse, page: PageResponse): void {
  res.statusCode = page.status;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.end(page.body);
}
