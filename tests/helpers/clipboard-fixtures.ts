// The real clipboard captures in tests/fixtures/clipboard (made by clipboard-capture.ts), read by name.
import fs from 'node:fs';
import path from 'node:path';

export function clipboardFixture(name: string): string {
  return fs.readFileSync(path.join('tests', 'fixtures', 'clipboard', name), 'utf8');
}
