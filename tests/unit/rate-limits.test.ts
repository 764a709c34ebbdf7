// The per-client rate limit as the database counts it: a window per client, a wait in whole
// seconds once over, a fresh window after it closes, and no write for a refused request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { hitRateLimit } from '../../server/store/rate-limits.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limits-'));
const store = new SqliteStore(path.join(dataDir, 'site.db'));
afterAll(() => {
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the per-client rate limit', () => {
  it('allows a number of requests per window for each client, then says how long to wait', () => {
    let now = 1_000_000;
    const limit = { requests: 2, seconds: 60 };
    expect(hitRateLimit(store, 'a', limit, now)).toEqual({ allowed: true });
    expect(hitRateLimit(store, 'a', limit, now)).toEqual({ allowed: true });
    expect(hitRateLimit(store, 'b', limit, now)).toEqual({ allowed: true });
    now += 15_000;
    expect(hitRateLimit(store, 'a', limit, now)).toEqual({ allowed: false, retryAfter: 45 });
    const version = store.version();
    expect(hitRateLimit(store, 'a', limit, now + 1_000)).toEqual({ allowed: false, retryAfter: 44 });
    expect(store.version()).toBe(version);
    now += 45_000;
    expect(hitRateLimit(store, 'a', limit, now)).toEqual({ allowed: true });
    expect(hitRateLimit(store, 'a', limit, now)).toEqual({ allowed: true });
    expect(hitRateLimit(store, 'a', limit, now)).toEqual({ allowed: false, retryAfter: 60 });
  });
});
