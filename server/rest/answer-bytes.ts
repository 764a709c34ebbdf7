// The bytes of a JSON answer and their ETag. A list of frozen items (built once per version
// and shared, as lists' post items are: post-view.ts) is the same bytes whenever the same
// items are listed in the same order, whatever URL asked for it: those bytes and their tag
// are made once and shared. An item changed is a new object, so a list holding it is new bytes.
import etag from 'etag';

/** A frozen item's JSON, and a number naming it in the keys of the lists that hold it. */
interface Piece {
  json: string;
  serial: number;
}

const pieces = new WeakMap<object, Piece>();
let nextSerial = 0;

function pieceOf(item: object): Piece {
  let piece = pieces.get(item);
  if (piece === undefined) pieces.set(item, (piece = { json: JSON.stringify(item), serial: ++nextSerial }));
  return piece;
}

const isFrozenObject = (item: unknown): item is object => typeof item === 'object' && item !== null && Object.isFrozen(item);

/** An answer's bytes, with their ETag made when first asked for. */
export class AnswerBytes {
  private tag: string | undefined;

  constructor(readonly payload: Buffer) {}

  /** A weak tag of the bytes: a list or the index has no version of its own to name. */
  get etag(): string {
    return (this.tag ??= etag(this.payload, { weak: true }));
  }
}

/** Lists' bytes kept: enough for the pages read most, bounded in count and in bytes. */
const MAX_LISTS = 500;
const MAX_LIST_BYTES = 8 * 1024 * 1024;
const lists = new Map<string, AnswerBytes>();
let listBytes = 0;

function keep(key: string, bytes: AnswerBytes): void {
  lists.set(key, bytes);
  listBytes += bytes.payload.length;
  for (const [oldKey, old] of lists) {
    if (lists.size <= MAX_LISTS && listBytes <= MAX_LIST_BYTES) break;
    lists.delete(oldKey);
    listBytes -= old.payload.length;
  }
}

function listOf(items: readonly object[]): AnswerBytes {
  const listed = items.map(pieceOf);
  const key = listed.map((piece) => piece.serial).join(',');
  const kept = lists.get(key);
  if (kept) {
    // Map order is insertion order: re-inserting marks it most recently used.
    lists.delete(key);
    lists.set(key, kept);
    return kept;
  }
  const bytes = new AnswerBytes(Buffer.from(`[${listed.map((piece) => piece.json).join(',')}]`));
  keep(key, bytes);
  return bytes;
}

/** JSON of answers' bodies made before their bytes (for their tag: answerJson), each taken once by answerBytes. */
const madeJson = new WeakMap<object, string>();

/**
 * JSON.stringify of an answer's body, made once for its tag and its bytes: a frozen item's is
 * kept with it (pieceOf); another's is handed to answerBytes, which takes it once.
 */
export function answerJson(body: unknown): string {
  if (isFrozenObject(body)) return pieceOf(body).json;
  const json = JSON.stringify(body) ?? '';
  if (typeof body === 'object' && body !== null) madeJson.set(body, json);
  return json;
}

/** `json`, JSON.stringify's bytes of `body` assembled from JSON made before (a batch's, of its answers'), for answerBytes to take. */
export function keepAnswerJson(body: object, json: string): void {
  madeJson.set(body, json);
}

/** The JSON answerJson made of `body`, if any, taken once; else made now. */
export function takeAnswerJson(body: unknown): string {
  if (isFrozenObject(body)) return pieceOf(body).json;
  const made = typeof body === 'object' && body !== null ? madeJson.get(body) : undefined;
  if (made === undefined) return JSON.stringify(body);
  madeJson.delete(body as object);
  return made;
}

/** JSON.stringify's bytes of `body`; a list of frozen items is assembled from their JSON, made once. */
export function answerBytes(body: unknown): AnswerBytes {
  if (Array.isArray(body) && body.length > 0 && body.every(isFrozenObject)) return listOf(body);
  if (!Array.isArray(body)) return new AnswerBytes(Buffer.from(takeAnswerJson(body)));
  return new AnswerBytes(Buffer.from(`[${body.map((item) => (isFrozenObject(item) ? pieceOf(item).json : JSON.stringify(item) ?? 'null')).join(',')}]`));
}
