// The desktop app's log file: what went wrong at start, with the stack, for a bug report
// (the dialog names the file; a packaged app has no terminal to print to).
import fs from 'node:fs';
import path from 'node:path';

export function logFailure(file: string, what: string, error: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  fs.appendFileSync(file, `${new Date().toISOString()} ${what}: ${detail}\n`);
}
