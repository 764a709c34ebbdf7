// A cache of serialised GET responses, per user and URL, valid while the database has not
// changed (Store.version). Lists and items read far more often than anything is written;
// a hit skips the query, the shaping and JSON.stringify.
import type { HeaderValue } from './types.ts';

export interface CachedResponse {
  status: number;
  headers: Record<string, HeaderValue>;
  payload: Buffer;
}

const MAX_ENTRIES = 2000;
const MAX_BYTES = 16 * 1024 * 1024;
/** Larger bodies are rare and cheap to rebuild relative to their size. */
export const MAX_CACHED_PAYLOAD = 1024 * 1024;

export class ResponseCache {
  private entries = new Map<string, CachedResponse>();
  private bytes = 0;
  private version = '';

  constructor(private readonly currentVersion: () => string) {}

  private checkVersion(): void {
    const now = this.currentVersion();
    if (now === this.version) return;
    this.entries.clear();
    this.bytes = 0;
    this.version = now;
  }

  get(key: string): CachedResponse | undefined {
    this.checkVersion();
    const entry = this.entries.get(key);
    if (entry) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Stores a response built at `version` (read before the request ran). */
  set(key: string, response: CachedResponse, version: string): void {
    this.checkVersion();
    if (version !== this.version || response.payload.length > MAX_CACHED_PAYLOAD) return;
    this.entries.set(key, response);
    this.bytes += response.payload.length;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= old.payload.length;
    }
  }
}
